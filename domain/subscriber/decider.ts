import { accept, assertNever, type Decider, type Decision, reject } from '../shared/decider';
import type { SubscriberCommand } from './commands';
import type { SubscriberEvent } from './events';
import { alreadySubscribedMessage } from './schemas';

export type SubscriberState = { status: 'none' } | { status: 'subscribed'; lists: readonly string[] };

export const subscriberErrors = { alreadySubscribed: 'ALREADY_SUBSCRIBED' } as const;

function decide(command: SubscriberCommand, state: SubscriberState): Decision<SubscriberEvent> {
  switch (command.type) {
    case 'Subscribe': {
      const { subscriber_id, email, list } = command.data;
      if (state.status === 'subscribed' && state.lists.includes(list)) return reject(subscriberErrors.alreadySubscribed, alreadySubscribedMessage(email));
      return accept({ type: 'MailingListSubscribed', data: { subscriber_id, email, list, subscribed_at: command.metadata.now } });
    }
    case 'EraseSubscriber':
      if (state.status === 'none') return accept();
      return accept({ type: 'MailingListSubscriberErased', data: { subscriber_id: command.data.subscriber_id, erased_at: command.metadata.now } });
    default:
      return assertNever(command);
  }
}

function evolve(state: SubscriberState, event: SubscriberEvent): SubscriberState {
  switch (event.type) {
    case 'MailingListSubscribed':
      return { status: 'subscribed', lists: [...(state.status === 'subscribed' ? state.lists : []), event.data.list] };
    case 'MailingListSubscriberErased':
      return { status: 'none' };
    default:
      return assertNever(event);
  }
}

export const subscriberDecider: Decider<SubscriberState, SubscriberCommand, SubscriberEvent> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
