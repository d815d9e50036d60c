import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/router-link';
import { formatAud, formatDate } from '../../../lib/format';
import { newestPendingPostQuery } from '../api/own-posts';

/**
 * The dashboard of a customer still creating the first post (spec 1 §2: only Dashboard and Create Posts): the draft
 * to continue, or the way to start one. Nothing here asks for what such a customer may not read yet (the dashboards'
 * lists), so the first screen is never an error (docs/dashboards.md "The new customer's dashboard").
 */
export function FirstPostPanel() {
  const draft = useQuery(newestPendingPostQuery);
  if (draft.isPending) return null;
  const post = draft.data ?? null;
  return (
    <Paper p="lg" component="section" aria-label="Your first post">
      <Stack gap="sm" align="flex-start">
        <Title order={3} size="h4">
          {post ? 'Continue your post' : 'Create your first post'}
        </Title>
        <Text size="sm">
          {post
            ? `You started a post on ${formatDate(post.created_at)}${post.loan_amount === null ? '' : ` for a loan of ${formatAud(post.loan_amount)}`}. It is saved: continue where you left off.`
            : 'Describe the home loan you want; lenders and brokers then bid on it.'}
        </Text>
        <Text size="sm" c="dimmed">
          Once you publish it, lenders and brokers bid on it, and your dashboard shows the bids, messages and your profile.
        </Text>
        {post ? (
          <ButtonLink to="/create-post" search={{ post_uuid: post.uuid }}>
            Continue my post
          </ButtonLink>
        ) : (
          <ButtonLink to="/create-post">Create my post</ButtonLink>
        )}
      </Stack>
    </Paper>
  );
}
