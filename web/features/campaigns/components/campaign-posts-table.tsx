import { Table, Text } from '@mantine/core';
import type { CampaignPostView } from '../../../../domain/campaign/schemas';
import { postStatusLabels } from '../../../../domain/post/dashboard';
import { DealStageBadge } from '../../../components/deal-stage';
import { AnchorLink } from '../../../components/router-link';
import { formatAud, formatDate } from '../../../lib/format';


/** The posts started through a campaign's link, newest first, with their deal. */
export function CampaignPostsTable({ posts }: { posts: readonly CampaignPostView[] }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table aria-label="Posts from this campaign">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started</Table.Th>
            <Table.Th>Post</Table.Th>
            <Table.Th>Loan amount</Table.Th>
            <Table.Th>Published</Table.Th>
            <Table.Th>Deal</Table.Th>
            <Table.Th>Deal value</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {posts.map((post) => (
              <Table.Tr key={post.post_uuid} data-testid="campaign-post-row">
                <Table.Td>{formatDate(post.started_at)}</Table.Td>
                <Table.Td>
                  {post.published_at ? (
                    <AnchorLink to="/post/$uuid" params={{ uuid: post.post_uuid }} size="sm">
                      {post.status ? postStatusLabels[post.status] : 'Deleted'}
                    </AnchorLink>
                  ) : (
                    <Text size="sm">Draft</Text>
                  )}
                </Table.Td>
                <Table.Td>{post.loan_amount === null ? '—' : formatAud(post.loan_amount)}</Table.Td>
                <Table.Td>{post.published_at ? formatDate(post.published_at) : '—'}</Table.Td>
                <Table.Td>{post.deal_stage ? <DealStageBadge stage={post.deal_stage} /> : '—'}</Table.Td>
                <Table.Td>{post.deal_value === null ? '—' : formatAud(post.deal_value)}</Table.Td>
              </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
