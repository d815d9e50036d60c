import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { postStatusLabels } from '../../../../domain/post/dashboard';
import { urgencyLabels } from '../../../../domain/post/schemas';
import type { PostView } from '../../../../contracts/post';
import { DetailItem } from '../../../components/detail-item';
import { formatDate } from '../../../lib/format';

const statusColours: Partial<Record<PostView['status'], string>> = {
  active: 'teal',
  review: 'blue',
  processing: 'indigo',
  opportunity: 'grape',
  closed_won: 'green',
  closed_lost: 'orange',
  cancelled: 'red',
};

const orDash = (text: string) => text || '—';

/** The status block (spec 1 §2 "Post detail", hidden from providers): status, periods, priority and Auto-Declare. */
export function PostStatusBlock({ post }: { post: PostView }) {
  return (
    <Paper p="lg" withBorder data-testid="status-block">
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Status</Title>
          <Badge size="lg" color={statusColours[post.status] ?? 'gray'} data-testid="post-status">
            {postStatusLabels[post.status]}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <DetailItem label="Bidding ends">{orDash(formatDate(post.bidding_period_expiry_on))}</DetailItem>
          <DetailItem label="Review ends">{orDash(formatDate(post.review_bids_on))}</DetailItem>
          <DetailItem label="Expires">{orDash(formatDate(post.expiration_date))}</DetailItem>
          <DetailItem label="Priority">
            <span data-testid="post-priority">{post.prioritised ? 'Priority' : 'Normal'}</span>
          </DetailItem>
          <DetailItem label="Auto-Declare">
            <span data-testid="post-auto-declare">{post.auto_accept ? 'On' : 'Off'}</span>
          </DetailItem>
          <DetailItem label="Review extensions">{post.review_extensions}</DetailItem>
          <DetailItem label="Urgency">{post.urgency ? urgencyLabels[post.urgency] : '—'}</DetailItem>
          <DetailItem label="Origin">{post.origin === 'auction' ? 'Auction' : 'Comparison'}</DetailItem>
        </SimpleGrid>
        {post.reason_for_cancellation && (
          <Text size="sm">
            <Text span fw={600}>
              Reason for cancellation:{' '}
            </Text>
            {post.reason_for_cancellation}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
