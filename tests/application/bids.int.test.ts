import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BidRequest } from '../../application/bids/bid-facts';
import { bidPosts } from '../../application/bids/bid-posts';
import { cancelBid } from '../../application/bids/cancel-bid';
import { editBid } from '../../application/bids/edit-bid';
import { placeBidWorkflow, type PlaceBidResult } from '../../application/bids/place-bid';
import { bidErrors } from '../../domain/bid/decider';
import { bidStream } from '../../domain/bid/events';
import { bidWarningCodes } from '../../domain/bid/rules';
import { bidFormSchema } from '../../domain/bid/schemas';
import { postStream } from '../../domain/post/events';
import { lifecycleMessages } from '../../domain/post/lifecycle';
import { effectivePermissions } from '../../domain/user/permissions';
import { systemClock } from '../../infrastructure/clock';
import { randomIds } from '../../infrastructure/ids';
import { createTestApp, type TestApp } from '../support/test-app';
import { activePost, onPost, provider, type TestProvider, validBid } from '../support/trade';

// The bid workflows called directly (application/bids/, docs/bids.md), as the routes and, later, auto-bidding call
// them: two app processes placing on one post, each from its own remembered fold; cancelling on both streams.

let t: TestApp;
let bank: TestProvider;
let broker: TestProvider;
const deps = () => ({ db: t.database.db, store: t.store, ids: randomIds, clock: systemClock });
const asProvider = (who: TestProvider): BidRequest => ({ caller: { userId: who.id, userType: 'fsp', permissions: effectivePermissions('fsp', {}) }, correlationId: 'test' });
const form = (who: TestProvider, interest_rate: number) => bidFormSchema.parse(validBid(who.organisationUuid, { interest_rate, comparison_rate: interest_rate + 0.1 }));
const placed = (result: PlaceBidResult) => {
  if (!result.ok) throw new Error(`refused: ${result.error.code} ${result.error.message}`);
  return result;
};
const eventTypes = async (streamId: string) => (await t.store.readStream(streamId)).map((e) => e.type);

beforeAll(async () => {
  t = await createTestApp();
  bank = await provider(t);
  broker = await provider(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('placing bids from two processes', () => {
  it("each decides on its own remembered post, meets the other's registration at the append and decides again", async () => {
    const post = await activePost(t);
    const [first, second] = [placeBidWorkflow(deps(), bidPosts(deps())), placeBidWorkflow(deps(), bidPosts(deps()))];
    const place = (workflow: typeof first, who: TestProvider, rate: number) =>
      workflow(asProvider(who), { postId: post.postId, bid: form(who, rate), confirmedWarnings: [...bidWarningCodes] }).then(placed);

    expect((await place(first, bank, 5.5)).place).toBe('1st');
    expect((await place(second, broker, 5.3)).place).toBe('1st');
    // The first process still remembers the post without the second's bid: its append is refused, it reads again.
    const third = await place(first, bank, 5.4);
    expect(third.place).toBe('2nd');
    expect(third.row).toMatchObject({ post_id: post.postId, provider_id: bank.id, interest_rate: 5.4 });
    expect((await eventTypes(postStream(post.postId))).filter((type) => type === 'BidRegistered')).toHaveLength(3);
    expect(await eventTypes(bidStream(third.row.uuid))).toEqual(['BidPlaced']);
  });

  it('refuses a bid the remembered post would take once the stream says bidding has ended', async () => {
    const post = await activePost(t);
    const placeBid = placeBidWorkflow(deps(), bidPosts(deps()));
    const input = () => ({ postId: post.postId, bid: form(bank, 5.5), confirmedWarnings: [...bidWarningCodes] });
    placed(await placeBid(asProvider(bank), input()));
    await onPost(t, { type: 'EndBidding', data: { post_id: post.postId } });
    const refused = await placeBid(asProvider(bank), input());
    expect(refused).toEqual({ ok: false, error: { code: bidErrors.postNotOpen, message: lifecycleMessages.endBiddingConfirmation('Home Loan') } });
    expect((await eventTypes(postStream(post.postId))).filter((type) => type === 'BidRegistered')).toHaveLength(1);
  });
});

describe('changing a bid', () => {
  it("cancels on the post's stream and the bid's; a second cancellation is refused and writes nothing", async () => {
    const post = await activePost(t);
    const bid = placed(await placeBidWorkflow(deps(), bidPosts(deps()))(asProvider(bank), { postId: post.postId, bid: form(bank, 5.5), confirmedWarnings: [...bidWarningCodes] }));
    const cancelled = await cancelBid(deps(), asProvider(bank), { bidId: bid.row.uuid, reason: 'Withdrawn by the lender' });
    expect(cancelled.ok).toBe(true);
    expect(await eventTypes(postStream(post.postId))).toContain('BidWithdrawn');
    expect(await eventTypes(bidStream(bid.row.uuid))).toEqual(['BidPlaced', 'BidCancelled']);
    const again = await cancelBid(deps(), asProvider(bank), { bidId: bid.row.uuid, reason: 'Withdrawn by the lender' });
    expect(again).toMatchObject({ ok: false, error: { code: bidErrors.notCancellable } });
    expect(await eventTypes(bidStream(bid.row.uuid))).toEqual(['BidPlaced', 'BidCancelled']);
  });

  it("refuses an edit by another provider before reading the provider's facts", async () => {
    const post = await activePost(t);
    const bid = placed(await placeBidWorkflow(deps(), bidPosts(deps()))(asProvider(bank), { postId: post.postId, bid: form(bank, 5.5), confirmedWarnings: [...bidWarningCodes] }));
    const target = { bid_id: bid.row.uuid, post_id: post.postId, provider_id: bank.id, placed_at: bid.row.created_at.toISOString(), form: bid.row.form };
    const edited = await editBid(deps(), asProvider(broker), { bid: target, form: form(broker, 5.2), confirmedWarnings: [...bidWarningCodes] });
    expect(edited).toEqual({ ok: false, error: { code: bidErrors.notAllowed, message: 'Only the provider of this bid can change it.' } });
    expect(await eventTypes(bidStream(bid.row.uuid))).toEqual(['BidPlaced']);
  });
});
