/** A visitor subscribes an address; `now` is when (ISO instant), `subscriber_id` the keyed address. */
export type Subscribe = {
  type: 'Subscribe';
  data: { subscriber_id: string; email: string; list: string };
  metadata: { now: string };
};

/** The address's user account was deleted: the subscriber leaves every list (nothing to do when not subscribed). */
export type EraseSubscriber = {
  type: 'EraseSubscriber';
  data: { subscriber_id: string };
  metadata: { now: string };
};

export type SubscriberCommand = Subscribe | EraseSubscriber;
