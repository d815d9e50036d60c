import { Box, Divider, Paper } from '@mantine/core';
import { useRouterState } from '@tanstack/react-router';
import { IconInbox } from '@tabler/icons-react';
import { PageHeader } from '../../components/page-header';
import { useOutboxMessages } from '../../features/outbox/api/list-outbox-messages';
import { MailboxFilters } from '../../features/outbox/components/mailbox-filters';
import { MailboxTable } from '../../features/outbox/components/mailbox-table';
import { MailboxTableSkeleton } from '../../features/outbox/components/mailbox-table-skeleton';
import { type MailboxSearch, toListParams } from '../../features/outbox/mailbox-search';
import { ListBody } from '../../components/list-body';
import { ListFooter } from '../../components/list-footer';
import { mailboxRoute } from './mailbox.route';

function MailboxHeader() {
  return <PageHeader title="Mailbox" crumbs={['Mailbox']} />;
}

export function MailboxPending() {
  return (
    <>
      <MailboxHeader />
      <Paper>
        <MailboxTableSkeleton />
      </Paper>
    </>
  );
}

export function MailboxPage() {
  const search = mailboxRoute.useSearch();
  const navigate = mailboxRoute.useNavigate();
  const params = toListParams(search);
  const { data, isFetching } = useOutboxMessages(params);
  const reloading = useRouterState({ select: (state) => state.isLoading });

  const setSearch = (changes: Partial<MailboxSearch>) => void navigate({ search: (previous) => ({ ...previous, ...changes }) });

  const filtered = Boolean(params.filter.channel || params.filter.status || params.filter.recipient);

  return (
    <>
      <MailboxHeader />
      <Paper>
        <Box p="md">
          <MailboxFilters filters={search} onChange={(changes) => setSearch({ ...changes, page: undefined })} />
        </Box>
        <Divider />
        {/* Only a change of page or filter shows the overlay, not the background refresh. */}
        <ListBody
          loading={reloading || (isFetching && data.result.length === 0)}
          total={data.total_records}
          shown={data.result.length}
          empty={{
            icon: <IconInbox size={28} />,
            title: filtered ? 'No messages match these filters' : 'No messages yet',
            description: filtered ? 'Try another recipient or clear the filters.' : 'E-mails and SMS the product sends appear here.',
          }}
        >
          <MailboxTable
            messages={data.result}
            direction={params.direction}
            onSort={() => setSearch({ direction: params.direction === 'desc' ? 'asc' : undefined, page: undefined })}
          />
        </ListBody>
        <ListFooter
          total={data.total_records}
          page={params.page}
          count={params.count}
          shown={data.result.length}
          noun="message"
          onPage={(page) => setSearch({ page: page === 1 ? undefined : page })}
        />
      </Paper>
    </>
  );
}
