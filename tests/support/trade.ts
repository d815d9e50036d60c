import { sql } from 'kysely';
import { expect } from 'vitest';
import { bidWarningCodes, type BidWarningCode } from '../../domain/bid/rules';
import type { BidFormInput } from '../../domain/bid/schemas';
import { refinanceBidTerms } from '../../domain/bid/test-fixtures';
import type { OrganisationType } from '../../domain/organisation/schemas';
import type { HomeLoan, HomeLoanPreferences } from '../../domain/post/schemas';
import { defaultPreferences } from '../../domain/post/schemas';
import { jane, john, livingCosts, refinanceLoan, salary } from '../../domain/post/test-fixtures';
import type { PostCommand } from '../../domain/post/commands';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import type { LifecycleActor } from '../../domain/post/lifecycle';
import { homeLoanProduct } from '../../domain/product/products';
import type { PostCommandBody } from '../../application/posts/run-post-command';
import { userDecider } from '../../domain/user/decider';
import { userStream } from '../../domain/user/events';
import type { PermissionChanges } from '../../domain/user/permissions';
import { handleCommand } from '../../infrastructure/command-handler';
import { parsePosition } from '../../infrastructure/event-store/event-store';
import { randomIds } from '../../infrastructure/ids';
import { projectionHealth, waitForProjections } from '../../projections/projection-status';
import { postHelpers } from './posts';
import type { TestApp } from './test-app';
import { as, type TestUser } from './users';

// The trade flow's starting points for API and browser tests (issue 5): an active post, a provider, a bid, all made
// through the same calls and commands the product uses. Other trade-flow tests add their helpers here.

export type ActivePost = {
  postId: string;
  homeLoanId: string;
  /** The customer who owns the post (an active account with a token). */
  owner: TestUser;
};

export type ActivePostOptions = {
  /** A customer of the test's own; a new active customer otherwise. */
  owner?: TestUser;
  /** Changes to the refinance loan of domain/post/test-fixtures.ts (450,000 on 600,000: LVR 75%, current rate 6.2%). */
  loan?: Partial<HomeLoan>;
  /** Changes to the default preferences (rate type and repayment type any, everything else optional). */
  preferences?: Partial<HomeLoanPreferences>;
  /** The slug of the campaign link the customer came with (`/create-post?slug=`). */
  campaignSlug?: string;
};

/** A customer's post, complete and published: `active` (Bidding). */
export async function activePost(app: TestApp, options: ActivePostOptions = {}): Promise<ActivePost> {
  const owner = options.owner ?? (await app.createUser({ userType: 'customer' }));
  const { call, created, postsUrl } = postHelpers(() => app);
  const postAdded = await call(owner, 'POST', postsUrl, { post: { urgency: 'within_1_month', ...(options.campaignSlug ? { campaign_slug: options.campaignSlug } : {}) } });
  const post = await created(postAdded);
  // The home loan's path names the post, looked up in the posts read model too.
  await settle(app, postAdded.headers['x-position']);
  const homeLoanAdded = await call(owner, 'POST', `/v2/posts/${post}/home_loans`, { home_loan: { ...refinanceLoan, ...options.loan } });
  const homeLoanId = await created(homeLoanAdded);
  // The next paths name the home loan, looked up in the posts read model (it lagged on a busy server).
  await settle(app, homeLoanAdded.headers['x-position']);
  await created(await call(owner, 'POST', `/v2/home_loans/${homeLoanId}/home_loan_preferences`, { home_loan_preferences: { ...defaultPreferences, ...options.preferences } }));
  const firstAdded = await call(owner, 'POST', `/v2/home_loans/${homeLoanId}/applicants`, { applicant: jane });
  const first = await created(firstAdded);
  const second = await created(await call(owner, 'POST', `/v2/home_loans/${homeLoanId}/applicants`, { applicant: john }));
  // The income's path names the applicant, which is looked up in the posts read model (slow on a busy machine).
  await settle(app, firstAdded.headers['x-position']);
  await created(await call(owner, 'POST', `/v2/applicants/${first}/incomes`, { income: salary }));
  const { applicants: _applicants, ...living } = livingCosts;
  await created(await call(owner, 'POST', `/v2/home_loans/${homeLoanId}/expenses`, { applicants: [first, second], expense: living }));
  const published = await call(owner, 'PATCH', `/v2/posts/${post}`, { operation: 'validate' });
  expect(published.statusCode, published.body).toBe(200);
  expect(published.json().status).toBe('active');
  return { postId: post, homeLoanId, owner };
}

export type TestProvider = TestUser & { organisationUuid: string; organisationName: string };

export type ProviderOptions = {
  /** Join this organisation (a colleague); a new organisation is made otherwise. */
  organisationUuid?: string;
  organisationType?: OrganisationType;
  organisationName?: string;
  /** Changes to the provider's default permissions (create_anonymous_bid and create_retention_bid are on by default). */
  permissions?: PermissionChanges;
};

let organisationCounter = 0;

