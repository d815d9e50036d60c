import { TableSkeleton } from '../../../components/table-skeleton';

/** Shown while the first page of organisations loads. */
export function OrganisationsTableSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <TableSkeleton
      label="Loading organisations"
      rows={rows}
      withHeading
      columns={[{ h: 36, w: 36, radius: 'sm' }, { h: 12, flex: 2 }, { h: 12, flex: 1 }, { h: 12, flex: 1 }, { h: 12, w: 60 }, { h: 12, w: 80 }]}
    />
  );
}
