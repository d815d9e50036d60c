import { Table, Text } from '@mantine/core';
import type { SimulationView } from '../../../../contracts/auto-bidding-simulation';
import { placeOfWords } from '../../../../domain/auto-bidding-simulation/simulation';
import { AnchorLink } from '../../../components/router-link';
import { formatAud, formatDate, formatPercent } from '../../../lib/format';
import { postTitleOf } from '../../../lib/post-title';

// The posts a simulation matched: the bid the template would have placed (after its conditional rules) and the place
// it would have reached against the bids the post really got ('2nd of 5'). Each post is named by its loan and place
// (web/lib/post-title.ts); one deleted since has no page to open.

type Props = { matched: NonNullable<SimulationView['result']>['matched'] };

export function SimulationMatchedTable({ matched }: Props) {
  if (matched.length === 0) return <Text size="sm">No post of the period meets the template’s rules.</Text>;
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped aria-label="Matched posts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Post</Table.Th>
            <Table.Th>Published</Table.Th>
            <Table.Th ta="right">Loan amount</Table.Th>
            <Table.Th ta="right">LVR</Table.Th>
            <Table.Th ta="right">Interest rate</Table.Th>
            <Table.Th ta="right">Comparison rate</Table.Th>
            <Table.Th>Would have ranked</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {matched.map((post) => (
            <Table.Tr key={post.post_id}>
              <Table.Td>
                {post.post ? (
                  <AnchorLink to="/post/$uuid" params={{ uuid: post.post_id }} size="sm">
                    {postTitleOf({ ...post.post, loan_amount: post.loan_amount })}
                  </AnchorLink>
                ) : (
                  <Text size="sm" c="dimmed">
                    A deleted post
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDate(post.published_at)}</Table.Td>
              <Table.Td ta="right">{post.loan_amount === null ? '' : formatAud(post.loan_amount)}</Table.Td>
              <Table.Td ta="right">{post.lvr === null ? '' : formatPercent(post.lvr)}</Table.Td>
              <Table.Td ta="right">{formatPercent(post.interest_rate)}</Table.Td>
              <Table.Td ta="right">{formatPercent(post.comparison_rate)}</Table.Td>
              <Table.Td>{placeOfWords(post)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
