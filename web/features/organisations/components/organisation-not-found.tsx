import { IconBuilding } from '@tabler/icons-react';
import { NotFoundState } from '../../../components/not-found-state';
import { ButtonLink } from '../../../components/router-link';

/** An unknown or deleted organisation uuid. */
export function OrganisationNotFound() {
  return (
    <NotFoundState
      icon={<IconBuilding size={28} />}
      title="Organisation not found"
      description="There is no organisation at this address. It may have been deleted."
      action={
        <ButtonLink to="/organisations" variant="light">
          Back to organisations
        </ButtonLink>
      }
    />
  );
}
