import { type BidActor, type BidCommand, bidCommandForDealStage, type PostFacts, type ProviderFacts } from './bid/commands';
import { bidDecider, bidTransitions, deletableStatuses, type BidState } from './bid/decider';
import type { BidEvent } from './bid/events';
import { bidWarningCodes, leadingBid, rankBids } from './bid/rules';
import { bidLimits, type BidFormInput, type BidStatus, isEditableBidStatus } from './bid/schemas';
import type { DealCommand, DealActor } from './deal/commands';
import { dealDecider, type DealState } from './deal/decider';
import type { DealEvent } from './deal/events';
import { dealLimits, defaultContactPreference } from './deal/schemas';
import { type DealPosition, type DealStage, isClosedStage } from './deal/stages';
import type { PostCommand } from './post/commands';
import { currentYearAt, postDecider, type PostState } from './post/decider';
import type { PostEvent } from './post/events';
import { allowedTransitions, cancellableStatuses, isLifecycleEvent, type LifecycleActor, standingOf } from './post/lifecycle';
import { completePost, ownerId as fixtureOwner, postId as fixturePost, published, refinanceLoan } from './post/test-fixtures';
import { defaultPermissions, effectivePermissions } from './user/permissions';
import { sydneyDay } from './shared/sydney-time';

// Test support for domain/trade-flow.property.test.ts (never imported by production code): a small in-memory
// marketplace of two published posts, their customers, three providers, an admin, the scheduler, Auto-Declare and the
// reactors, driven by steps that are plain data (so fast-check shrinks to a readable list). Every command goes
// through the real deciders; a refusal changes nothing. `checkEvent` and `checkWorld` state the invariants.

export const customers = ['cust-1', 'cust-2'] as const;
export const providers = ['prov-1', 'prov-2', 'prov-3'] as const;
export const admin = 'admin-1';
export const people = [...customers, ...providers, admin] as const;
export type Person = (typeof people)[number];
export type Provider = (typeof providers)[number];
export const postIds = ['post-1', 'post-2'] as const;
export type PostId = (typeof postIds)[number];
export const ownerOf: Record<PostId, Person> = { 'post-1': 'cust-1', 'post-2': 'cust-2' };
export const bidSlots = ['bid-1', 'bid-2', 'bid-3'] as const;
export type BidSlot = (typeof bidSlots)[number];

/** Three organisations: two lenders (financial institutions) and a broker. post-1's customer banks with the first. */
export const organisations = [
  { uuid: 'a0000000-0000-4000-8000-000000000001', type: 'financial_institution' },
  { uuid: 'a0000000-0000-4000-8000-000000000002', type: 'broker' },
  { uuid: 'a0000000-0000-4000-8000-000000000003', type: 'financial_institution' },
] as const;
export type OrganisationIndex = 0 | 1 | 2;

/** A provider's organisation and the permissions an admin may have taken away. */
export type ProviderSetup = { organisation: OrganisationIndex; cancel_active_bids: boolean; create_anonymous_bid: boolean; create_retention_bid: boolean };
/** The system configuration the scheduler and the e-mail links read. */
export type Settings = { processing_period_days: number; extension_days: number; max_extensions: number };
export type WorldSetup = { providers: Record<Provider, ProviderSetup>; settings: Settings };

/** Fields of the bid form to send instead of the valid base form (raw values, valid or not). */
export type FormOverrides = Partial<Record<keyof BidFormInput, unknown>> & { organisation?: OrganisationIndex };
export type ActivityInput = { activity_type: unknown; amount?: unknown; description?: unknown; activity_date?: unknown; reason?: unknown; settled_lender?: unknown };

/** The bid a deal step is about: a slot, or whichever bid a post accepted (resolved when the step runs). */
export type DealBid = BidSlot | 'the winning bid';
/** Who sends a command on a bid or a deal: a person, or the provider of that bid (resolved when the step runs). */
export type BidWorker = Person | 'its provider';

/** One thing that happens in the marketplace. `by` is the person who sends it (any role: the deciders must refuse). */
export type Step =
  | { do: 'place'; by: Person; for: Provider; post: PostId; bid: BidSlot; form: FormOverrides; confirm: boolean }
  | { do: 'edit'; by: BidWorker; bid: BidSlot; form: FormOverrides; confirm: boolean }
  | { do: 'cancelBid'; by: BidWorker; bid: BidSlot; reason: string }
  | { do: 'deleteBid'; by: Person; bid: BidSlot }
  | { do: 'endBidding'; by: Person | 'scheduler'; post: PostId }
  | { do: 'endReview'; post: PostId }
  | { do: 'expirePost'; post: PostId }
  | { do: 'extendReview'; by: Person; post: PostId }
  | { do: 'cancelAutoSelection'; by: Person; post: PostId }
  | { do: 'priority'; by: Person; post: PostId; operation: 'promote_as_priority' | 'remove_priority' }
  | { do: 'closePost'; by: Person; post: PostId }
  | { do: 'cancelPost'; by: Person; post: PostId; reason: string }
  | { do: 'accept'; by: Person; post: PostId; bid: BidSlot | 'the best bid' }
  | { do: 'autoDeclare'; post: PostId }
  | { do: 'addActivity'; by: BidWorker; bid: DealBid; activity: ActivityInput }
  | { do: 'editActivity'; by: BidWorker; bid: DealBid; nth: number; changes: Record<string, unknown> }
  | { do: 'deleteActivity'; by: BidWorker; bid: DealBid; nth: number }
  | { do: 'advance'; hours: number };

