import { TableSkeleton } from '../../../components/table-skeleton';

/** Shown while the first page of questions loads. */
export function QuestionsTableSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <TableSkeleton
      label="Loading questions"
      rows={rows}
      columns={[{ h: 12, w: 32 }, { h: 12, flex: 3 }, { h: 20, w: 40, radius: 'xl' }, { h: 12, w: 80 }, { h: 12, w: 160 }]}
    />
  );
}
