import { bidPosts } from '../bids/bid-posts';
import { cancelBid } from '../bids/cancel-bid';
import { placeBidWorkflow } from '../bids/place-bid';
import type { AutoBiddingActivated, AutoBiddingStopReason } from '../../domain/bid-template/auto-bidding';
import { systemTemplateActor } from '../../domain/bid-template/commands';
import { bidTemplateDecider } from '../../domain/bid-template/decider';
import { bidTemplateStream } from '../../domain/bid-template/events';
import { evaluateTemplate, type TemplateRules } from '../../domain/bid-template/evaluation';
import type { PostRuleFacts } from '../../domain/bid-template/rule-fields';
import { postRuleFactsOf } from '../../domain/bid-template/post-rule-facts';
import { type AutoBidRecord, type EarlierBid, replacedBidReason, replacementOf } from '../../domain/bid/auto-bid';
import { bidDecider, bidErrors } from '../../domain/bid/decider';
import { type BidPlaced, bidStream } from '../../domain/bid/events';
import { bidWarningCodes } from '../../domain/bid/rules';
import { postDecider } from '../../domain/post/decider';
import { type PostPublished, postStream } from '../../domain/post/events';
import type { AutoBidsOnPostChanged } from '../../domain/post/lifecycle';
import { findProduct } from '../../domain/product/products';
import { effectivePermissions } from '../../domain/user/permissions';
import { systemClock } from '../../infrastructure/clock';
import { handleCommand, loadState } from '../../infrastructure/command-handler';
import type { Database } from '../../infrastructure/database/database';
import type { EventStore, RecordedEvent } from '../../infrastructure/event-store/event-store';
import { derivedUuid, type Ids, randomIds } from '../../infrastructure/ids';
import { type BidderRow, biddersOf } from '../../projections/bids/queries';
import type { Reactor } from '../../projections/projection';
import type { BidTemplatesTable } from '../../projections/bid-templates/tables';
import { rulesOf } from './template-rules';

// The auto-bidder (issue 29 item 2, docs/auto-bidding.md "The auto-bidder"): when a post is published, every template
// whose auto-bidding was active at that moment and whose evaluation qualifies places one bid through the hand-placed
// bid's workflow (the LVR block, bounds, permissions, bidding limits and the post's status all apply). A first
// activation with the scope open_posts, and a rescan, bid on the posts open then. The bid's id derives from template
// and post, so a replay, a retried batch or a crash never bids twice; a refusal is reported and not retried. A refusal
// that outlasts the post (the provider suspended, a bidding limit maxed) stops the template (`StopAutoBidding`).
// Each bid records its template, bid action and rule trace (`BidPlaced.auto_bid`). A bid better for the customer than
// the provider's active bids on the post replaces them (placed first, then they are cancelled with the fixed reason);
// one that is not better is not placed (docs/auto-bidding.md "Replacing the provider's earlier bid").

/** One auto-bid's id: the same template and post always name the same bid, whichever trigger placed it. */
export const autoBidIdOf = (templateId: string, postId: string) => derivedUuid('auto-bid', templateId, postId);

export type AutoBidOutcome =
  | { outcome: 'placed'; template_id: string; post_id: string; bid_id: string; replaced: string[] }
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
    // The bids: the provider's earlier bids on the post, which a better auto-bid replaces.
    readsFrom: ['bid_templates', 'users', 'organisations', 'deals', 'financial_institution_products', 'document_types', 'bids'],
    async react(events, { store, db }) {
      const placeBid = placeBidWorkflow({ db, store, ids: randomIds, clock: systemClock }, bidPosts({ db, store }));
      const context: AutoBidContext = { db, store, placeBid, report, placedInBatch: new Map(), stopped: new Set() };
      for (const event of events) {
        if (event.type === 'PostPublished') await onPublished(context, event as RecordedEvent<'PostPublished', PostPublished['data']>);
        else if (event.type === 'AutoBiddingActivated') await onActivated(context, event as RecordedEvent<'AutoBiddingActivated', AutoBiddingActivated['data']>);
        else if (event.type === 'AutoBidsOnPostChanged') await onAutoBidsChanged(context, event as RecordedEvent<'AutoBidsOnPostChanged', AutoBidsOnPostChanged['data']>);
      }
    },
  };
}

