import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { reviewBody, unknownOrganisationMessage, type UserView } from '../../../../domain/user/schemas';
import { isApiError } from '../../../lib/api-error';
import { useOrganisationKnown } from '../api/organisation-options';
import { useReviewProvider } from '../api/review-provider';
import { approvalProblems } from '../provider-approval';
import { OrganisationSelect } from './organisation-select';
import { AnchorLink } from '../../../components/router-link';
import { messageRequired } from '../../../../domain/shared/messages';
import { longTextMaxLength } from '../../../../domain/shared/limits';

const failed = (error: unknown) => (isApiError(error) && error.status < 500 && error.detail ? error.detail : 'Please try again in a moment.');

/**
 * Approving a pending provider (spec 2 §5): the data must be valid ('User data is invalid!' with the fields to fix)
 * and the organisation known ("Organisation isn't in our database!"; the admin picks an existing one instead).
 */
export function ApproveProviderModal({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Approve the provider" size={560} centered>
      {user && <ApproveProvider user={user} onClose={onClose} />}
    </Modal>
  );
}

function ApproveProvider({ user, onClose }: { user: UserView; onClose: () => void }) {
  const named = user.fsp?.organisation.uuid ?? null;
  const known = useOrganisationKnown(named);
  const [chosen, setChosen] = useState<string | null>(null);
  const review = useReviewProvider();
  const problems = approvalProblems(user, new Date().getFullYear());
  const unknownOrganisation = named === null || known.data === false;
  const organisationUuid = chosen ?? (unknownOrganisation ? null : named);
  const ready = problems.length === 0 && organisationUuid !== null && (named === null || !known.isPending || chosen !== null);

  function approve() {
    if (!organisationUuid) return;
    review.mutate(
      { uuid: user.uuid, review: { status: 'approved', organisation_uuid: organisationUuid } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'FSP was approved!', message: `${user.full_name ?? 'The provider'} may now log in and complete the profile.` });
          onClose();
        },
        onError: (error) => notifications.show({ color: 'red', title: 'The provider was not approved', message: failed(error) }),
      },
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        <strong>{user.full_name}</strong> ({user.email}) signed up for <strong>{user.fsp?.organisation.name ?? 'Other'}</strong>.
      </Text>
      {problems.length > 0 && (
        <Alert color="orange" icon={<IconAlertTriangle />} title="User data is invalid!" data-testid="invalid-user-data">
          <Text size="sm">Fix highlighted fields to approve the user</Text>
          <List size="sm" mt="xs">
            {problems.map((problem) => (
              <List.Item key={problem.field}>
                <Text span c="red" fw={600} size="sm">
                  {problem.label}
                </Text>
                : {problem.message}
              </List.Item>
            ))}
          </List>
          <AnchorLink to="/user/$uuid/edit" params={{ uuid: user.uuid }} size="sm" mt="xs" display="inline-block">
            Edit the user
          </AnchorLink>
        </Alert>
      )}
      {unknownOrganisation && (
        <Alert color="orange" icon={<IconAlertTriangle />} title={unknownOrganisationMessage}>
          <Text size="sm">Create a new organisation or replace it with an existing one</Text>
        </Alert>
      )}
      {(unknownOrganisation || chosen !== null) && (
        <OrganisationSelect label="Existing organisation" value={chosen} currentName={null} onChange={setChosen} />
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="teal" onClick={approve} disabled={!ready} loading={review.isPending}>
          Approve
        </Button>
      </Group>
    </Stack>
  );
}

const rejection = reviewBody.options[1].shape.message;

/** Rejecting a pending provider needs a message (spec 2 §5), which the provider receives. */
export function RejectProviderModal({ user, onClose }: { user: UserView | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Reject the provider" size={560} centered>
      {user && <RejectProvider user={user} onClose={onClose} />}
    </Modal>
  );
}

function RejectProvider({ user, onClose }: { user: UserView; onClose: () => void }) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const review = useReviewProvider();

  function reject() {
    const checked = rejection.safeParse(message);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? messageRequired);
    review.mutate(
      { uuid: user.uuid, review: { status: 'rejected', message: checked.data } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: 'FSP was rejected with success', message: `${user.full_name ?? 'The provider'} was told why.` });
          onClose();
        },
        onError: (failure) => notifications.show({ color: 'red', title: 'The provider was not rejected', message: failed(failure) }),
      },
    );
  }

  return (
    <Stack gap="md">
      <Text size="sm">
        Tell <strong>{user.full_name}</strong> why the account is not approved.
      </Text>
      <Textarea
        label="Message"
        withAsterisk
        autosize
        minRows={3}
        maxLength={longTextMaxLength}
        value={message}
        error={error}
        onChange={(event) => {
          setMessage(event.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button color="red" onClick={reject} loading={review.isPending}>
          Reject
        </Button>
      </Group>
    </Stack>
  );
}
