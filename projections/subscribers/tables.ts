// The table `createTables` in subscribers.ts makes. Handlers write it in the build's schema and the API reads
// the views of the same names in `public` (projections/projection.ts): queries name them plainly.

export interface MailingListSubscribersTable {
  subscriber_id: string;
  list: string;
  email: string | null;
  subscribed_at: Date;
}

/** Joined into `DatabaseSchema` by projections/read-models.ts. */
export interface SubscribersTables {
  mailing_list_subscribers: MailingListSubscribersTable;
}
