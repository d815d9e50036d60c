import { bidPosts } from '../bids/bid-posts';
import { placeBidWorkflow } from '../bids/place-bid';
import type { AutoBiddingActivated, AutoBiddingStopReason } from '../../domain/bid-template/auto-bidding';
import { systemTemplateActor } from '../../domain/bid-template/commands';
import { bidTemplateDecider } from '../../domain/bid-template/decider';
import { bidTemplateStream } from '../../domain/bid-template/events';
import { evaluateTemplate, type TemplateRules } from '../../domain/bid-template/evaluation';
import { postRuleFactsOf } from '../../domain/bid-template/post-rule-facts';
import type { LocationListType } from '../../domain/bid-template/rules';
import { bidDecider, bidErrors } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import { bidWarningCodes } from '../../domain/bid/rules';
import type { BidForm } from '../../domain/bid/schemas';
import { postDecider } from '../../domain/post/decider';
import { type PostPublished, postStream } from '../../domain/post/events';
import type { AutoBidsOnPostChanged } from '../../domain/post/lifecycle';
import { findProduct } from '../../domain/product/products';
import { effectivePermissions } from '../../domain/user/permissions';
import { systemClock } from '../../infrastructure/clock';
import { handleCommand, loadState } from '../../infrastructure/command-handler';
import type { Database } from '../../infrastructure/database/database';
import type { EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store';
import { derivedUuid, randomIds } from '../../infrastructure/ids';
import { biddersOf } from '../../projections/bids/queries';
import type { Reactor } from '../../projections/projection';
import type { BidTemplatesTable } from '../../projections/bid-templates/tables';

// The auto-bidder (issue 29 item 2, docs/bid-templates.md "The auto-bidder"): when a post is published, every template
// whose auto-bidding was active at that moment and whose evaluation qualifies places one bid through the hand-placed
// bid's workflow (the LVR block, bounds, permissions, bidding limits and the post's status all apply). A first
// activation with the scope open_posts, and a rescan, bid on the posts open then. The bid's id derives from template
// and post, so a replay, a retried batch or a crash never bids twice; a refusal is reported and not retried. A refusal
// that outlasts the post (the provider suspended, a bidding limit maxed) stops the template (`StopAutoBidding`).

/** One auto-bid's id: the same template and post always name the same bid, whichever trigger placed it. */
export const autoBidIdOf = (templateId: string, postId: string) => derivedUuid('auto-bid', templateId, postId);

export type AutoBidOutcome =
  | { outcome: 'placed'; template_id: string; post_id: string; bid_id: string }
  | { outcome: 'already_placed'; template_id: string; post_id: string; bid_id: string }
  | { outcome: 'not_qualified'; template_id: string; post_id: string; reason: string }
  | { outcome: 'refused'; template_id: string; post_id: string; bid_id: string; code: string; message: string }
  | { outcome: 'stopped'; template_id: string; post_id: string; reason: AutoBiddingStopReason };

export type AutoBidderOptions = { /** Every template-and-post outcome (the registry logs the refusals). */ report?: (outcome: AutoBidOutcome) => void };

const DAY_MS = 86_400_000;

export type TemplateRow = Pick<
  BidTemplatesTable,
  'uuid' | 'owner_id' | 'details' | 'qualifying_rules' | 'conditional_rules' | 'location_list_type' | 'location_rules' | 'expiry_on' | 'valid_for' | 'created_at'
>;
export const templateColumns = ['uuid', 'owner_id', 'details', 'qualifying_rules', 'conditional_rules', 'location_list_type', 'location_rules', 'expiry_on', 'valid_for', 'created_at'] as const;

/** The moment the template's current activation was ticked: its expiry less its validity (auto-bidding.ts). */
const activatedAt = (row: TemplateRow) => (row.expiry_on && row.valid_for !== null ? row.expiry_on.getTime() - row.valid_for * DAY_MS : Number.POSITIVE_INFINITY);

/** The template's rules and bid as the evaluation takes them; the bid names its template. */
export function rulesOf(row: TemplateRow): TemplateRules {
  const { name: _name, ...bid } = row.details;
  return {
    bid: { ...bid, home_loan_bid_template_uuid: row.uuid } as BidForm,
    qualifying_rules: row.qualifying_rules,
    conditional_rules: row.conditional_rules,
    location_list_type: (row.location_list_type ?? 'whitelist') as LocationListType,
    location_rules: row.location_rules,
  };
}

/**
 * The order templates bid in on one post: the oldest template first (created_at), ties by uuid. Deterministic, so a
 * replay meets the same order; an earlier template's bid is already on the post when a later one is decided.
 */
const byAge = <Q extends { orderBy: (column: 'created_at' | 'uuid') => Q }>(query: Q) => query.orderBy('created_at').orderBy('uuid');

export function autoBidderReactor(options: AutoBidderOptions = {}): Reactor {
  const report = options.report ?? (() => {});
  return {
    kind: 'reactor',
    name: 'auto-bidder',
    version: 1,
    eventTypes: new Set(['PostPublished', 'AutoBiddingActivated', 'AutoBidsOnPostChanged']),
    // Templates, providers (their permissions and limits) and the products and document types a bid names.
    readsFrom: ['bid_templates', 'users', 'organisations', 'deals', 'financial_institution_products', 'document_types'],
    async react(events, { store, db }) {
      const placeBid = placeBidWorkflow({ db, store, ids: randomIds, clock: systemClock }, bidPosts({ db, store }));
      const context: AutoBidContext = { db, store, placeBid, report };
      for (const event of events) {
        if (event.type === 'PostPublished') await onPublished(context, event as RecordedEvent<'PostPublished', PostPublished['data']>);
        else if (event.type === 'AutoBiddingActivated') await onActivated(context, event as RecordedEvent<'AutoBiddingActivated', AutoBiddingActivated['data']>);
        else if (event.type === 'AutoBidsOnPostChanged') await onAutoBidsChanged(context, event as RecordedEvent<'AutoBidsOnPostChanged', AutoBidsOnPostChanged['data']>);
      }
    },
  };
}

type AutoBidContext = { db: Database; store: EventStore; placeBid: ReturnType<typeof placeBidWorkflow>; report: (outcome: AutoBidOutcome) => void };

/** PostPublished → every template active at the moment of publication (ticked on before it, expiring after it). */
const onPublished = (context: AutoBidContext, trigger: RecordedEvent<'PostPublished', PostPublished['data']>) =>
  bidOnPost(context, trigger, trigger.data.post_id, Date.parse(trigger.data.published_at));

/**
 * An admin resumed the auto-bids on a post (`AutoBidsOnPostChanged`, stopped false) → every template active at that
 * moment bids on it now, as at publication: the bids held back while stopped are placed (a template that bid before
 * the stop has its bid already).
 */
async function onAutoBidsChanged(context: AutoBidContext, trigger: RecordedEvent<'AutoBidsOnPostChanged', AutoBidsOnPostChanged['data']>): Promise<void> {
  if (!trigger.data.stopped) await bidOnPost(context, trigger, trigger.data.post_id, Date.parse(trigger.metadata.occurred_at));
}

/** Every template active at `at` (ticked on before it, expiring after it) on one post, oldest template first. */
async function bidOnPost(context: AutoBidContext, trigger: RecordedEvent, postId: string, at: number): Promise<void> {
  const rows = await byAge(
    context.db.selectFrom('bid_templates').select(templateColumns).where('auto_bidding', '=', 'active').where('expiry_on', '>', new Date(at)),
  ).execute();
  for (const row of rows) if (activatedAt(row) <= at) await bidOn(context, trigger, row, postId);
}

/**
 * AutoBiddingActivated with action execute and scope open_posts, or rescan → the template bids on the posts open for
 * bids now, oldest publication first. Only while this activation is the template's current one (its expiry is the
 * event's): a replay of an activation renewed or turned off since bids on nothing.
 */
async function onActivated(context: AutoBidContext, trigger: RecordedEvent<'AutoBiddingActivated', AutoBiddingActivated['data']>): Promise<void> {
  const { template_id, action, scope, expiry_on } = trigger.data;
  if (action === 'execute' && scope !== 'open_posts') return;
  const row = await context.db.selectFrom('bid_templates').select(templateColumns).where('uuid', '=', template_id).where('auto_bidding', '=', 'active').executeTakeFirst();
  if (!row || row.expiry_on?.getTime() !== Date.parse(expiry_on)) return;
  const posts = await context.db.selectFrom('posts').select('uuid').where('status', '=', 'active').orderBy('published_at').orderBy('uuid').execute();
  for (const post of posts) if ((await bidOn(context, trigger, row, post.uuid)) === 'stopped') return;
}

/** One template on one post: at most one bid, ever (its id derives from both). 'stopped': the template bids no more. */
async function bidOn(context: AutoBidContext, trigger: RecordedEvent, row: TemplateRow, postId: string): Promise<'stopped' | void> {
  const { db, store, placeBid, report } = context;
  const template_id = row.uuid;
  const bidId = autoBidIdOf(template_id, postId);
  const placed = await loadState(store, bidStream(bidId), bidDecider);
  if (placed.state.status !== 'absent') return report({ outcome: 'already_placed', template_id, post_id: postId, bid_id: bidId });
  const post = await loadState(store, postStream(postId), postDecider);
  if (post.state.status === 'absent') return report({ outcome: 'not_qualified', template_id, post_id: postId, reason: 'post not found' });
  // An admin stopped the auto-bids on this post (docs/post-lifecycle.md "Auto-bids on a post"): none while stopped, and
  // a replay meets the post as it is now, so a stop also holds for a publication reacted to late.
  if ('auto_bids_stopped' in post.state && post.state.auto_bids_stopped) return report({ outcome: 'not_qualified', template_id, post_id: postId, reason: 'auto-bids stopped on this post' });
  const facts = postRuleFactsOf(post.state.post);
  if (!facts) return report({ outcome: 'not_qualified', template_id, post_id: postId, reason: 'post incomplete' });
  const evaluation = evaluateTemplate(rulesOf(row), facts, findProduct(post.state.post.product_id)?.name ?? 'post');
  if (!evaluation.bids) return report({ outcome: 'not_qualified', template_id, post_id: postId, reason: evaluation.reason });
  // The provider's own permissions, as when they bid by hand (the workflow reads the rest: status, limits).
  const [provider] = await biddersOf(db, [row.owner_id]);
  const permissions = effectivePermissions('fsp', provider?.permissions ?? {});
  const result = await placeBid(
    { caller: { userId: row.owner_id, userType: 'fsp', permissions }, correlationId: trigger.metadata.correlation_id, causationId: trigger.id },
    // Warnings a person would confirm (a rate above the leader's) are the template's to accept: it was set up to bid.
    { postId, bid: evaluation.bid, confirmedWarnings: [...bidWarningCodes], bidId },
  );
  if (result.ok) return report({ outcome: 'placed', template_id, post_id: postId, bid_id: bidId });
  report({ outcome: 'refused', template_id, post_id: postId, bid_id: bidId, code: result.error.code, message: result.error.message });
  const reason = stopReasonOf(result.error.code, provider?.status);
  if (reason) return stop(context, trigger, template_id, postId, reason);
}

/**
 * A refusal that every later post would meet too: the provider suspended (the workflow's BID_NOT_ALLOWED for a
 * provider who is not active; the users read model says why) or a bidding limit maxed.
 */
function stopReasonOf(code: string, providerStatus: string | undefined): AutoBiddingStopReason | null {
  if (code === bidErrors.biddingLimitReached) return 'bidding_limit_reached';
  if (code === bidErrors.notAllowed && providerStatus === 'suspended') return 'provider_suspended';
  return null;
}

/**
 * Stops the template (`AutoBiddingStopped`, inactive; its notice e-mail is auto-bidding-mail.ts's). The event's id
 * derives from the refused bid, and the decider records nothing for a template no longer active, so a replay or a
 * second refused post stops it (and mails) once.
 */
async function stop(context: AutoBidContext, trigger: RecordedEvent, template_id: string, post_id: string, reason: AutoBiddingStopReason): Promise<'stopped'> {
  const now = systemClock.now();
  const causeId = derivedUuid('auto-bidding-stop', template_id, post_id);
  const result = await handleCommand({
    store: context.store,
    ids: randomIds,
    streamId: bidTemplateStream(template_id),
    decider: bidTemplateDecider,
    command: { type: 'StopAutoBidding', data: { template_id, reason, post_id }, metadata: { actor: systemTemplateActor, now: now.toISOString() } },
    context: { userId: null, correlationId: trigger.metadata.correlation_id, causationId: trigger.id, now },
    eventId: (_event, index) => derivedUuid(causeId, String(index)),
  });
  if (result.ok && result.eventCount > 0) context.report({ outcome: 'stopped', template_id, post_id, reason });
  return 'stopped';
}
