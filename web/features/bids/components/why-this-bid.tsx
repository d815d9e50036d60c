import { Accordion, Badge, Stack, Table, Text } from '@mantine/core';
import type { AutoBidWhyView } from '../../../../contracts/bid';
import { replacedBidReason } from '../../../../domain/bid/auto-bid';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/router-link';
import { formatDate, formatRate } from '../../../lib/format';
import { bidQueryOptions } from '../api/get-bid';
import { bidNameOf } from '../bid-name';

// docs/auto-bidding.md "Why this bid": the rule trace an auto-bid keeps, for its provider, admins and those of its
// organisation who may open its template (the answer leaves it out for everyone else, so nothing shows for them).

const stepLabels: Record<string, string> = {
  qualifying: 'Qualifying rule',
  location: 'Location',
  conditional: 'Conditional rule',
  bid: 'Bid bounds',
  lvr: 'LVR check',
};

/** What a rule did: a conditional rule's change (or why it did not apply), else whether it passed. */
const resultOf = (entry: NonNullable<AutoBidWhyView['trace']>[number]) => entry.detail ?? (entry.passed ? 'Passed' : 'Not met');

/**
 * An earlier bid the auto-bid replaced, named as the bid screens name it, with when it was placed and its comparison
 * rate (read from the bid: the why keeps its id only). One the reader may no longer open is named without a link.
 */
function ReplacedBid({ uuid }: { uuid: string }) {
  const { data, isError } = useQuery(bidQueryOptions(uuid));
  if (isError) return <>an earlier bid</>;
  return (
    <AnchorLink to="/post/bid/$uuid/$mode" params={{ uuid, mode: 'view' }} data-testid="replaced-bid">
      {data ? `${bidNameOf(data)}, placed ${formatDate(data.created_at)}, comparison rate ${formatRate(data.comparison_rate)}` : 'an earlier bid'}
    </AnchorLink>
  );
}

export function WhyThisBid({ why }: { why: AutoBidWhyView }) {
  return (
    <Accordion variant="contained" data-testid="why-this-bid">
      <Accordion.Item value="why">
        <Accordion.Control>Why this bid</Accordion.Control>
        <Accordion.Panel>
          <Stack gap="sm">
            <Text size="sm">
              {why.bid_action === 'replace' ? (
                <>
                  <Badge variant="light" mr="xs">
                    Replaced
                  </Badge>
                  Better for the customer than your earlier {why.replaces.length === 1 ? 'bid' : 'bids'} on this post, which{' '}
                  {why.replaces.length === 1 ? 'was' : 'were'} cancelled ('{replacedBidReason}'):{' '}
                  {why.replaces.map((uuid, index) => (
                    <span key={uuid}>
                      {index > 0 && ', '}
                      <ReplacedBid uuid={uuid} />
                    </span>
                  ))}
                  .
                </>
              ) : (
                <>
                  <Badge variant="light" mr="xs">
                    New
                  </Badge>
                  You held no other active bid on this post.
                </>
              )}
            </Text>
            {why.trace === null ? (
              <Text size="sm" c="dimmed">
                The rules it was placed by are no longer shown: the post's customer was deleted.
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={640}>
                <Table striped withTableBorder data-testid="why-this-bid-rules">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Step</Table.Th>
                      <Table.Th>Rule</Table.Th>
                      <Table.Th>The post</Table.Th>
                      <Table.Th>The template</Table.Th>
                      <Table.Th>Result</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {why.trace.map((entry, index) => (
                      <Table.Tr key={index}>
                        <Table.Td>{stepLabels[entry.step] ?? entry.step}</Table.Td>
                        <Table.Td>{entry.rule}</Table.Td>
                        <Table.Td>{entry.post_value ?? '—'}</Table.Td>
                        <Table.Td>{entry.bound}</Table.Td>
                        <Table.Td>{resultOf(entry)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
