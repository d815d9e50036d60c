import { EmptyState, Paper } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { ButtonLink } from '../../../components/router-link';

/** An unknown or deleted organisation uuid. */
export function OrganisationNotFound() {
  return (
    <Paper p="xl">
      <EmptyState
        icon={<IconBuilding size={28} />}
        variant="light"
        color="gray"
        title="Organisation not found"
        description="There is no organisation at this address. It may have been deleted."
      >
        <EmptyState.Actions>
          <ButtonLink to="/organisations" variant="light">
            Back to organisations
          </ButtonLink>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
