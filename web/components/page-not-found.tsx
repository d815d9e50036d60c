import { Center, EmptyState, Text } from '@mantine/core';
import { ButtonLink } from './router-link';

/** The page-not-found content; public on its own, inside the shell for 'dashboard' paths (spec 1 §2). */
export function PageNotFound() {
  return (
    <Center mih="60vh" p="md">
      <EmptyState
        icon={
          <Text fw={800} fz={28} c="blue">
            404
          </Text>
        }
        variant="light"
        size="lg"
        title="Page not found"
        description="The page you are looking for does not exist or has been moved."
      >
        <EmptyState.Actions>
          <ButtonLink to="/">Take me home</ButtonLink>
        </EmptyState.Actions>
      </EmptyState>
    </Center>
  );
}
