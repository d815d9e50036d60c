import { Divider, Group, Pagination, Text } from '@mantine/core';
import { formatCount } from '../lib/format';

export const pageCount = (total: number, count: number) => Math.max(1, Math.ceil(total / count));

/** Below a server-paged table: "Showing 26–50 of 60 organisations" and the pages (none when the list is empty). */
export function ListFooter(props: { total: number; page: number; count: number; shown: number; noun: string; onPage(page: number): void }) {
  const { total, page, count, shown, noun, onPage } = props;
  if (total === 0) return null;
  const pages = pageCount(total, count);
  const first = (page - 1) * count + 1;
  return (
    <>
      <Divider />
      <Group justify="space-between" p="md" gap="sm">
        <Text size="sm" c="dimmed">
          {shown > 0 && pages > 1 ? `Showing ${first}–${first + shown - 1} of ${formatCount(total, noun)}` : formatCount(total, noun)}
        </Text>
        {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} size="sm" withEdges={pages > 5} />}
      </Group>
    </>
  );
}
