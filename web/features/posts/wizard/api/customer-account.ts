import { type CustomerRegistration, newCustomerAnswer } from '../../../../../domain/user/customer-account';
import { userView } from '../../../../../domain/user/schemas';
import { ApiError } from '../../../../lib/api-error';
import { apiFetch } from '../../../../lib/api-fetch';
import { readTokens, requestTokens } from '../../../../lib/auth-tokens';

// The wizard's customer (spec 2 §2, §7): a visitor gets an account without personal data on the first save and is
// logged in by its user key; the overview completes it with name, e-mail, a mobile number proved by SMS and a
// password.

export type WizardCustomer = { uuid: string; status: string };

/** Logs in with the key of the incomplete-post e-mail's link (`grant_type=user_key`); false when the key is refused. */
export async function logInByUserKey(userKey: string): Promise<boolean> {
  return (await requestTokens({ grant_type: 'user_key', user_key: userKey })).ok;
}

/**
 * The customer the post belongs to: the logged-in customer, or a new account made now (`POST /v2/users`) and logged
 * in by its key. `made` tells whether the wizard made it (a reset then logs it out).
 */
export async function ensureCustomer(): Promise<WizardCustomer & { made: boolean }> {
  if (readTokens()) {
    const me = await currentUser();
    if (me.user_type !== 'customer') {
      throw new ApiError({ status: 403, title: 'Forbidden', detail: 'Posts are created by customers. Log out to create a post.' });
    }
    return { uuid: me.uuid, status: me.status, made: false };
  }
  const created = await apiFetch('/v2/users', { method: 'POST', body: { user: { user_type: 'customer' } }, schema: newCustomerAnswer });
  const tokens = await logInByUserKey(created.user_key);
  if (!tokens) throw new ApiError({ status: 502, title: 'Log-in failed', detail: 'Your account was made but could not log in. Please try again.' });
  return { uuid: created.uuid, status: 'creating', made: true };
}

export function currentUser() {
  return apiFetch('/v1/users/me', { schema: userView });
}

/** `PATCH /v2/users/{uuid} {operation: 'update', user}`: the account's details, at the overview. */
export function registerCustomer(uuid: string, user: CustomerRegistration) {
  return apiFetch(`/v2/users/${encodeURIComponent(uuid)}`, { method: 'PATCH', body: { operation: 'update', user }, schema: userView });
}