type AutoBidContext = {
  db: Database;
  store: EventStore;
  placeBid: ReturnType<typeof placeBidWorkflow>;
  report: (outcome: AutoBidOutcome) => void;
  /**
   * The bids this batch's templates placed, by provider and post: placed after the trigger, so perhaps not yet in
   * the bids read model when the provider's next template on the same post looks for the provider's earlier bids.
   */
  placedInBatch: Map<string, string[]>;
  /**
   * The active templates with their rules, read once a batch (the read models have applied the whole batch before
   * `react`, so a read per post would read the same rows), and the templates this batch stopped.
   */
  activeTemplates?: Promise<ActiveTemplate[]>;
  stopped: Set<string>;
};

type ActiveTemplate = { row: TemplateRow; rules: TemplateRules };

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
  context.activeTemplates ??= byAge(context.db.selectFrom('bid_templates').select(templateColumns).where('auto_bidding', '=', 'active'))
    .execute()
    .then((rows) => rows.map((row) => ({ row, rules: rulesOf(row) })));
  const templates = (await context.activeTemplates).filter(({ row }) => (row.expiry_on?.getTime() ?? 0) > at && activatedAt(row) <= at);
  if (templates.length === 0) return;
  // The post is read once for every template that tests it.
  const post = await postToBidOn(context.store, postId);
  for (const template of templates) if (!context.stopped.has(template.row.uuid)) await bidOn(context, trigger, template, post);
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
  const template = { row, rules: rulesOf(row) };
  for (const post of posts) if ((await bidOn(context, trigger, template, await postToBidOn(context.store, post.uuid))) === 'stopped') return;
}

/** A post as the templates test it: its facts, or why no template bids on it. */
type PostToBidOn = { post_id: string; owner_id: string; facts: PostRuleFacts; product_name: string } | { post_id: string; skip: string };

async function postToBidOn(store: EventStore, postId: string): Promise<PostToBidOn> {
  const post = await loadState(store, postStream(postId), postDecider);
  if (post.state.status === 'absent') return { post_id: postId, skip: 'post not found' };
  // An admin stopped the auto-bids on this post (docs/post-lifecycle.md "Auto-bids on a post"): none while stopped, and
  // a replay meets the post as it is now, so a stop also holds for a publication reacted to late.
  if ('auto_bids_stopped' in post.state && post.state.auto_bids_stopped) return { post_id: postId, skip: 'auto-bids stopped on this post' };
  const facts = postRuleFactsOf(post.state.post);
  if (!facts) return { post_id: postId, skip: 'post incomplete' };
  return { post_id: postId, owner_id: post.state.post.owner_id, facts, product_name: findProduct(post.state.post.product_id)?.name ?? 'post' };
}

/**
 * One template on one post: at most one bid, ever (its id derives from both). 'stopped': the template bids no more.
 * The evaluation comes first (pure, in memory); only a template that qualifies reads the bid's stream, so a post that
 * a thousand templates test costs one read, not a thousand (docs/performance.md "Auto-bidding").
 */