type ResolvedStep = Step extends infer S ? (S extends { by: BidWorker } ? Omit<S, 'by' | 'bid'> & { by: Exclude<S['by'], 'its provider'>; bid: BidSlot } : S extends { bid: unknown } ? Omit<S, 'bid'> & { bid: BidSlot } : S) : never;
type Actor = Person | 'scheduler' | 'auto-declare' | 'bids' | 'deals';
/** Every event the world recorded, with who caused it (a person, or the system for reactions) and the states around it. */
export type Recorded =
  | { aggregate: 'post'; actor: Actor; event: PostEvent; before: PostState; after: PostState }
  | { aggregate: 'bid'; actor: Actor; event: BidEvent; before: BidState; after: BidState }
  | { aggregate: 'deal'; actor: Actor; event: DealEvent; before: DealState; after: DealState };

/** When the fixture posts were published: the world's clock starts there. */
const startedAt = published.type === 'PostPublished' ? published.data.published_at : '';
const HOUR_MS = 3_600_000;

/** The deal of a bid (the reactor derives its id from the bid's, so it opens once). */
export const dealOf = (bid: string) => `deal-of-${bid}`;

export class World {
  now = Date.parse(startedAt);
  readonly posts = new Map<string, PostState>();
  readonly bids = new Map<string, BidState>();
  readonly deals = new Map<string, DealState>();
  readonly log: Recorded[] = [];
  /** Reactions the deciders refused: in a consistent marketplace the product's own follow-ups always go through. */
  readonly refusedReactions: string[] = [];
  /** Bids whose last terms beat the leading bid (Auto-Declare may take them). */
  private readonly eligible = new Set<string>();
  /** Bids ever cancelled or deleted. */
  private readonly gone = new Set<string>();
  /** `post bid` pairs the post streams registered. */
  private readonly registered = new Set<string>();
  /** `post bid` pairs the post streams withdrew (before the bid was cancelled or deleted). */
  private readonly withdrawn = new Set<string>();
  /** BidAcceptedOnPost events per post. */
  readonly acceptances = new Map<string, number>();
  private activityIds = 0;

  constructor(readonly setup: WorldSetup) {
    postIds.forEach((post) => {
      const events = JSON.parse(JSON.stringify([...completePost, published]).replaceAll(fixturePost, post).replaceAll(fixtureOwner, ownerOf[post])) as PostEvent[];
      this.posts.set(post, events.reduce(postDecider.evolve, postDecider.initialState()));
    });
  }

  get time() {
    return new Date(this.now).toISOString();
  }

  post(id: string): PostState {
    return this.posts.get(id) ?? { status: 'absent' };
  }
  bid(id: string): BidState {
    return this.bids.get(id) ?? { status: 'absent' };
  }
  deal(id: string): DealState {
    return this.deals.get(id) ?? { status: 'absent' };
  }

  /** Runs one step as the API, the scheduler or Auto-Declare would, then the reactions; true when it was accepted. */
  run(step: Step): boolean {
    if (step.do === 'accept' && step.bid === 'the best bid') {
      const best = leadingBid(this.bidsOf(step.post), 'comparison_rate') ?? this.bidsOf(step.post)[0];
      return this.run({ ...step, bid: (best?.bid_id ?? 'no-bid') as BidSlot });
    }
    if ('bid' in step && step.bid === 'the winning bid') {
      const winning = postIds.map((id) => this.post(id)).map((post) => ('winning_bid' in post ? post.winning_bid?.bid_id : undefined)).find(Boolean) ?? 'no-winning-bid';
      return this.run({ ...step, bid: winning as BidSlot });
    }
    if ('by' in step && step.by === 'its provider' && 'bid' in step) {
      const bid = this.bid(step.bid);
      return this.apply({ ...step, by: bid.status === 'absent' ? providers[0] : (bid.bid.provider_id as Provider) } as ResolvedStep);
    }
    return this.apply(step as ResolvedStep);
  }

