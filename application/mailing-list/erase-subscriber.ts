import { subscriberDecider } from '../../domain/subscriber/decider';
import { subscriberStream, subscriberSubject } from '../../domain/subscriber/events';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import type { PersonalDataEventStore } from '../../infrastructure/event-store/personal-data';
import type { Ids } from '../../infrastructure/ids';
import type { AppSecrets } from '../../infrastructure/secrets';
import { subscriberIdOf } from './subscriber-id';

/**
 * A deleted user's address leaves the mailing list (docs/personal-data.md "Where personal data lives"): the
 * subscriber's key is erased first, then the subscriber's stream records it, so a request that fails half-way
 * repeats both. Nothing happens for an address that never subscribed.
 */
export async function eraseSubscriber(deps: { store: PersonalDataEventStore; ids: Ids; secrets: Pick<AppSecrets, 'emailLookupKey'> }, address: string, context: CommandContext): Promise<void> {
  const subscriberId = subscriberIdOf(deps.secrets, address);
  await deps.store.erase(subscriberSubject(subscriberId));
  const erased = await handleCommand({
    store: deps.store,
    ids: deps.ids,
    streamId: subscriberStream(subscriberId),
    decider: subscriberDecider,
    command: { type: 'EraseSubscriber', data: { subscriber_id: subscriberId }, metadata: { now: context.now.toISOString() } },
    context,
    personalData: 'withhold', // the state keeps only the lists
  });
  if (!erased.ok) throw new Error(`Erasing a subscriber failed: ${erased.error.code}`);
}
