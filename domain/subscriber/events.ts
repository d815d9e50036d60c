// The mailing-list subscriber (docs/site-chrome.md "Mailing list"): one stream per address, `subscriber-<key>`, the
// key an HMAC of the lower-cased address (so a stream name never shows it). The address itself is personal data,
// encrypted with the subscriber's own key (infrastructure/event-store/personal-data-policy.ts).

/** POST /v1/subscriptions: the address joined the list. `email` is personal (crypto-shredded). */
export type MailingListSubscribed = {
  type: 'MailingListSubscribed';
  data: { subscriber_id: string; email: string; list: string; subscribed_at: string };
};

/** The address was erased with the user account that held it (docs/personal-data.md): it leaves every list. */
export type MailingListSubscriberErased = {
  type: 'MailingListSubscriberErased';
  data: { subscriber_id: string; erased_at: string };
};

export type SubscriberEvent = MailingListSubscribed | MailingListSubscriberErased;

export const subscriberEventTypes = ['MailingListSubscribed', 'MailingListSubscriberErased'] as const satisfies readonly SubscriberEvent['type'][];

export const subscriberStream = (subscriberId: string) => `subscriber-${subscriberId}`;
/** Whose key encrypts the address: the subscriber's own (a visitor has no user account). */
export const subscriberSubject = (subscriberId: string) => `subscriber-${subscriberId}`;
