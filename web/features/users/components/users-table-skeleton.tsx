import { TableSkeleton } from '../../../components/table-skeleton';

/** Shown while a users list loads. */
export function UsersTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <TableSkeleton
      label="Loading users"
      rows={rows}
      withHeading
      columns={[{ h: 32, w: 32, circle: true }, { h: 12, flex: 2 }, { h: 12, flex: 2 }, { h: 12, flex: 1 }, { h: 12, w: 70 }, { h: 12, w: 80 }]}
    />
  );
}
