import { TableSkeleton } from '../../../components/table-skeleton';

/** Shown while the first page of bids loads. */
export function BidsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <TableSkeleton
      label="Loading bids"
      rows={rows}
      withHeading
      columns={[{ h: 12, w: 90 }, { h: 12, flex: 2 }, { h: 12, w: 70 }, { h: 12, w: 70 }, { h: 12, w: 70 }, { h: 12, flex: 1 }, { h: 12, w: 60 }]}
    />
  );
}
