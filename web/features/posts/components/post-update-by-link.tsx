import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { PageHeader } from '../../../components/page-header';
import { ButtonLink } from '../../../components/router-link';
import { errorText } from '../../../lib/error-toast';
import { formatDate } from '../../../lib/format';
import { type LinkUpdateType, useUpdatePostByLink } from '../api/update-post-by-link';

const titles: Record<LinkUpdateType, string> = {
  extend_review_period: 'Extend the review period',
  cancel_automatic_selection: 'Cancel automatic selection',
};

/**
 * The page an e-mail link opens: it runs the update once, then says what happened (the spec's failure texts come
 * from the API) and links to the post.
 */
export function PostUpdateByLink({ postUuid, updateType, token }: { postUuid: string; updateType: LinkUpdateType; token?: string | undefined }) {
  // With the e-mail's signed token the update needs no log-in (docs/trade-mail.md).
  const update = useUpdatePostByLink(postUuid, token);
  const sent = useRef(false);
  useEffect(() => {
    // Once per page, also under StrictMode's double effects (a second extension would count against the limit).
    if (sent.current) return;
    sent.current = true;
    update.mutate(updateType);
  }, [update, updateType]);

  return (
    <>
      <PageHeader title={titles[updateType]} crumbs={['Posts', titles[updateType]]} />
      <Stack gap="md" maw={640}>
        {update.isPending || update.isIdle ? (
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text c="dimmed">One moment…</Text>
          </Group>
        ) : update.isSuccess ? (
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            {updateType === 'extend_review_period'
              ? `The review period has been extended until ${formatDate(update.data.review_bids_on)}.`
              : 'Automatic selection has been cancelled: no bid will be accepted for you automatically.'}
          </Alert>
        ) : (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorText(update.error)}
          </Alert>
        )}
        <Group>
          {/* A plain link: the post page is its own route (spec 1 §2 "/post/{uuid}"). */}
          <Anchor href={`/post/${encodeURIComponent(postUuid)}`}>Go to the post</Anchor>
          <ButtonLink to="/home" variant="default">
            Dashboard
          </ButtonLink>
        </Group>
      </Stack>
    </>
  );
}