/** An active provider (fsp) in an organisation of the directory, with its permissions changed as asked. */
export async function provider(app: TestApp, options: ProviderOptions = {}): Promise<TestProvider> {
  let organisationUuid = options.organisationUuid;
  let organisationName = options.organisationName ?? `Harbour Lending ${++organisationCounter}`;
  if (!organisationUuid) {
    const organisationType = options.organisationType ?? 'broker';
    // A broker has no category (ORGANISATION_BROKER_CATEGORY).
    const organisation = { name: organisationName, organisation_type: organisationType, ...(organisationType === 'financial_institution' ? { category: 'other_banks' } : {}) };
    const created = await app.asAdmin({ method: 'POST', url: `/v2/products/${homeLoanProduct.uuid}/organisations`, payload: { organisation } });
    // 202: created, but the read model lagged past the route's bounded wait (a busy machine); wait here instead.
    expect([201, 202], created.body).toContain(created.statusCode);
    const position = typeof created.headers['x-position'] === 'string' ? parsePosition(created.headers['x-position']) : null;
    if (position) await waitForProjections(app.database.db, ['organisations', 'users'], position, { timeoutMs: 30_000 });
    organisationUuid = created.json().uuid as string;
  } else if (!options.organisationName) {
    organisationName = '';
  }
  const user = await app.createUser({ userType: 'fsp', organisationUuid });
  if (options.permissions) {
    const result = await handleCommand({
      store: app.store,
      ids: randomIds,
      streamId: userStream(user.id),
      decider: userDecider,
      command: { type: 'ChangePermissions', data: { user_id: user.id, permissions: options.permissions, changed_by: app.admin.id } },
      context: { userId: app.admin.id, correlationId: 'test', causationId: null, now: new Date() },
    });
    if (!result.ok) throw new Error(`provider: ${result.error.message}`);
    if (result.position) await waitForProjections(app.database.db, ['users'], result.position, { timeoutMs: 10_000 });
  }
  return { ...user, organisationUuid, organisationName };
}

/** A bid the refinance post of `activePost` takes: 5.50% (comparison 5.60%) variable, maximum LVR 80%. */
export function validBid(organisationUuid: string, overrides: Partial<BidFormInput> = {}): BidFormInput {
  return { ...refinanceBidTerms, required_documents: refinanceBidTerms.required_documents.map((document) => ({ ...document })), organisation_uuid: organisationUuid, ...overrides };
}

export type PlaceBidOptions = {
  /** Every warning is confirmed unless the test says otherwise (a valid bid goes out). */
  confirmedWarnings?: BidWarningCode[];
};

/** `POST /v4/home_loans/{id}/bids` as the provider; waits until the bids read model shows the bid; answers its id. */
export async function placeBid(app: TestApp, bidder: TestProvider, homeLoanId: string, overrides: Partial<BidFormInput> = {}, options: PlaceBidOptions = {}): Promise<string> {
  const response = await app.app.inject(
    as(bidder, {
      method: 'POST',
      url: `/v4/home_loans/${homeLoanId}/bids`,
      payload: { home_loan_bid: validBid(bidder.organisationUuid, overrides), confirmed_warnings: options.confirmedWarnings ?? [...bidWarningCodes] },
    }),
  );
  expect(response.statusCode, response.body).toBe(201);
  await settle(app, response.headers['x-position']);
  return response.json().uuid as string;
}

/** Waits until the bids read model holds the write a response answered with (its X-Position). */
export async function settle(app: TestApp, positionHeader: string | string[] | number | undefined): Promise<void> {
  const position = typeof positionHeader === 'string' ? parsePosition(positionHeader) : null;
  if (position) await waitForProjections(app.database.db, ['bids', 'posts'], position, { timeoutMs: 30_000 });
}

// ── Dashboards (tests/api/post-lists.int.test.ts, post-privacy.int.test.ts) ─────────────────────────────────────

/** A command on the post's stream as the app's admin (or `actor`), waiting for the read models. */
export async function onPost(app: TestApp, command: PostCommandBody, actor: LifecycleActor = { user_id: app.admin.id, admin: true }): Promise<void> {
  const result = await handleCommand({
    store: app.store,
    ids: randomIds,
    streamId: postStream(command.data.post_id),
    decider: postDecider,
    command: { ...command, metadata: { actor, now: new Date().toISOString() } } as PostCommand,
    context: { userId: app.admin.id, correlationId: 'test', causationId: null, now: new Date() },
  });
  if (!result.ok) throw new Error(`onPost ${command.type}: ${result.error.message}`);
  if (result.position) await waitForProjections(app.database.db, ['posts', 'bids'], result.position, { timeoutMs: 10_000 });
}

/** The post records `bidId` as its winning bid (as an admin's acceptance does; the deal follows from the reactor). */
export const acceptOnPost = (app: TestApp, postId: string, bidId: string) => onPost(app, { type: 'AcceptBid', data: { post_id: postId, bid_id: bidId, bid_status: 'active' } });