  private apply(step: ResolvedStep): boolean {
    switch (step.do) {
      case 'advance':
        this.now += step.hours * HOUR_MS;
        // The scheduler fires what fell due (its early or repeated firings are separate steps, refused).
        for (const post of postIds) {
          this.apply({ do: 'endBidding', by: 'scheduler', post });
          this.apply({ do: 'endReview', post });
          this.apply({ do: 'expirePost', post });
        }
        return true;
      case 'place':
      case 'edit':
        return this.placeOrEdit(step);
      case 'cancelBid':
        return this.withdraw({ type: 'CancelBid', data: { bid_id: step.bid, reason: step.reason }, metadata: this.bidMetadata(step.by) }, step.by);
      case 'deleteBid':
        return this.withdraw({ type: 'DeleteBid', data: { bid_id: step.bid }, metadata: this.bidMetadata(step.by) }, step.by);
      case 'endBidding':
        return this.onPost(step.by, { type: 'EndBidding', data: { post_id: step.post }, metadata: this.postMetadata(step.by) });
      case 'endReview': {
        const data = { post_id: step.post, processing_period_days: this.setup.settings.processing_period_days };
        return this.onPost('scheduler', { type: 'EndReviewPeriod', data, metadata: this.postMetadata('scheduler') });
      }
      case 'expirePost':
        return this.onPost('scheduler', { type: 'ExpirePost', data: { post_id: step.post }, metadata: this.postMetadata('scheduler') });
      case 'extendReview': {
        const { extension_days, max_extensions } = this.setup.settings;
        return this.onPost(step.by, { type: 'ExtendReviewPeriod', data: { post_id: step.post, extension_days, max_extensions }, metadata: this.postMetadata(step.by) });
      }
      case 'cancelAutoSelection':
        return this.onPost(step.by, { type: 'CancelAutomaticSelection', data: { post_id: step.post }, metadata: this.postMetadata(step.by) });
      case 'priority':
        return this.onPost(step.by, { type: 'ChangePriority', data: { post_id: step.post, operation: step.operation }, metadata: this.postMetadata(step.by) });
      case 'closePost':
        return this.onPost(step.by, { type: 'ClosePost', data: { post_id: step.post }, metadata: this.postMetadata(step.by) });
      case 'cancelPost':
        return this.onPost(step.by, { type: 'CancelPost', data: { post_id: step.post, reason: step.reason }, metadata: this.postMetadata(step.by) } as PostCommand);
      case 'accept':
        return this.accept(step.by, step.post, step.bid);
      case 'autoDeclare': {
        // Auto-Declare takes the leading eligible bid (active or expired, beat the leading bid when placed).
        const eligible = this.bidsOf(step.post).filter((b) => (b.status === 'active' || b.status === 'expired') && b.eligible);
        const best = eligible.toSorted((a, b) => a.comparison_rate - b.comparison_rate || a.placed_at.localeCompare(b.placed_at))[0];
        return best ? this.accept('auto-declare', step.post, best.bid_id) : false;
      }
      case 'addActivity': {
        const deal = this.deal(dealOf(step.bid));
        const activity = step.activity.activity_type === 'the next step' && deal.status !== 'absent' ? { ...step.activity, activity_type: nextStep(deal.position) } : step.activity;
        return this.onDeal(step.by, {
          type: 'AddActivity',
          data: { deal_id: dealOf(step.bid), activity_id: `activity-${++this.activityIds}`, activity: activity as Record<string, unknown> },
          metadata: this.dealMetadata(step.by),
        });
      }
      case 'editActivity':
      case 'deleteActivity': {
        const deal = this.deal(dealOf(step.bid));
        const activities = deal.status === 'absent' ? [] : deal.activities;
        const activity_id = activities[step.nth % Math.max(activities.length, 1)]?.activity_id ?? 'activity-unknown';
        const metadata = this.dealMetadata(step.by);
        const command: DealCommand =
          step.do === 'editActivity'
            ? { type: 'EditActivity', data: { deal_id: dealOf(step.bid), activity_id, changes: step.changes }, metadata }
            : { type: 'DeleteActivity', data: { deal_id: dealOf(step.bid), activity_id }, metadata };
        return this.onDeal(step.by, command);
      }
      default: {
        const never: never = step;
        throw new Error(`unknown step ${JSON.stringify(never)}`);
      }
    }
  }

  /** The bids of a post as the bids read model shows them. */
  bidsOf(post: string) {
    const bids = [];
    for (const state of this.bids.values()) {
      if (state.status === 'absent' || state.status === 'deleted' || state.bid.post_id !== post) continue;
      const { bid_id, placed_at, form } = state.bid;
      bids.push({ bid_id, status: state.status, interest_rate: form.interest_rate, comparison_rate: form.comparison_rate, placed_at, eligible: this.eligible.has(bid_id) });
    }
    return bids;
  }

  // The command handlers: read the facts a decision needs, decide, append.

