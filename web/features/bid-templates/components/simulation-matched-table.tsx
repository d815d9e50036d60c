import { Table, Text } from '@mantine/core';
import type { SimulationView } from '../../../../contracts/auto-bidding-simulation';
import { placeOfWords } from '../../../../domain/auto-bidding-simulation/simulation';
import { AnchorLink } from '../../../components/router-link';
import { formatAud, formatDate, formatPercent } from '../../../lib/format';

// The posts a simulation matched: the bid the template would have placed (after its conditional rules) and the place
// it would have reached against the bids the post really got ('2nd of 5').

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
                <AnchorLink to="/post/$uuid" params={{ uuid: post.post_id }} size="sm">
                  {post.post_id.slice(0, 8)}
                </AnchorLink>
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
