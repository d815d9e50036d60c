import { Group, Paper, SegmentedControl, SimpleGrid, Stack } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { dealBoardColumns } from '../../../../domain/deal/stages';
import { PageHeader } from '../../../components/page-header';
import { ButtonLink } from '../../../components/router-link';
import { type DealFilter, type DealViewer } from '../deal-filters';
import { BiddingLimitsIndicator } from './bidding-limits-indicator';
import { DealColumn } from './deal-column';
import { DealsFilterBar } from './deals-filter-bar';

type Props = {
  view: 'board' | 'lost';
  viewer: DealViewer;
  /** The signed-in user: a provider sees its own bidding limits. */
  userUuid: string;
  filter: DealFilter;
  today: string;
  onApply: (filter: DealFilter) => void;
};

/**
 * The deals board (spec 1 §2 "Deals": accepted, contacted, applied, closed won, on hold) and the lost view (closed
 * lost with the reason), under the same filter form. Providers see their own deals and their bidding limits;
 * admins every deal, with the provider on each card.
 */
export function DealsScreen({ view, viewer, userUuid, filter, today, onApply }: Props) {
  const navigate = useNavigate();
  const [valid, setValid] = useState(true);
  const title = viewer === 'admin' ? 'Deals' : 'My Deals';
  const showProvider = viewer === 'admin';

  return (
    <>
      <PageHeader
        title={view === 'lost' ? 'Lost deals' : title}
        crumbs={view === 'lost' ? [title, 'Lost deals'] : [title]}
        actions={
          <Group gap="sm">
          {viewer === 'admin' && (
            // spec 1 §1: admins record deals made outside the auction (docs/external-deals.md).
            <ButtonLink to="/external-deal/$mode" params={{ mode: 'create' }} variant="light">
              Create external deal
            </ButtonLink>
          )}
          <SegmentedControl
            value={view}
            data={[
              { value: 'board', label: 'Board' },
              { value: 'lost', label: 'Lost deals' },
            ]}
            // The filter goes along: the two views answer the same question for different stages.
            onChange={(next) => void navigate({ to: next === 'lost' ? '/lost-deals' : '/deals', search: (previous) => previous })}
          />
          </Group>
        }
      />
      <Stack gap="md">
        {viewer === 'fsp' && <BiddingLimitsIndicator providerUuid={userUuid} />}
        <Paper>
          <DealsFilterBar viewer={viewer} filter={filter} today={today} onApply={onApply} onValidChange={setValid} />
        </Paper>
        {view === 'board' ? (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm">
            {dealBoardColumns.map((stage) => (
              <DealColumn key={stage} stage={stage} filter={filter} enabled={valid} showProvider={showProvider} />
            ))}
          </SimpleGrid>
        ) : (
          <DealColumn stage="closed_lost" filter={filter} enabled={valid} showProvider={showProvider} wide />
        )}
      </Stack>
    </>
  );
}
