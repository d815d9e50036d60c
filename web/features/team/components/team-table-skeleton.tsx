import { TableSkeleton } from '../../../components/table-skeleton';

/** Shown while the team loads. */
export function TeamTableSkeleton({ rows = 5 }: { rows?: number }) {
  return <TableSkeleton label="Loading the team" rows={rows} columns={[{ h: 12, flex: 2 }, { h: 12, flex: 2 }, { h: 12, w: 70 }, { h: 12, w: 80 }]} />;
}
