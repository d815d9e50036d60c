import { subscriberDecider } from '../../domain/subscriber/decider';
import { subscriberStream } from '../../domain/subscriber/events';
import { mailingListName } from '../../domain/subscriber/schemas';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import type { WorkflowDependencies } from '../dependencies';
import { subscriberIdOf } from './subscriber-id';

/** Subscribes an address to the mailing list (spec 1 §7 "Subscribe to mailing list"); twice is refused. */
export async function subscribe(deps: Pick<WorkflowDependencies, 'store' | 'ids' | 'secrets'>, email: string, context: CommandContext) {
  const subscriberId = subscriberIdOf(deps.secrets, email);
  const result = await handleCommand({
    store: deps.store,
    ids: deps.ids,
    streamId: subscriberStream(subscriberId),
    decider: subscriberDecider,
    command: { type: 'Subscribe', data: { subscriber_id: subscriberId, email, list: mailingListName }, metadata: { now: context.now.toISOString() } },
    context,
  });
  return result.ok ? { ok: true as const, position: result.position } : result;
}