  private placeOrEdit(step: Extract<ResolvedStep, { do: 'place' | 'edit' }>): boolean {
    const existing = this.bid(step.bid);
    const provider: Provider = step.do === 'place' ? step.for : existing.status === 'absent' ? providers[0] : (existing.bid.provider_id as Provider);
    const postId = step.do === 'place' ? step.post : existing.status === 'absent' ? postIds[0] : existing.bid.post_id;
    const post = this.post(postId);
    if (post.status === 'absent') return false;
    const setup = this.setup.providers[provider];
    const { organisation, ...overrides } = step.form;
    const bid = { ...baseForm, organisation_uuid: organisations[organisation ?? setup.organisation].uuid, ...overrides } as BidFormInput;
    const others = this.bidsOf(postId).filter((b) => b.bid_id !== step.bid);
    const leading = leadingBid(others, 'comparison_rate');
    const postFacts: PostFacts = {
      post_id: postId,
      status: post.status,
      lvr: postLvr,
      loan_type: 'refinance',
      loan_amount: loanAmount,
      current_interest_rate: currentRate,
      split_requested: postId === 'post-2',
      leading_comparison_rate: leading?.comparison_rate ?? null,
      current_lender_organisation_uuid: postId === 'post-1' ? organisations[0].uuid : null,
    };
    const providerFacts: ProviderFacts = {
      user_id: provider,
      organisation_uuid: organisations[setup.organisation].uuid,
      organisation_type: organisations[setup.organisation].type,
      permissions: providerPermissions(setup),
    };
    const data = { bid_id: step.bid, post: postFacts, provider: providerFacts, bid, confirmed_warnings: step.confirm ? [...bidWarningCodes] : [] };
    const metadata = this.bidMetadata(step.by);
    if (step.do === 'edit') {
      // The bid route decides the edit first (a refusal writes nothing), records new rates on the post, then edits.
      const edit: BidCommand = { type: 'EditBid', data, metadata };
      const checked = bidDecider.decide(edit, existing);
      if (!checked.ok || existing.status === 'absent') return this.onBid(step.by, edit);
      const { interest_rate, comparison_rate } = existing.bid.form;
      if (bid.interest_rate !== interest_rate || bid.comparison_rate !== comparison_rate) {
        const change = { post_id: postId, bid_id: step.bid, interest_rate: bid.interest_rate as number, comparison_rate: bid.comparison_rate as number };
        if (!this.onPost('bids', { type: 'ChangeBidRates', data: change, metadata: this.postMetadata('bids') })) return false;
      }
      return this.onBid(step.by, edit);
    }
    // The bid route checks the bid, registers it on the post stream (refused once bidding ended), then places it.
    const place: BidCommand = { type: 'PlaceBid', data, metadata };
    const checked = bidDecider.decide(place, existing);
    if (!checked.ok) return this.refused(false, place.type, checked.error);
    // The route ranks a new bid by the post's own record of its bids: it must agree with the bids' own streams.
    if (post.status === 'active') {
      const ask = { bid_id: step.bid, interest_rate: bid.interest_rate as number, comparison_rate: bid.comparison_rate as number, placed_at: this.time };
      const expected = (key: 'comparison_rate' | 'interest_rate') => ({
        leadingComparisonRate: leadingBid(others, key)?.comparison_rate ?? null,
        ahead: rankBids([...others, { ...ask, status: 'active' as const }], key).findIndex((b) => b.bid_id === step.bid),
      });
      const standing = standingOf(post, ask);
      if (JSON.stringify(standing) !== JSON.stringify({ comparison_rate: expected('comparison_rate'), interest_rate: expected('interest_rate') })) {
        fail(`the post ranks bid ${step.bid} as ${JSON.stringify(standing)}, its bids' streams as ${JSON.stringify([expected('comparison_rate'), expected('interest_rate')])}`);
      }
    }
    const register = { post_id: postId, bid_id: step.bid, interest_rate: bid.interest_rate as number, comparison_rate: bid.comparison_rate as number };
    if (!this.onPost('bids', { type: 'RegisterBid', data: register, metadata: this.postMetadata('bids') })) return false;
    return this.onBid(step.by, place);
  }

  /** The bid route: decided first (a refusal writes nothing), withdrawn on the post, then cancelled or deleted. */
  private withdraw(command: BidCommand, by: Actor): boolean {
    const bid = this.bid(command.data.bid_id);
    const checked = bidDecider.decide(command, bid);
    if (!checked.ok || bid.status === 'absent') return this.refused(false, command.type, checked.ok ? { code: 'BID_NOT_FOUND', message: 'Bid not found.' } : checked.error);
    const post_id = bid.bid.post_id;
    if (!this.onPost('bids', { type: 'WithdrawBid', data: { post_id, bid_id: command.data.bid_id }, metadata: this.postMetadata('bids') })) return false;
    return this.onBid(by, command);
  }

  /** The acceptance handler reads the bid's status from its stream and hands it to the post, which owns "one accepted bid". */
  private accept(by: Person | 'auto-declare', post: string, bid: string): boolean {
    const state = this.bid(bid);
    // 404 before the post is asked: no such bid, or a bid of another post (the post does not know its bids' posts).
    if (state.status === 'absent' || state.status === 'deleted' || state.bid.post_id !== post) return false;
    const data = { post_id: post, bid_id: bid, bid_status: state.status, contact_preference: defaultContactPreference };
    return this.onPost(by, { type: 'AcceptBid', data, metadata: this.postMetadata(by) });
  }

  private postMetadata(by: Actor): { actor: LifecycleActor; now: string } {
    const actor: LifecycleActor = by === 'scheduler' || by === 'auto-declare' || by === 'deals' || by === 'bids' ? { system: by } : { user_id: by, admin: by === admin };
    return { actor, now: this.time };
  }
  private bidMetadata(by: Actor): { actor: BidActor; now: string } {
    const person = (people as readonly string[]).includes(by);
    const user_type = !person || by === admin ? 'admin' : (customers as readonly string[]).includes(by) ? 'customer' : 'fsp';
    const permissions = user_type === 'fsp' ? providerPermissions(this.setup.providers[by as Provider]) : defaultPermissions(user_type);
    return { actor: { user_id: person ? by : `system:${by}`, user_type, permissions }, now: this.time };
  }
  private dealMetadata(by: Actor): { actor: DealActor; now: string } {
    const person = (people as readonly string[]).includes(by);
    return { actor: { user_id: person ? by : `system:${by}`, admin: !person || by === admin }, now: this.time };
  }

  // Appending: decide on the current state; a refusal changes nothing; every event is checked, applied and reacted to.

