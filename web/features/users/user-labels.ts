import type { UserStatus, UserType } from '../../../domain/user/schemas';

/** "{Type}s" in the breadcrumbs and the list titles (spec 2 §2). */
export const userTypeLabels: Record<UserType, { one: string; many: string }> = {
  customer: { one: 'Customer', many: 'Customers' },
  fsp: { one: 'Provider', many: 'Providers' },
  admin: { one: 'Admin', many: 'Admins' },
};

export const userStatusLabels: Record<UserStatus, string> = {
  active: 'Active',
  inactive: 'Inactive',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
  creating: 'Creating',
};