/** An admin's promote_as_priority: the post moves to the providers' priority table. */
export const prioritise = (app: TestApp, postId: string) => onPost(app, { type: 'ChangePriority', data: { post_id: postId, operation: 'promote_as_priority' } });

/** An admin's delete: the post leaves every list. */
export const deletePost = (app: TestApp, postId: string) => onPost(app, { type: 'DeletePost', data: { post_id: postId } });

// Acceptance and deals (tests/api/acceptance.int.test.ts, deals.int.test.ts).

/** `POST /v1/posts/{post}/home_loan_bids/{bid}/accept` as the post's owner (or `by`), with the body given. */
export function acceptBid(app: TestApp, post: ActivePost, bidId: string, options: { by?: TestUser; body?: Record<string, unknown> } = {}) {
  return app.app.inject(as(options.by ?? post.owner, { method: 'POST', url: `/v1/posts/${post.postId}/home_loan_bids/${bidId}/accept`, payload: options.body ?? {} }));
}

export type OpenDeal = { post: ActivePost; bidder: TestProvider; bidId: string; dealId: string };

/** A post with a provider's bid that its owner accepted: the deal is open and readable when this resolves. */
export async function openDeal(app: TestApp, options: { bidder?: TestProvider } = {}): Promise<OpenDeal> {
  const post = await activePost(app);
  const bidder = options.bidder ?? (await provider(app));
  const bidId = await placeBid(app, bidder, post.homeLoanId);
  const accepted = await acceptBid(app, post, bidId);
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect(accepted.json().deal_opened).toBe(true);
  return { post, bidder, bidId, dealId: accepted.json().deal_id as string };
}

// ── Deals in the browser (tests/e2e/deals.e2e.test.ts) ────────────────────────────────────────────────────────────

/**
 * Accepts `bidId` as the post's owner with `body`, then waits until `reader` can open the deal: the acceptance waits
 * 5 s for the reactor, which a loaded machine can outlast. Answers the deal's id.
 */
export async function acceptedDeal(app: TestApp, post: ActivePost, bidId: string, reader: TestUser, body: Record<string, unknown> = {}): Promise<string> {
  const accepted = await acceptBid(app, post, bidId, { body });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const dealId = accepted.json().deal_id as string;
  // A loop, not expect.poll: this runs in beforeAll hooks too.
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const read = await app.app.inject(as(reader, { method: 'GET', url: `/v1/deals/${dealId}` }));
    if (read.statusCode === 200) return dealId;
  }
  throw new Error(`acceptedDeal: deal ${dealId} not readable after 30 s`);
}

// The post page (tests/e2e/post-detail.e2e.test.ts).

/** `PATCH /v4/home_loan_bids/{id}/cancel` as the app's admin, waiting for the read models. */
export async function cancelBidAsAdmin(app: TestApp, bidId: string, reason = 'Withdrawn by the lender'): Promise<void> {
  const response = await app.asAdmin({ method: 'PATCH', url: `/v4/home_loan_bids/${bidId}/cancel`, payload: { reason } });
  expect(response.statusCode, response.body).toBe(200);
  await settle(app, response.headers['x-position']);
}

/** The owner changes the post's preferences (`PATCH /v2/home_loan_preferences/{id}`), read models caught up. */
export async function changePreferences(app: TestApp, post: ActivePost, changes: Partial<HomeLoanPreferences>): Promise<void> {
  const read = await app.app.inject(as(post.owner, { method: 'GET', url: `/v4/posts/${post.postId}` }));
  expect(read.statusCode, read.body).toBe(200);
  const preferencesId = read.json().primary_home_loan.home_loan_preferences.uuid as string;
  const changed = await app.app.inject(as(post.owner, { method: 'PATCH', url: `/v2/home_loan_preferences/${preferencesId}`, payload: { home_loan_preferences: changes } }));
  expect(changed.statusCode, changed.body).toBe(200);
  await settle(app, changed.headers['x-position']);
}

/** The owner sets the post's preferences to not flexible: providers see a notice. */
export const notFlexible = (app: TestApp, post: ActivePost): Promise<void> => changePreferences(app, post, { flexible: false });

/**
 * Waits until every projection has applied the whole log: on embedded PGlite a catching-up runner holds the one
 * connection, so a browser test starts once the seeding's events are all applied.
 */
export async function projectionsIdle(app: TestApp, timeoutMs = 300_000): Promise<void> {
  // A loop rather than expect.poll, which only runs inside a test (this serves beforeAll).
  const deadline = Date.now() + timeoutMs;
  while (!(await projectionHealth(app.database.db, app.store)).every((p) => p.lag === 0) || (await eventsNotYetReadable(app)) > 0) {
    if (Date.now() > deadline) throw new Error('projectionsIdle: the projections did not catch up');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/**
 * Committed events the log does not hand out yet: it reads below the oldest transaction in progress in the
 * database (`events_horizon()`), so while one is open, a lag of 0 can hide events committed after it began.
 */
async function eventsNotYetReadable(app: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from events where transaction_id >= (select events_horizon())`.execute(app.database.db);
  return rows[0]!.n;
}
