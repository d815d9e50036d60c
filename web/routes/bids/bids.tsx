import { Box, Divider, Group, Paper, Select } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { bidStatuses, bidStatusLabels } from '../../../domain/bid/schemas';
import { ListBody } from '../../components/list-body';
import { ListFooter, pageCount } from '../../components/list-footer';
import { PageHeader } from '../../components/page-header';
import { useBids } from '../../features/bids/api/list-bids';
import { type BidListSearch, toBidListParams } from '../../features/bids/bid-list-search';
import { BidsTable } from '../../features/bids/components/bids-table';
import { BidsTableSkeleton } from '../../features/bids/components/bids-table-skeleton';
import { useSession } from '../../lib/session';
import { bidsRoute, scopeOf } from './bids.route';

// spec 1 §2 "/bids": a provider's own bids (with view_all_within_organisation the organisation's, with their owner),
// every bid for an admin; customers go to the dashboard. 25 a page, newest first (spec 1 §9).

const statusOptions = bidStatuses.map((value) => ({ value, label: bidStatusLabels[value] }));

function BidsHeader() {
  const session = useSession();
  const title = session.user.user_type === 'admin' ? 'Bids' : 'My Bids';
  return <PageHeader title={title} crumbs={[title]} />;
}

export function BidsPending() {
  return (
    <>
      <BidsHeader />
      <Paper>
        <BidsTableSkeleton />
      </Paper>
    </>
  );
}

export function BidsPage() {
  const session = useSession();
  const search = bidsRoute.useSearch();
  const navigate = bidsRoute.useNavigate();
  const params = toBidListParams(search, scopeOf(session));
  const { data, isFetching } = useBids(params);
  const reloading = useRouterState({ select: (state) => state.isLoading });
  const setSearch = (changes: Partial<BidListSearch>) => void navigate({ search: (previous) => ({ ...previous, ...changes }) });
  const pages = pageCount(data.total_records, params.count);
  const showOwner = session.user.user_type === 'admin' || session.can('view_all_within_organisation');

  return (
    <>
      <BidsHeader />
      <Paper>
        <Group p="md">
          <Select
            label="Status"
            placeholder="Any status"
            data={statusOptions}
            clearable
            w={220}
            value={search.status ?? null}
            onChange={(value) => setSearch({ status: bidStatuses.find((status) => status === value), page: undefined })}
          />
        </Group>
        <Divider />
        <Box>
          <ListBody
            loading={reloading || isFetching}
            total={data.total_records}
            shown={data.result.length}
            empty={{
              icon: <IconReceipt size={28} />,
              title: params.status ? `No ${bidStatusLabels[params.status].toLowerCase()} bids` : 'No bids yet',
              description: params.status ? 'Try another status or clear the filter.' : 'Bids appear here once they are placed on a post.',
            }}
            onLastPage={() => setSearch({ page: pages === 1 ? undefined : pages })}
          >
            <BidsTable
              bids={data.result}
              showOwner={showOwner}
              direction={params.direction}
              // The default order (newest first) keeps the address clean.
              onSort={() => setSearch({ direction: params.direction === 'desc' ? 'asc' : undefined, page: undefined })}
            />
          </ListBody>
        </Box>
        <ListFooter
          total={data.total_records}
          page={params.page}
          count={params.count}
          shown={data.result.length}
          noun="bid"
          onPage={(page) => setSearch({ page: page === 1 ? undefined : page })}
        />
      </Paper>
    </>
  );
}