async function bidOn(context: AutoBidContext, trigger: RecordedEvent, template: ActiveTemplate, post: PostToBidOn): Promise<'stopped' | void> {
  const { db, store, placeBid, report } = context;
  const { row } = template;
  const template_id = row.uuid;
  const postId = post.post_id;
  if ('skip' in post) return report({ outcome: 'not_qualified', template_id, post_id: postId, reason: post.skip });
  const evaluation = evaluateTemplate(template.rules, post.facts, post.product_name);
  if (!evaluation.bids) return report({ outcome: 'not_qualified', template_id, post_id: postId, reason: evaluation.reason });
  const bidId = autoBidIdOf(template_id, postId);
  const recorded = await store.readStream(bidStream(bidId), { personalData: 'withhold' });
  if (recorded.length > 0) {
    // Placed before (a replay, a retried batch, a crash after the placement): finish the replacements it recorded.
    const replaces = (recorded[0]!.data as BidPlaced['data']).auto_bid?.replaces ?? [];
    if (replaces.length > 0) await cancelReplaced(context, trigger, callerOf(row, (await biddersOf(db, [row.owner_id]))[0]), bidId, replaces);
    return report({ outcome: 'already_placed', template_id, post_id: postId, bid_id: bidId });
  }
  // The provider's own permissions, as when they bid by hand (the workflow reads the rest: status, limits).
  const [provider] = await biddersOf(db, [row.owner_id]);
  const caller = callerOf(row, provider);
  const replacement = replacementOf(evaluation.bid.comparison_rate, await earlierBidsOf(context, row.owner_id, postId));
  if (replacement.action === 'keep') return report({ outcome: 'not_qualified', template_id, post_id: postId, reason: `kept earlier bid ${replacement.kept}: as good or better` });
  // Replacing cancels the earlier bids as the provider would; a provider who may not cancel bids keeps them instead.
  if (replacement.action === 'replace' && !caller.permissions.cancel_active_bids) {
    return report({ outcome: 'not_qualified', template_id, post_id: postId, reason: 'kept earlier bid: the provider may not cancel bids' });
  }
  const autoBid: AutoBidRecord = { template_id, post_owner_id: post.owner_id, bid_action: replacement.action, replaces: replacement.replaces, trace: evaluation.trace };
  const result = await placeBid(
    { caller, correlationId: trigger.metadata.correlation_id, causationId: trigger.id },
    // Warnings a person would confirm (a rate above the leader's) are the template's to accept: it was set up to bid.
    { postId, bid: evaluation.bid, confirmedWarnings: [...bidWarningCodes], bidId, autoBid },
  );
  if (result.ok) {
    const key = `${row.owner_id}/${postId}`;
    context.placedInBatch.set(key, [...(context.placedInBatch.get(key) ?? []), bidId]);
    await cancelReplaced(context, trigger, caller, bidId, replacement.replaces);
    return report({ outcome: 'placed', template_id, post_id: postId, bid_id: bidId, replaced: replacement.replaces });
  }
  report({ outcome: 'refused', template_id, post_id: postId, bid_id: bidId, code: result.error.code, message: result.error.message });
  const reason = stopReasonOf(result.error.code, provider?.status);
  if (reason) return stop(context, trigger, template_id, postId, reason);
}

/** The template's owner as the caller of the bid workflows, with their own permissions. */
function callerOf(row: TemplateRow, provider: BidderRow | undefined) {
  return { userId: row.owner_id, userType: 'fsp' as const, permissions: effectivePermissions('fsp', provider?.permissions ?? {}) };
}

/**
 * The provider's bids on the post that are active now: those the bids read model knows (it has applied the trigger,
 * `readsFrom`) and those this batch placed since, each as its own stream has it (status, rates after edits).
 */
async function earlierBidsOf(context: AutoBidContext, providerId: string, postId: string): Promise<EarlierBid[]> {
  const known = await context.db
    .selectFrom('bids')
    .select('uuid')
    .where('post_id', '=', postId)
    .where('provider_id', '=', providerId)
    .where('status', '=', 'active')
    .where('deleted', '=', false)
    .execute();
  const ids = new Set([...known.map((bid) => bid.uuid), ...(context.placedInBatch.get(`${providerId}/${postId}`) ?? [])]);
  const earlier: EarlierBid[] = [];
  for (const bidId of [...ids].sort()) {
    const { state } = await loadState(context.store, bidStream(bidId), bidDecider, { personalData: 'withhold' });
    if (state.status === 'active' && state.bid.provider_id === providerId && state.bid.post_id === postId) earlier.push({ bid_id: bidId, comparison_rate: state.bid.form.comparison_rate });
  }
  return earlier;
}

/**
 * Cancels the earlier bids an auto-bid replaced, through the bid's cancel workflow with spec 3 §4's fixed reason.
 * Only a bid still active: one cancelled already (a replay, a crash after the cancel) or gone on to a deal is left as
 * it is, so a second run cancels nothing twice. The events' ids derive from the two bids.
 */
async function cancelReplaced(context: AutoBidContext, trigger: RecordedEvent, caller: ReturnType<typeof callerOf>, bidId: string, replaces: readonly string[]) {
  for (const earlierId of replaces) {
    const { state } = await loadState(context.store, bidStream(earlierId), bidDecider, { personalData: 'withhold' });
    if (state.status !== 'active') continue;
    // A refusal here means the earlier bid moved on meanwhile (accepted as a deal): it stays as it is.
    let n = 0;
    const ids: Ids = { uuid: () => derivedUuid('auto-bid-replaced', bidId, earlierId, String(n++)) };
    await cancelBid(
      { store: context.store, ids, clock: systemClock },
      { caller, correlationId: trigger.metadata.correlation_id, causationId: trigger.id },
      { bidId: earlierId, reason: replacedBidReason },
    );
  }
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
  context.stopped.add(template_id);
  return 'stopped';
}