  private onPost(actor: Actor, command: PostCommand, reaction = false): boolean {
    const before = this.post(command.data.post_id);
    const decision = postDecider.decide(command, before);
    if (!decision.ok) return this.refused(reaction, command.type, decision.error);
    let state = before;
    for (const event of decision.events) {
      const after = postDecider.evolve(state, event);
      this.record({ aggregate: 'post', actor, event, before: state, after });
      state = after;
    }
    this.posts.set(command.data.post_id, state);
    decision.events.forEach((event) => this.reactToPost(event));
    return true;
  }

  private onBid(actor: Actor, command: BidCommand, reaction = false): boolean {
    const before = this.bid(command.data.bid_id);
    const decision = bidDecider.decide(command, before);
    if (!decision.ok) return this.refused(reaction, command.type, decision.error);
    let state = before;
    for (const event of decision.events) {
      const after = bidDecider.evolve(state, event);
      this.record({ aggregate: 'bid', actor, event, before: state, after });
      state = after;
    }
    this.bids.set(command.data.bid_id, state);
    decision.events.forEach((event) => this.reactToBid(event));
    return true;
  }

  private onDeal(actor: Actor, command: DealCommand, reaction = false): boolean {
    const before = this.deal(command.data.deal_id);
    const decision = dealDecider.decide(command, before);
    if (!decision.ok) return this.refused(reaction, command.type, decision.error);
    let state = before;
    for (const event of decision.events) {
      const after = dealDecider.evolve(state, event);
      this.record({ aggregate: 'deal', actor, event, before: state, after });
      state = after;
    }
    this.deals.set(command.data.deal_id, state);
    decision.events.forEach((event) => this.reactToDeal(event));
    return true;
  }

  private refused(reaction: boolean, type: string, error: { code: string; message: string }): false {
    if (!error.code || !error.message) throw new Error(`${type} was refused without a code and a message`);
    if (reaction) this.refusedReactions.push(`${type}: ${error.code} ${error.message}`);
    return false;
  }

  private record(recorded: Recorded) {
    checkEvent(recorded, this);
    this.log.push(recorded);
    const { event } = recorded;
    if (event.type === 'BidPlaced' || event.type === 'BidEdited') {
      if (event.data.auto_declare_eligible) this.eligible.add(event.data.bid_id);
      else this.eligible.delete(event.data.bid_id);
    }
    if (event.type === 'BidCancelled' || event.type === 'BidDeleted') this.gone.add(event.data.bid_id);
    // A bid exists only once its post registered it while taking bids.
    if (event.type === 'BidRegistered') this.registered.add(`${event.data.post_id} ${event.data.bid_id}`);
    if (event.type === 'BidPlaced' && !this.registered.has(`${event.data.post_id} ${event.data.bid_id}`)) fail('a bid was placed without its post registering it', recorded);
    // A bid leaves only once its post withdrew it, and the post never accepts it after that.
    if (event.type === 'BidWithdrawn') this.withdrawn.add(`${event.data.post_id} ${event.data.bid_id}`);
    if (event.type === 'BidCancelled' || event.type === 'BidDeleted') {
      // A cancelled post records nothing: it accepts no bid any more.
      const recordedOnPost = this.post(event.data.post_id).status === 'cancelled' || this.withdrawn.has(`${event.data.post_id} ${event.data.bid_id}`);
      if (!recordedOnPost) fail('a bid was cancelled or deleted without its post withdrawing it', recorded);
    }
    if (event.type === 'BidAcceptedOnPost' && this.withdrawn.has(`${event.data.post_id} ${event.data.bid_id}`)) fail('a post accepted a withdrawn bid', recorded);
    // A cancelled or deleted bid never becomes a deal, later either.
    if (event.type === 'BidAccepted' && this.gone.has(event.data.bid_id)) fail('a cancelled or deleted bid became a deal', recorded);
    if (event.type === 'BidAcceptedOnPost') this.acceptances.set(event.data.post_id, (this.acceptances.get(event.data.post_id) ?? 0) + 1);
  }

  // The reactors, as the product runs them.

  private reactToPost(event: PostEvent) {
    if (event.type === 'BidAcceptedOnPost') {
      // The deals reactor: the bid becomes accepted and its deal opens (ids derived from the bid).
      const bid = this.bid(event.data.bid_id);
      this.onBid('deals', { type: 'MarkBidAccepted', data: { bid_id: event.data.bid_id }, metadata: this.bidMetadata('deals') }, true);
      if (bid.status === 'absent') return void this.refusedReactions.push(`OpenDeal: bid ${event.data.bid_id} not found`);
      this.onDeal(
        'deals',
        {
          type: 'OpenDeal',
          data: {
            deal_id: dealOf(bid.bid.bid_id),
            bid_id: bid.bid.bid_id,
            post_id: bid.bid.post_id,
            provider_id: bid.bid.provider_id,
            organisation_id: bid.bid.organisation_uuid,
            customer_id: event.data.owner_id,
            loan_amount: bid.bid.form.amount ?? loanAmount,
            contact_preference: event.data.contact_preference,
            external: false,
            activity_id: `activity-${++this.activityIds}`,
          },
          metadata: this.dealMetadata('deals'),
        },
        true,
      );
    }
    // The bid expiry reactor: a post that leaves bidding for good expires its still-active bids.
    const leavesBidding = ['ReviewPeriodEnded', 'PostExpired', 'PostClosed', 'PostCancelled', 'BidAcceptedOnPost'].includes(event.type);
    if (leavesBidding) {
      for (const bid of this.bidsOf(event.data.post_id)) {
        if (bid.status === 'active') this.onBid('scheduler', { type: 'ExpireBid', data: { bid_id: bid.bid_id }, metadata: this.bidMetadata('scheduler') }, true);
      }
    }
  }

