import { TableSkeleton } from '../../../components/table-skeleton';

const columns = [{ h: 12, flex: 2 }, { h: 18, w: 70 }, { h: 12, flex: 1 }, { h: 12, flex: 1 }, { h: 12, w: 40 }, { h: 18, w: 70 }, { h: 12, flex: 1 }, { h: 12, flex: 2 }] as const;

/** Stands in for a dashboard table while its first page loads. */
export function PostsTableSkeleton({ label, rows = 6 }: { label: string; rows?: number }) {
  return <TableSkeleton label={label} rows={rows} columns={columns} withHeading />;
}
