import { createHmac } from 'node:crypto';
import type { AppSecrets } from '../../infrastructure/secrets';

// The mailing list's subscribers (docs/site-chrome.md "Mailing list"): one stream per address, named by a keyed hash
// of the lower-cased address, never the address itself.

export const subscriberIdOf = (secrets: Pick<AppSecrets, 'emailLookupKey'>, address: string) =>
  createHmac('sha256', secrets.emailLookupKey).update(`mailing-list:${address.toLowerCase()}`).digest('base64url');