  private reactToBid(event: BidEvent) {
    // The spec lets a deal's bid be cancelled (only closed and cancelled bids cannot be): its open deal is then
    // not proceeding, which closes the post as Not Proceeding too.
    if (event.type !== 'BidCancelled') return;
    const deal = this.deal(dealOf(event.data.bid_id));
    if (deal.status !== 'open') return;
    const activity = { activity_type: 'closed_lost', reason: 'other', description: 'Bid cancelled', activity_date: sydneyDay(this.time) };
    const data = { deal_id: deal.deal.deal_id, activity_id: `activity-${++this.activityIds}`, activity };
    this.onDeal('deals', { type: 'AddActivity', data, metadata: this.dealMetadata('deals') }, true);
  }

  private reactToDeal(event: DealEvent) {
    if (event.type !== 'DealActivityAdded' && event.type !== 'DealActivityDeleted') return;
    const deal = this.deal(event.data.deal_id);
    if (deal.status === 'absent') return;
    // The deals reactor: the bid follows its deal's stage (a deleted step moves it back), the post its outcome.
    const bid = this.bid(deal.deal.bid_id);
    if (bid.status !== 'absent' && bid.status !== 'deleted' && bid.status !== 'cancelled' && bid.status !== event.data.stage) {
      this.onBid('deals', { type: bidCommandForDealStage[event.data.stage], data: { bid_id: deal.deal.bid_id }, metadata: this.bidMetadata('deals') } as BidCommand, true);
    }
    if (event.type === 'DealActivityAdded' && isClosedStage(event.data.stage)) {
      const data = { post_id: deal.deal.post_id, bid_id: deal.deal.bid_id, outcome: event.data.stage };
      this.onPost('deals', { type: 'RecordDealOutcome', data, metadata: this.postMetadata('deals') }, true);
    }
  }
}

/** 'the next step' of an activity step: the one that moves the deal forward (spec 1 §2 board order). */
function nextStep(position: DealPosition): string {
  const stage = position.stage === 'on_hold' ? position.held_from : position.stage;
  return stage === 'accepted' ? 'contact' : stage === 'contacted' ? 'application' : 'closed_won';
}

// The fixture post: a refinance of 450,000 on a 600,000 home at 6.2%.
const loanAmount = refinanceLoan.loan_amount ?? 0;
const postLvr = (loanAmount / (refinanceLoan.property_market_value ?? 1)) * 100;
const currentRate = refinanceLoan.interest_rate;

const providerPermissions = (setup: ProviderSetup) =>
  effectivePermissions('fsp', { cancel_active_bids: setup.cancel_active_bids, create_anonymous_bid: setup.create_anonymous_bid, create_retention_bid: setup.create_retention_bid });

/** A valid bid on the fixture post (LVR 75%, current rate 6.2%) without warnings, before the step's overrides. */
export const baseForm = {
  bid_type: 'normal',
  interest_rate: 5.49,
  comparison_rate: 5.61,
  rate_type: 'variable',
  type_of_loan: 'full_service_loan',
  repayment_type: 'principal_and_interest',
  maximum_lvr: 80,
  split_loan_facility: true,
  required_documents: [{ document_type: 'Payslip', description: null, quantity: 2, mandatory: true }],
} satisfies Partial<BidFormInput>;

// The invariants.

/**
 * The deal's steps as the spec draws them (spec 1 §2 board columns, spec 1 §3 activities), written out here rather
 * than read from stages.ts, so a change there that leaves the graph fails. A note keeps the stage.
 */
const dealStepsAllowed: Record<DealStage, readonly DealStage[]> = {
  accepted: ['contacted', 'closed_lost', 'on_hold'],
  contacted: ['applied', 'closed_lost', 'on_hold'],
  applied: ['closed_won', 'closed_lost', 'on_hold'],
  on_hold: ['contacted', 'applied', 'closed_won', 'closed_lost'],
  closed_won: [],
  closed_lost: [],
};
const stageOf = (state: DealState): DealStage | 'absent' => (state.status === 'absent' ? 'absent' : state.position.stage);
const dealBidStatuses: readonly BidStatus[] = ['accepted', 'contacted', 'applied', 'on_hold', 'closed_won', 'closed_lost'];

function fail(message: string, recorded?: Recorded): never {
  throw new Error(recorded ? `${message}\n  event: ${JSON.stringify(recorded.event)}\n  by: ${recorded.actor}` : message);
}
const isPerson = (actor: Actor): actor is Person => (people as readonly string[]).includes(actor);
const isProvider = (actor: Actor) => (providers as readonly string[]).includes(actor);
const isCustomer = (actor: Actor) => (customers as readonly string[]).includes(actor);

