import { IconMailOff } from '@tabler/icons-react';
import { NotFoundState } from '../../../components/not-found-state';
import { ButtonLink } from '../../../components/router-link';

/** An unknown message id. */
export function MessageNotFound() {
  return (
    <NotFoundState
      icon={<IconMailOff size={28} />}
      title="Message not found"
      description="There is no message at this address."
      action={
        <ButtonLink to="/mailbox" variant="light">
          Back to the mailbox
        </ButtonLink>
      }
    />
  );
}
