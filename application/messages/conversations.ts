import { type ConversationState, conversationDecider, conversationErrors, conversationMessages, sideOf } from '../../domain/conversation/decider';
import type { ConversationCommand } from '../../domain/conversation/commands';
import { handleCommand, RememberedFolds } from '../../infrastructure/command-handler';
import type { EventStore } from '../../infrastructure/event-store/event-store';
import { derivedUuid } from '../../infrastructure/ids';
import { readSettings } from '../../infrastructure/system-settings';
import type { ConversationRow } from '../../projections/messages/messages';
import { type ConversationScope, findConversation } from '../../projections/messages/queries';
import { type Actor, type ActorRequest, contextOf } from '../caller';
import type { WorkflowDependencies } from '../dependencies';
import type { Refusal } from '../refusals';

// What the message workflows share (docs/messages.md): who reads a conversation, and running a conversation's
// command. Only its two parties and admins (with `view`) read it; anyone else learns nothing of it. Admins never write.

/** Read models the message workflows answer from. */
export const MESSAGE_READ_MODELS = ['messages'] as const;
/** Conversations whose folded stream a process keeps (their message ids and read markers; no text). */
const CONVERSATIONS_KEPT = 2000;

export const conversationNotFound: Refusal = { code: conversationErrors.notFound, message: conversationMessages.notFound };

/** One conversation per (post, provider): its id derives from both, so starting twice finds the same one. */
export const conversationIdOf = (postId: string, providerId: string) => derivedUuid('conversation', postId, providerId);

/** Whether chat is on (system configuration `messages`). */
export const chatEnabled = async (store: EventStore) => (await readSettings(store)).messages === 'active';

/** Whose conversations a list shows: the customer's, the provider's, or (admins) all. */
export const scopeOf = (actor: Actor): ConversationScope =>
  actor.userType === 'customer' ? { kind: 'customer', userId: actor.userId } : actor.userType === 'fsp' ? { kind: 'provider', userId: actor.userId } : { kind: 'all' };

/** The actor's side of a conversation; null for an admin or anyone else. */
export const sideOfActor = (actor: Actor, conversation: Pick<ConversationRow, 'customer_id' | 'provider_id'>) => sideOf({ user_id: actor.userId, user_type: actor.userType }, conversation);

/** The conversation when the actor may read it: a party, or an admin. */
export async function readableConversation(db: WorkflowDependencies['db'], actor: Actor, conversationId: string): Promise<ConversationRow | null> {
  const conversation = await findConversation(db, conversationId);
  return conversation && (actor.userType === 'admin' || sideOfActor(actor, conversation) !== null) ? conversation : null;
}

/** Each store's remembered conversation folds (one per process and store; a test may run several stores). */
const rememberedByStore = new WeakMap<EventStore, RememberedFolds<ConversationState>>();
function rememberedFor(store: EventStore): RememberedFolds<ConversationState> {
  let remembered = rememberedByStore.get(store);
  if (!remembered) rememberedByStore.set(store, (remembered = new RememberedFolds<ConversationState>(CONVERSATIONS_KEPT)));
  return remembered;
}

/** Runs a conversation command as the actor. */
export async function runConversationCommand(deps: Pick<WorkflowDependencies, 'store' | 'ids' | 'clock'>, request: ActorRequest, streamId: string, body: Omit<ConversationCommand, 'metadata'>) {
  const { store, ids, clock } = deps;
  const now = clock.now();
  // The body is one of the commands; only the metadata is added, so the union's member stays the same.
  const command = { ...body, metadata: { actor: { user_id: request.actor.userId, user_type: request.actor.userType }, now: now.toISOString() } } as ConversationCommand;
  return handleCommand({
    store,
    ids,
    streamId,
    decider: conversationDecider,
    command,
    context: contextOf(request, now),
    personalData: 'withhold', // the conversation's state keeps no text: no key to read, nothing to decrypt
    // A conversation's stream grows by one event per message: kept folded, only what others appended is read.
    remembered: rememberedFor(store),
  });
}