/** Checked on every event before it is applied: its move is in the spec's tables, its values in bounds, its author allowed. */
export function checkEvent(recorded: Recorded, world: World): void {
  const { actor } = recorded;
  switch (recorded.aggregate) {
    case 'post': {
      const { event, before, after } = recorded;
      const from = before.status;
      if (isLifecycleEvent(event)) {
        const rule = allowedTransitions[event.type];
        if (!(rule.from as readonly string[]).includes(from)) fail(`post ${event.type} from ${from}`, recorded);
        const to = rule.to === 'same' ? [from] : (rule.to as readonly string[]);
        if (!to.includes(after.status)) fail(`post ${event.type} ${from} → ${after.status}`, recorded);
      } else if (event.type === 'PostCancelled') {
        if (!(cancellableStatuses as readonly string[]).includes(from) || after.status !== 'cancelled') fail(`post cancelled from ${from}`, recorded);
      } else {
        fail(`unexpected post event ${event.type}`, recorded);
      }
      // A customer acts only on their own post; a provider never changes a post.
      if (isCustomer(actor) && event.data.owner_id !== actor) fail(`customer ${actor} changed another customer's post`, recorded);
      if (isProvider(actor)) fail(`provider ${actor} changed a post`, recorded);
      if (event.type === 'BidAcceptedOnPost') {
        const bid = world.bid(event.data.bid_id);
        if (bid.status === 'absent' || bid.bid.post_id !== event.data.post_id) fail('a post accepted a bid that is not one of its bids', recorded);
        if (bid.status === 'cancelled' || bid.status === 'deleted') fail(`a ${bid.status} bid was accepted`, recorded);
      }
      return;
    }
    case 'bid': {
      const { event, before, after } = recorded;
      const from = before.status;
      switch (event.type) {
        case 'BidPlaced':
          if (from !== 'absent' || after.status !== 'active') fail(`bid placed from ${from}`, recorded);
          break;
        case 'BidEdited': {
          // An active bid, or the bid of an open deal ("update bid", spec 1 §2); never a closed deal's.
          if (from === 'absent' || from === 'deleted' || !isEditableBidStatus(from) || after.status !== from) fail(`bid edited while ${from}`, recorded);
          const deal = world.deal(dealOf(event.data.bid_id));
          if (deal.status !== 'absent' && isClosedStage(deal.position.stage)) fail(`the bid of a ${deal.position.stage} deal was edited`, recorded);
          break;
        }
        case 'BidDeleted':
          if (from === 'absent' || from === 'deleted' || !deletableStatuses.includes(from)) fail(`bid deleted while ${from}`, recorded);
          break;
        default:
          if (from === 'absent' || from === 'deleted' || after.status === 'absent' || after.status === 'deleted' || !bidTransitions[from].includes(after.status)) {
            fail(`bid ${event.type} ${from} → ${after.status}`, recorded);
          }
          if (after.status === 'accepted' && from !== 'active' && from !== 'expired' && !dealBidStatuses.includes(from)) fail(`a ${from} bid became a deal`, recorded);
      }
      if (event.type === 'BidPlaced' || event.type === 'BidEdited') checkBidBounds(event.data.bid, recorded);
      // A provider changes only its own bids; a customer never changes a bid.
      if (isProvider(actor) && event.data.provider_id !== actor) fail(`provider ${actor} changed another provider's bid`, recorded);
      if (isCustomer(actor)) fail(`customer ${actor} changed a bid`, recorded);
      return;
    }
    case 'deal': {
      const { event, before, after } = recorded;
      const from = stageOf(before);
      const to = stageOf(after);
      switch (event.type) {
        case 'DealOpened': {
          if (from !== 'absent' || to !== 'accepted') fail(`deal opened from ${from}`, recorded);
          const bid = world.bid(event.data.bid_id);
          // A cancelled (or deleted) bid never becomes a deal; only the post's winning bid does.
          if (bid.status !== 'accepted') fail(`a deal opened for a ${bid.status} bid`, recorded);
          const post = world.post(event.data.post_id);
          if (!('winning_bid' in post) || post.winning_bid?.bid_id !== event.data.bid_id) fail('a deal opened for a bid that is not the winning bid', recorded);
          break;
        }
        case 'DealActivityAdded':
          if (from === 'absent' || to === 'absent' || (event.data.activity.activity_type === 'note' ? to !== from : !dealStepsAllowed[from].includes(to))) {
            fail(`deal ${event.data.activity.activity_type} ${from} → ${to}`, recorded);
          }
          if (event.data.stage !== to) fail('the event names another stage than the deal has', recorded);
          checkActivityBounds(event.data.activity, recorded);
          break;
        case 'DealActivityEdited':
          if (from !== to) fail('editing an activity moved the deal', recorded);
          checkActivityBounds(event.data, recorded);
          break;
        case 'DealActivityDeleted':
          // Taking back a step: only on an open deal, and never to a closed stage.
          if (from === 'absent' || to === 'absent' || (from !== to && (isClosedStage(from) || isClosedStage(to)))) fail(`deal step deleted ${from} → ${to}`, recorded);
          if (event.data.stage !== to) fail('the event names another stage than the deal has', recorded);
          break;
        case 'DealContactPreferenceChanged':
          if (from !== to) fail('a contact preference moved the deal', recorded);
          break;
        default:
          fail(`unexpected deal event ${(event as { type: string }).type}`, recorded);
      }
      if (isProvider(actor) && event.data.provider_id !== actor) fail(`provider ${actor} changed another provider's deal`, recorded);
      if (isCustomer(actor) && event.type !== 'DealContactPreferenceChanged') fail(`customer ${actor} changed a deal`, recorded);
      if (isPerson(actor) && event.type === 'DealOpened') fail(`${actor} opened a deal (only the reactor does)`, recorded);
      return;
    }
  }
}

