import { z } from 'zod';
import { aclNumber, lenderSince, membershipValue, personName, phoneNumber, providerTypes, type UserView } from '../../../domain/user/schemas';
import { required } from '../../../domain/shared/messages';

// spec 2 §5: approving a pending provider needs valid user data (else 'User data is invalid!' with the fields to
// fix highlighted) and a known organisation. The data is checked with the sign-up rules it was entered with.

const labels = {
  first_name: 'First name',
  last_name: 'Last name',
  mobile_number: 'Mobile number',
  provider_type: 'Provider type',
  membership_type: 'Membership type',
  membership_value: 'Membership number',
  acl_number: 'ACL number',
  lender_since: 'Lender since',
} as const;
export type ApprovalField = keyof typeof labels;
export type ApprovalProblem = { field: ApprovalField; label: string; message: string };

function approvalData(currentYear: number) {
  return z.object({
    first_name: personName,
    last_name: personName,
    mobile_number: phoneNumber,
    provider_type: z.enum(providerTypes, { error: required }),
    membership_type: z.string({ error: required }).trim().min(1, required),
    membership_value: membershipValue,
    acl_number: aclNumber,
    lender_since: lenderSince(currentYear).nullable(),
  });
}

/** The fields that keep the provider from being approved, with the rule's message; empty when the data is valid. */
export function approvalProblems(user: UserView, currentYear: number): ApprovalProblem[] {
  const checked = approvalData(currentYear).safeParse({
    first_name: user.first_name,
    last_name: user.last_name,
    mobile_number: user.mobile_number,
    provider_type: user.fsp?.provider_type,
    membership_type: user.fsp?.membership_type,
    membership_value: user.fsp?.membership_value,
    acl_number: user.fsp?.acl_number,
    lender_since: user.fsp?.lender_since ?? null,
  });
  if (checked.success) return [];
  const seen = new Set<ApprovalField>();
  return checked.error.issues.flatMap((issue) => {
    const field = issue.path[0] as ApprovalField;
    if (seen.has(field)) return [];
    seen.add(field);
    return [{ field, label: labels[field], message: issue.message }];
  });
}
