import { TableSkeleton } from '../../../components/table-skeleton';

/** Shown while the first page of the mailbox loads. */
export function MailboxTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <TableSkeleton
      label="Loading messages"
      rows={rows}
      columns={[{ h: 12, w: 140 }, { h: 12, w: 60 }, { h: 12, flex: 1 }, { h: 12, flex: 2 }, { h: 12, w: 60 }]}
    />
  );
}
