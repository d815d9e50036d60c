import { Box, Button, EmptyState, LoadingOverlay } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** Another page or filter is loading: the rows dim under a small spinner. */
  loading: boolean;
  total: number;
  /** How many rows this page has; with none, the empty state shows instead of the table. */
  shown: number;
  /** What an empty list says; a page past the end of a list that has rows says so itself. */
  empty: { icon: ReactNode; title: string; description: string; action?: ReactNode };
  /** Offered on a page past the end (rows were removed while the page was open). */
  onLastPage?: () => void;
  /** The table of this page's rows. */
  children: ReactNode;
};

/** The rows of a server-paged list between its filters and its ListFooter, or why there are none. */
export function ListBody({ loading, total, shown, empty, onLastPage, children }: Props) {
  const pastEnd = total > 0;
  return (
    <Box pos="relative" mih={shown > 0 ? undefined : 160}>
      <LoadingOverlay visible={loading} loaderProps={{ size: 'sm' }} overlayProps={{ blur: 1 }} zIndex={5} />
      {shown > 0 ? (
        children
      ) : (
        <EmptyState
          py="xl"
          icon={empty.icon}
          withIndicatorBackground
          title={pastEnd ? 'This page is empty' : empty.title}
          description={pastEnd ? 'The list has fewer pages now.' : empty.description}
        >
          {pastEnd && onLastPage && (
            <EmptyState.Actions>
              <Button variant="light" onClick={onLastPage}>
                Go to the last page
              </Button>
            </EmptyState.Actions>
          )}
          {!pastEnd && empty.action && <EmptyState.Actions>{empty.action}</EmptyState.Actions>}
        </EmptyState>
      )}
    </Box>
  );
}
