import { z } from 'zod';
import { email } from '../user/schemas';

// The mailing list (spec 1 §1, §7 "Subscribe to mailing list", §8): a visitor leaves an e-mail address; the product
// keeps its own list. docs/site-chrome.md "Mailing list".

export const mailingListName = 'Home Loans';

/** POST /v1/subscriptions. */
export const subscribeBody = z.strictObject({ email });
export type SubscribeBody = z.infer<typeof subscribeBody>;

export const subscribedAnswer = z.object({ message: z.string() });

/** The success text shown under the form (the spec names none). */
export const subscribedMessage = `Thank you for subscribing to our ${mailingListName} newsletter!`;

/** Where the 'already subscribed' message's link leads: the subscriber's own settings live in the profile. */
export const updateProfilePath = '/profile-edit';

/** The server's 'already subscribed' message: text, then a link (spec 1 §1). */
export const alreadySubscribedMessage = (address: string) =>
  `${address} is already subscribed to list ${mailingListName}. <a href="${updateProfilePath}">Click here to update your profile</a>`;

/** spec 1 §1: for an 'already subscribed' error only the text before the link is shown. */
export function textBeforeLink(message: string): string {
  const link = message.search(/<a[\s>]/i);
  return (link === -1 ? message : message.slice(0, link)).trim();
}