const inRange = (value: unknown, min: number, max: number) => typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max;

function checkBidBounds(bid: Record<string, unknown>, recorded: Recorded) {
  const { rate, maximumLvr, amount } = bidLimits;
  const problems = [
    !inRange(bid.interest_rate, rate.min, rate.max) && 'interest_rate',
    !inRange(bid.comparison_rate, rate.min, rate.max) && 'comparison_rate',
    bid.advertised_rate !== null && !inRange(bid.advertised_rate, rate.min, rate.max) && 'advertised_rate',
    bid.rate_reverts_to !== null && !inRange(bid.rate_reverts_to, rate.min, rate.max) && 'rate_reverts_to',
    !inRange(bid.maximum_lvr, maximumLvr.min, maximumLvr.max) && 'maximum_lvr',
    // The post's LVR (75%) never exceeds the maximum LVR of a recorded bid.
    typeof bid.maximum_lvr === 'number' && bid.maximum_lvr < postLvr && 'maximum_lvr below the post LVR',
    bid.amount !== null && !inRange(bid.amount, amount.min, amount.max) && 'amount',
    !inRange(bid.application_fee_value, 0, bidLimits.applicationFeeMax) && 'application_fee_value',
    !inRange(bid.ongoing_fees_value, 0, bidLimits.ongoingFeesMax) && 'ongoing_fees_value',
    bid.cash_back !== null && !inRange(bid.cash_back, 0, bidLimits.cashBackMax) && 'cash_back',
    (!Array.isArray(bid.required_documents) || bid.required_documents.length === 0) && 'required_documents',
  ].filter(Boolean);
  if (problems.length > 0) fail(`a recorded bid is out of bounds: ${problems.join(', ')}`, recorded);
}

function checkActivityBounds(activity: { amount: number | null; description: string | null; activity_date: string }, recorded: Recorded) {
  const at = recorded.event.type === 'DealActivityEdited' ? recorded.event.data.edited_at : (recorded.event.data as { activity: { created_at: string } }).activity.created_at;
  const problems = [
    activity.amount !== null && !inRange(activity.amount, dealLimits.minAmount, dealLimits.maxAmount) && 'amount',
    activity.description !== null && activity.description.length >= 1000 && 'description',
    !/^\d{4}-\d{2}-\d{2}$/.test(activity.activity_date) && 'activity_date format',
    activity.activity_date < dealLimits.earliestActivityDate && 'activity_date before 2017-01-01',
    Number(activity.activity_date.slice(0, 4)) > currentYearAt(at) && 'activity_date in a future year',
  ].filter(Boolean);
  if (problems.length > 0) fail(`a recorded activity is out of bounds: ${problems.join(', ')}`, recorded);
}

/** Checked after every step, across the aggregates. */
export function checkWorld(world: World): void {
  if (world.refusedReactions.length > 0) fail(`a reaction of the product was refused: ${world.refusedReactions.join('; ')}`);
  for (const post of postIds) {
    const state = world.post(post);
    const acceptances = world.acceptances.get(post) ?? 0;
    if (acceptances > 1) fail(`post ${post} accepted ${acceptances} bids`);
    const winning = 'winning_bid' in state ? state.winning_bid : null;
    // At most one bid per post is ever accepted, and it is the post's winning bid.
    const dealBids = world.bidsOf(post).filter((b) => dealBidStatuses.includes(b.status));
    if (dealBids.length > 1) fail(`post ${post} has ${dealBids.length} bids that are deals`);
    for (const bid of dealBids) if (bid.bid_id !== winning?.bid_id) fail(`bid ${bid.bid_id} is ${bid.status} but not the winning bid of ${post}`);
    const deals = [...world.deals.values()].filter((d) => d.status !== 'absent' && d.deal.post_id === post);
    if (deals.length > 1) fail(`post ${post} has ${deals.length} deals`);
    if (winning && state.status !== 'closed_lost' && deals.length === 0) fail(`post ${post} has a winning bid and no deal`);
  }
  for (const [dealId, deal] of world.deals) {
    if (deal.status === 'absent') continue;
    const bid = world.bid(deal.deal.bid_id);
    // The bid follows its deal's stage; the post its deal's outcome.
    const cancelledAndLost = bid.status === 'cancelled' && deal.position.stage === 'closed_lost';
    if (bid.status !== deal.position.stage && !cancelledAndLost) fail(`${dealId} is ${deal.position.stage} but its bid is ${bid.status}`);
    const post = world.post(deal.deal.post_id);
    if (isClosedStage(deal.position.stage) && post.status !== deal.position.stage) fail(`${dealId} is ${deal.position.stage} but its post is ${post.status}`);
    if (!isClosedStage(deal.position.stage) && post.status !== 'opportunity') fail(`${dealId} is open but its post is ${post.status}`);
  }
}
