import { Badge } from '@mantine/core';
import type { UserStatus } from '../../domain/user/schemas';

// spec 1 §4 "User statuses"; `creating` is a customer still making the first post.
export const userStatusLabels: Record<UserStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
  creating: 'Creating',
};
const colours: Record<UserStatus, string> = {
  active: 'teal',
  inactive: 'gray',
  pending: 'yellow',
  approved: 'blue',
  rejected: 'red',
  suspended: 'orange',
  creating: 'gray',
};

/** A user's status as a small coloured label (the providers of an organisation, the team). */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  return (
    <Badge color={colours[status]} variant="light" radius="sm">
      {userStatusLabels[status]}
    </Badge>
  );
}
