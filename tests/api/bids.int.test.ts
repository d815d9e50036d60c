import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { bidWarningCodes } from '../../domain/bid/rules';
import { postDecider } from '../../domain/post/decider';
import { postStream } from '../../domain/post/events';
import { standingOf } from '../../domain/post/lifecycle';
import { loadState } from '../../infrastructure/command-handler';
import { bidStandingOf } from '../../projections/bids/queries';
import { bidView, postBidsView } from '../../contracts/bid';
import { expectRefused } from '../support/bad-input';
import { createTestApp, type TestApp } from '../support/test-app';
import { type ActivePost, activePost, openDeal, placeBid, provider, settle, type TestProvider, validBid } from '../support/trade';
import { as, type TestUser } from '../support/users';

// spec 3 §7 "Bids" through HTTP (docs/bids.md): placing with its refusals, reading per role, privacy, editing,
// cancelling, deleting, the documents, and bad input on every body field.

let t: TestApp;
let post: ActivePost;
let bank: TestProvider;

beforeAll(async () => {
  t = await createTestApp();
  post = await activePost(t);
  bank = await provider(t);
}, 120_000);
afterAll(async () => {
  await t.close();
});

type Who = Pick<TestUser, 'headers'>;
const send = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject(as(who, { method, url, ...(payload ? { payload } : {}) }));
const place = (who: TestProvider, homeLoanId: string, overrides: object = {}, confirmed: string[] = [...bidWarningCodes]) =>
  send(who, 'POST', `/v4/home_loans/${homeLoanId}/bids`, { home_loan_bid: validBid(who.organisationUuid, overrides), confirmed_warnings: confirmed });
const bidsOf = async (who: Who, postId: string) => {
  const response = await send(who, 'GET', `/v1/posts/${postId}/home_loan_bids`);
  expect(response.statusCode, response.body).toBe(200);
  return postBidsView.parse(response.json());
};

describe('placing a bid', () => {
  it('answers 201 with the bid, its place and figures; the read model and the post show it', async () => {
    const fresh = await activePost(t);
    const response = await place(bank, fresh.homeLoanId);
    expect(response.statusCode, response.body).toBe(201);
    const bid = bidView.parse(response.json());
    expect(bid).toMatchObject({ status: 'active', status_label: 'Active', place_label: '1st', group: 'standard', winning: false, auto_declare_eligible: true, loan_amount: 450_000 });
    expect(bid.organisation).toMatchObject({ uuid: bank.organisationUuid, name: bank.organisationName });
    expect(bid.monthly_savings).toBeGreaterThan(0);
    await settle(t, response.headers['x-position']);
    const listed = await bidsOf(post.owner, post.postId).catch(() => null);
    expect(listed).not.toBeNull();
    const own = await bidsOf(fresh.owner, fresh.postId);
    expect(own.result.map((b) => b.uuid)).toEqual([bid.uuid]);
  });

  it('answers exactly what the bid view allows, for every kind of bid and placer (the route skips the response check)', async () => {
    const fresh = await activePost(t);
    const answers = [
      await place(bank, fresh.homeLoanId),
      await place(await provider(t), fresh.homeLoanId, { bid_type: 'anonymous', show_private: true }),
      await place(await provider(t), fresh.homeLoanId, { bid_type: 'anonymous', show_private: false, amount: 400_000 }),
      await t.asAdmin({ method: 'POST', url: `/v4/home_loans/${fresh.homeLoanId}/bids`, payload: { home_loan_bid: validBid(bank.organisationUuid, { rate_type: 'fixed', fixed_period: 3 }), fsp_user_uuid: (await provider(t)).id, confirmed_warnings: [...bidWarningCodes] } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(201);
      // Parsing strips what the schema does not name and fails on a wrong type: the answer must come out unchanged.
      expect(answer.json()).toEqual(JSON.parse(JSON.stringify(bidView.parse(answer.json()))));
    }
    expect(answers[1]!.json()).toMatchObject({ bid_type: 'anonymous', show_private: true });
  });

  it('labels places by the post sort order; a better bid takes 1st', async () => {
    const fresh = await activePost(t);
    const other = await provider(t);
    const first = await placeBid(t, bank, fresh.homeLoanId, { interest_rate: 5.5, comparison_rate: 5.6 });
    const better = await placeBid(t, other, fresh.homeLoanId, { interest_rate: 5.2, comparison_rate: 5.3 });
    const listed = await bidsOf(fresh.owner, fresh.postId);
    expect(listed.result.map((b) => [b.uuid, b.place_label])).toEqual([
      [better, '1st'],
      [first, '2nd'],
    ]);
  });

  it("answers each new bid's place as the post's list ranks it: ties to the earlier bid, cancelled bids without a place, either sort order", async () => {
    const fresh = await activePost(t);
    const bidders = await Promise.all([1, 2, 3, 4, 5].map(() => provider(t)));
    // Places the bid, checks the answer's place against the list's, and whether it needed 'not beating the leading bid'.
    const placeAndCompare = async (bidder: TestProvider, rates: { interest_rate: number; comparison_rate: number }, expected: { place: string; beatsLeader: boolean }) => {
      const asked = await place(bidder, fresh.homeLoanId, rates, []);
      const warned = asked.statusCode === 409 && asked.json().warnings.some((w: { code: string }) => w.code === 'not_beating_leading_bid');
      expect(warned, asked.body).toBe(!expected.beatsLeader);
      const response = asked.statusCode === 201 ? asked : await place(bidder, fresh.homeLoanId, rates);
      expect(response.statusCode, response.body).toBe(201);
      await settle(t, response.headers['x-position']);
      const { uuid, place_label } = response.json();
      expect(place_label).toBe(expected.place);
      const listed = (await bidsOf(fresh.owner, fresh.postId)).result.find((b) => b.uuid === uuid);
      expect(listed?.place_label).toBe(place_label);
      return uuid as string;
    };
    await placeAndCompare(bidders[0]!, { interest_rate: 5.5, comparison_rate: 5.6 }, { place: '1st', beatsLeader: true });
    const better = await placeAndCompare(bidders[1]!, { interest_rate: 5.4, comparison_rate: 5.3 }, { place: '1st', beatsLeader: true });
    // The same comparison rate as the leader: the earlier bid keeps 1st, and an equal rate does not beat it.
    await placeAndCompare(bidders[2]!, { interest_rate: 5.2, comparison_rate: 5.3 }, { place: '2nd', beatsLeader: false });
    const cancelled = await send(bidders[1]!, 'PATCH', `/v4/home_loan_bids/${better}/cancel`, { reason: 'Rates changed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settle(t, cancelled.headers['x-position']);
    // The cancelled bid neither leads nor takes a place: 5.3 (the tie's later bid) leads now.
    await placeAndCompare(bidders[3]!, { interest_rate: 5.0, comparison_rate: 5.45 }, { place: '2nd', beatsLeader: false });
    // Sorted by interest rate, the 5.0 bid leads, and the warning compares with its comparison rate (5.45).
    const sorted = await send(fresh.owner, 'PATCH', `/v2/posts/${fresh.postId}`, { operation: 'set_sort', sort_by: 'interest_rate' });
    expect(sorted.statusCode, sorted.body).toBe(200);
    await placeAndCompare(bidders[4]!, { interest_rate: 5.1, comparison_rate: 5.4 }, { place: '2nd', beatsLeader: true });
  });

  it('refuses the LVR block with both percentages (422), writing nothing', async () => {
    const before = await t.eventCount();
    const response = await place(bank, post.homeLoanId, { maximum_lvr: 70 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'BID_LVR_TOO_HIGH', detail: "Your bid doesn't suit this Home Loan", lvr: { post_lvr: 75, maximum_lvr: 70 } });
    expect(response.json().lvr.detail).toContain('75.00%');
    expect(await t.eventCount()).toBe(before);
  });

  it('decides every bid on the post as it is now, though the server remembers the post from its bid before', async () => {
    const fresh = await activePost(t);
    const other = await provider(t);
    await placeBid(t, bank, fresh.homeLoanId);
    const editLoan = async (loan_amount: number) => {
      const edited = await send(fresh.owner, 'PATCH', `/v2/posts/${fresh.postId}`, { operation: 'edit', changes: [{ type: 'change_home_loan', home_loan: { loan_amount } }] });
      expect(edited.statusCode, edited.body).toBe(200);
    };
    // Raised from 75% to 90% since: a bid that suited the remembered post is blocked.
    await editLoan(540_000);
    const blocked = await place(other, fresh.homeLoanId, { maximum_lvr: 80 });
    expect(blocked.statusCode, blocked.body).toBe(422);
    expect(blocked.json().lvr).toMatchObject({ post_lvr: 90, maximum_lvr: 80 });
    // Lowered again: the remembered 90% would block, the post as it is takes the bid.
    await editLoan(450_000);
    expect((await place(other, fresh.homeLoanId, { maximum_lvr: 80 })).statusCode).toBe(201);
    // Bidding ended since the last bid: the remembered post was still taking bids.
    expect((await send(fresh.owner, 'PATCH', `/v2/posts/${fresh.postId}`, { operation: 'end_bidding_period' })).statusCode).toBe(200);
    const before = await t.eventCount();
    const late = await place(bank, fresh.homeLoanId);
    expect(late.statusCode, late.body).toBe(409);
    expect(await t.eventCount()).toBe(before);
  });

  it('asks to confirm warnings (409), then places the bid once confirmed', async () => {
    const fresh = await activePost(t);
    await placeBid(t, bank, fresh.homeLoanId, { comparison_rate: 5.0 });
    const before = await t.eventCount();
    const asked = await place(bank, fresh.homeLoanId, { interest_rate: 6.5, comparison_rate: 6.6 }, []);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe('BID_NEEDS_CONFIRMATION');
    expect(asked.json().warnings.map((w: { code: string }) => w.code).sort()).toEqual(['not_beating_leading_bid', 'rate_not_lower_than_current']);
    expect(await t.eventCount()).toBe(before);
    const confirmed = await place(bank, fresh.homeLoanId, { interest_rate: 6.5, comparison_rate: 6.6 }, ['not_beating_leading_bid', 'rate_not_lower_than_current']);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json()).toMatchObject({ auto_declare_eligible: false, place_label: '2nd' });
  });

  it('refuses a post that no longer takes bids (409 with the spec text) and a customer (403)', async () => {
    const fresh = await activePost(t);
    // A bid first: the API keeps the post's fold from it, and must still see the cancellation that follows.
    expect((await place(bank, fresh.homeLoanId)).statusCode).toBe(201);
    const ended = await send(fresh.owner, 'PATCH', `/v2/posts/${fresh.postId}`, { operation: 'cancel', reason: 'Found a loan elsewhere' });
    expect(ended.statusCode, ended.body).toBe(200);
    const before = await t.eventCount();
    const refused = await place(bank, fresh.homeLoanId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe("This Home Loan won't be able to receive any new bids.");
    const customer = await send(post.owner, 'POST', `/v4/home_loans/${post.homeLoanId}/bids`, { home_loan_bid: validBid(bank.organisationUuid) });
    expect(customer.statusCode).toBe(403);
    expect(await t.eventCount()).toBe(before);
  });

  it('refuses anonymous and retention bids without their permissions, and retention for another lender', async () => {
    const restricted = await provider(t, { permissions: { create_anonymous_bid: false, create_retention_bid: false } });
    const anonymous = await place(restricted, post.homeLoanId, { bid_type: 'anonymous' });
    expect(anonymous.statusCode).toBe(422);
    expect(anonymous.json().errors['home_loan_bid.bid_type']).toEqual(['You are not allowed to place anonymous bids.']);
    const retention = await place(restricted, post.homeLoanId, { bid_type: 'retention' });
    expect(retention.json().errors['home_loan_bid.bid_type']).toEqual(['You are not allowed to place retention bids.']);
    const notTheirCustomer = await place(bank, post.homeLoanId, { bid_type: 'retention' });
    expect(notTheirCustomer.statusCode).toBe(422);
    expect(notTheirCustomer.json().errors['home_loan_bid.organisation_uuid']).toEqual(["A retention bid is only for your own organisation's customer."]);
  });

  it("takes a retention bid from the customer's current lender; it is grouped as retention", async () => {
    const lender = await provider(t);
    const own = await activePost(t, { loan: { organisation: null, organisation_uuid: lender.organisationUuid } });
    const id = await placeBid(t, lender, own.homeLoanId, { bid_type: 'retention' });
    const listed = await bidsOf(own.owner, own.postId);
    expect(listed.result.find((b) => b.uuid === id)?.group).toBe('retention');
  });

  it("a financial institution's provider bids only for its own organisation", async () => {
    const institution = await provider(t, { organisationType: 'financial_institution' });
    const response = await place({ ...institution, organisationUuid: bank.organisationUuid }, post.homeLoanId);
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toContain('home_loan_bid.organisation_uuid');
  });

  it('an admin places a bid for a provider named by fsp_user_uuid', async () => {
    const fresh = await activePost(t);
    const missing = await t.asAdmin({ method: 'POST', url: `/v4/home_loans/${fresh.homeLoanId}/bids`, payload: { home_loan_bid: validBid(bank.organisationUuid) } });
    expect(missing.statusCode).toBe(422);
    const response = await t.asAdmin({
      method: 'POST',
      url: `/v4/home_loans/${fresh.homeLoanId}/bids`,
      payload: { home_loan_bid: validBid(bank.organisationUuid), fsp_user_uuid: bank.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().provider.uuid).toBe(bank.id);
  });

  it('an admin naming no provider we know is refused, while bids placed at the same moment go through', async () => {
    const [fresh, other] = await Promise.all([activePost(t), activePost(t)]);
    const [unknown, placed] = await Promise.all([
      t.asAdmin({
        method: 'POST',
        url: `/v4/home_loans/${fresh.homeLoanId}/bids`,
        payload: { home_loan_bid: validBid(bank.organisationUuid), fsp_user_uuid: '00000000-0000-4000-8000-000000000000' },
      }),
      place(bank, other.homeLoanId),
    ]);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ fsp_user_uuid: ['No such active provider.'] });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await bidsOf(t.admin, fresh.postId)).total_records).toBe(0);
  });

  it('an unknown home loan is 404', async () => {
    const response = await place(bank, '00000000-0000-4000-8000-000000000000');
    expect(response.statusCode).toBe(404);
  });
});

describe('bad input on every body field: 422 naming the field, nothing written', () => {
  const cases: [string, object, string][] = [
    ['bid_type', { bid_type: 'secret' }, 'home_loan_bid.bid_type'],
    ['show_private', { show_private: 'yes' }, 'home_loan_bid.show_private'],
    ['amount', { amount: 100 }, 'home_loan_bid.amount'],
    ['organisation_uuid', { organisation_uuid: 'acme' }, 'home_loan_bid.organisation_uuid'],
    ['financial_institution_product', { financial_institution_product: 'x' }, 'home_loan_bid.financial_institution_product'],
    ['home_loan_bid_template_uuid', { home_loan_bid_template_uuid: 'x' }, 'home_loan_bid.home_loan_bid_template_uuid'],
    ['product_name', { product_name: 'x'.repeat(101) }, 'home_loan_bid.product_name'],
    ['interest_rate (low)', { interest_rate: 1 }, 'home_loan_bid.interest_rate'],
    ['interest_rate (decimals)', { interest_rate: 5.555 }, 'home_loan_bid.interest_rate'],
    ['interest_rate (text)', { interest_rate: 'five' }, 'home_loan_bid.interest_rate'],
    ['comparison_rate', { comparison_rate: 16 }, 'home_loan_bid.comparison_rate'],
    ['advertised_rate', { advertised_rate: 0 }, 'home_loan_bid.advertised_rate'],
    ['discretionary_rate', { discretionary_rate: 1 }, 'home_loan_bid.discretionary_rate'],
    ['introductory_rate without revert', { introductory_rate: true }, 'home_loan_bid.rate_reverts_to'],
    ['rate_reverts_after', { rate_reverts_after: 61 }, 'home_loan_bid.rate_reverts_after'],
    ['rate_type', { rate_type: 'split' }, 'home_loan_bid.rate_type'],
    ['fixed_period missing', { rate_type: 'fixed' }, 'home_loan_bid.fixed_period'],
    ['fixed_period', { rate_type: 'fixed', fixed_period: 6 }, 'home_loan_bid.fixed_period'],
    ['type_of_loan', { type_of_loan: null }, 'home_loan_bid.type_of_loan'],
    ['repayment_type', { repayment_type: 'balloon' }, 'home_loan_bid.repayment_type'],
    ['interest_only_period', { repayment_type: 'interest_only' }, 'home_loan_bid.interest_only_period'],
    ['maximum_lvr', { maximum_lvr: 101 }, 'home_loan_bid.maximum_lvr'],
    ['offset', { offset: 'no' }, 'home_loan_bid.offset'],
    ['packaged', { packaged: 2 }, 'home_loan_bid.packaged'],
    ['application_fee_type', { application_fee_type: '€' }, 'home_loan_bid.application_fee_type'],
    ['application_fee_value', { application_fee_value: 20_001 }, 'home_loan_bid.application_fee_value'],
    ['ongoing_fees_value', { ongoing_fees_value: -1 }, 'home_loan_bid.ongoing_fees_value'],
    ['ongoing_fees_period', { ongoing_fees_period: 'weekly' }, 'home_loan_bid.ongoing_fees_period'],
    ['cash_back', { cash_back: 50_001 }, 'home_loan_bid.cash_back'],
    ['offer_description', { offer_description: 'x'.repeat(5001) }, 'home_loan_bid.offer_description'],
    ['required_documents empty', { required_documents: [] }, 'home_loan_bid.required_documents'],
    ['required document quantity', { required_documents: [{ document_type: 'Payslips', quantity: 0, mandatory: true }] }, 'home_loan_bid.required_documents.0.quantity'],
    ['optional document', { optional_documents: [{ document: '' }] }, 'home_loan_bid.optional_documents.0.document'],
    ['unknown field', { colour: 'red' }, 'home_loan_bid.colour'],
  ];
  it.each(cases)('%s', async (_name, overrides, field) => {
    const before = await t.eventCount();
    const response = await place(bank, post.homeLoanId, overrides);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(Object.keys(response.json().errors ?? {})).toContain(field);
    expect(await t.eventCount()).toBe(before);
  });

  it('a missing wrapper, unknown warnings, malformed JSON', async () => {
    const url = `/v4/home_loans/${post.homeLoanId}/bids`;
    await expectRefused(t, { name: 'no wrapper', method: 'POST', url, payload: '{}', status: 422, field: 'home_loan_bid' });
    await expectRefused(t, {
      name: 'unknown warning',
      method: 'POST',
      url,
      payload: JSON.stringify({ home_loan_bid: validBid(bank.organisationUuid), confirmed_warnings: ['nope'], fsp_user_uuid: bank.id }),
      status: 422,
      field: 'confirmed_warnings.0',
    });
    await expectRefused(t, { name: 'malformed', method: 'POST', url, payload: '{"home_loan_bid":', status: 400 });
  });
});

describe('reading bids per role and privacy', () => {
  it('a provider lists its own bids; with view_all_within_organisation the organisation’s, with their owner; an admin all', async () => {
    const fresh = await activePost(t);
    const colleague = await provider(t, { organisationUuid: bank.organisationUuid, organisationName: bank.organisationName });
    const viewer = await provider(t, { organisationUuid: bank.organisationUuid, organisationName: bank.organisationName, permissions: { view_all_within_organisation: true } });
    const mine = await placeBid(t, bank, fresh.homeLoanId);
    const theirs = await placeBid(t, colleague, fresh.homeLoanId);
    const filter = `filter[post_id]=${fresh.postId}`;
    const own = (await send(bank, 'GET', `/v4/home_loan_bids?${filter}`)).json();
    expect(own.result.map((b: { uuid: string }) => b.uuid)).toEqual([mine]);
    const organisation = (await send(viewer, 'GET', `/v4/home_loan_bids?${filter}`)).json();
    expect(organisation.result.map((b: { uuid: string }) => b.uuid).sort()).toEqual([mine, theirs].sort());
    expect(organisation.result.every((b: { provider: { full_name: string | null } }) => b.provider.full_name)).toBe(true);
    const alias = (await send(bank, 'GET', `/v1/fsps/bids?status=active&${filter}`)).json();
    expect(alias.total_records).toBe(1);
    const all = await t.asAdmin({ method: 'GET', url: `/v5/home_loan_bids?${filter}` });
    expect(all.json().total_records).toBe(2);
    const one = await send(colleague, 'GET', `/v4/home_loan_bids/${mine}`);
    expect(one.statusCode).toBe(404); // a colleague without the organisation view
    expect((await send(viewer, 'GET', `/v4/home_loan_bids/${mine}`)).statusCode).toBe(200);
    expect((await send(fresh.owner, 'GET', `/v4/home_loan_bids/${mine}`)).statusCode).toBe(200);
    expect((await send(post.owner, 'GET', `/v4/home_loan_bids/${mine}`)).statusCode).toBe(404);
  });

  it("a customer sees only their own posts' bids", async () => {
    const other = await t.createUser({ userType: 'customer' });
    expect((await send(other, 'GET', `/v1/posts/${post.postId}/home_loan_bids`)).statusCode).toBe(404);
  });

  it('an anonymous bid with show_private hides the organisation and provider from other providers, not from the customer or an admin', async () => {
    const fresh = await activePost(t);
    const rival = await provider(t);
    const id = await placeBid(t, bank, fresh.homeLoanId, { bid_type: 'anonymous', show_private: true });
    const seenBy = async (who: Who) => (await bidsOf(who, fresh.postId)).result.find((b) => b.uuid === id)!;
    const byRival = await seenBy(rival);
    expect(byRival).toMatchObject({ organisation: null, provider: null, group: 'anonymous', show_private: true });
    expect(byRival.home_loan_bid.organisation_uuid).toBeNull();
    expect(JSON.stringify(byRival)).not.toContain(bank.organisationUuid);
    expect((await seenBy(fresh.owner)).organisation?.uuid).toBe(bank.organisationUuid);
    expect((await seenBy(t.admin)).organisation?.uuid).toBe(bank.organisationUuid);
    expect((await seenBy(bank)).organisation?.uuid).toBe(bank.organisationUuid);
    // Without show_private the organisation shows.
    const open = await placeBid(t, bank, fresh.homeLoanId, { bid_type: 'anonymous', show_private: false });
    expect((await bidsOf(rival, fresh.postId)).result.find((b) => b.uuid === open)?.organisation?.uuid).toBe(bank.organisationUuid);
  });
});

describe('editing, cancelling, deleting', () => {
  it('the provider edits its active bid (same LVR block and warnings); another provider cannot', async () => {
    const fresh = await activePost(t);
    const id = await placeBid(t, bank, fresh.homeLoanId);
    const url = `/v4/home_loan_bids/${id}`;
    const edited = await send(bank, 'PATCH', url, { home_loan_bid: validBid(bank.organisationUuid, { interest_rate: 5.1, comparison_rate: 5.2 }) });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ interest_rate: 5.1, comparison_rate: 5.2, place_label: '1st' });
    const blocked = await send(bank, 'PATCH', url, { home_loan_bid: validBid(bank.organisationUuid, { maximum_lvr: 60 }) });
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().code).toBe('BID_LVR_TOO_HIGH');
    const rival = await provider(t);
    expect((await send(rival, 'PATCH', url, { home_loan_bid: validBid(rival.organisationUuid) })).statusCode).toBe(404);
  });

  it("an edit's new rates rank the next bid at once (the post records them); an edit that keeps the rates writes nothing on the post", async () => {
    const fresh = await activePost(t);
    const [first, second, third] = await Promise.all([provider(t), provider(t), provider(t)]);
    const a = await placeBid(t, first, fresh.homeLoanId, { interest_rate: 5.4, comparison_rate: 5.5 });
    await placeBid(t, second, fresh.homeLoanId, { interest_rate: 5.5, comparison_rate: 5.6 });
    const edited = await send(first, 'PATCH', `/v4/home_loan_bids/${a}`, { home_loan_bid: validBid(first.organisationUuid, { interest_rate: 5.6, comparison_rate: 5.7 }), confirmed_warnings: [...bidWarningCodes] });
    expect(edited.statusCode, edited.body).toBe(200);
    const postEvents = async () => (await t.store.readStream(postStream(fresh.postId))).map((event) => event.type);
    expect((await postEvents()).filter((type) => type === 'BidRatesChanged')).toHaveLength(1);
    // No wait for the read models: 5.6 leads now, and 5.65 comes 2nd, before the edited 5.7.
    const asked = await place(third, fresh.homeLoanId, { interest_rate: 5.5, comparison_rate: 5.65 }, []);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json().warnings).toContainEqual(expect.objectContaining({ code: 'not_beating_leading_bid', message: expect.stringContaining('5.60%') }));
    const placed = await place(third, fresh.homeLoanId, { interest_rate: 5.5, comparison_rate: 5.65 });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().place_label).toBe('2nd');
    await settle(t, placed.headers['x-position']);
    expect((await bidsOf(fresh.owner, fresh.postId)).result.map((bid) => [bid.comparison_rate, bid.place_label])).toEqual([[5.6, '1st'], [5.65, '2nd'], [5.7, '3rd']]);
    // A document added keeps the rates: the post stream is left alone.
    const before = await postEvents();
    const document = await send(first, 'POST', `/v1/home_loan_bids/${a}/required_documents`, { required_document: { document_type: 'Payslips', description: null, quantity: 2, mandatory: true } });
    expect(document.statusCode, document.body).toBe(200);
    expect(await postEvents()).toEqual(before);
  });

  it('an edit is measured against the leading bid other than itself, as the post records them (no wait for the read models)', async () => {
    const fresh = await activePost(t);
    const [first, second] = await Promise.all([provider(t), provider(t)]);
    const a = await placeBid(t, first, fresh.homeLoanId, { interest_rate: 5.4, comparison_rate: 5.5 });
    const b = await placeBid(t, second, fresh.homeLoanId, { interest_rate: 5.5, comparison_rate: 5.6 });
    const editTo = (bidder: typeof first, bidId: string, rates: { interest_rate: number; comparison_rate: number }) =>
      send(bidder, 'PATCH', `/v4/home_loan_bids/${bidId}`, { home_loan_bid: validBid(bidder.organisationUuid, rates), confirmed_warnings: [] });
    // The leader raising its rate is measured against the other bid (5.60%), not against itself: no warning.
    const leader = await editTo(first, a, { interest_rate: 5.45, comparison_rate: 5.58 });
    expect(leader.statusCode, leader.body).toBe(200);
    // At once, the other bid's 5.59 does not beat the edited 5.58.
    const other = await editTo(second, b, { interest_rate: 5.45, comparison_rate: 5.59 });
    expect(other.statusCode, other.body).toBe(409);
    expect(other.json().warnings).toContainEqual(expect.objectContaining({ code: 'not_beating_leading_bid', message: expect.stringContaining('5.58%') }));
  });

  it("the read model's standing (for posts with bids from before the post kept rates) agrees with the post's own", async () => {
    const fresh = await activePost(t);
    const bidders = await Promise.all([1, 2, 3, 4].map(() => provider(t)));
    const ids = [];
    for (const [i, bidder] of bidders.entries()) ids.push(await placeBid(t, bidder, fresh.homeLoanId, { interest_rate: 5.2 + (i % 2) / 10, comparison_rate: 5.9 - i / 10 }));
    const edited = await send(bidders[0]!, 'PATCH', `/v4/home_loan_bids/${ids[0]}`, { home_loan_bid: validBid(bidders[0]!.organisationUuid, { interest_rate: 5.25, comparison_rate: 5.45 }), confirmed_warnings: [...bidWarningCodes] });
    expect(edited.statusCode, edited.body).toBe(200);
    const cancelled = await send(bidders[3]!, 'PATCH', `/v4/home_loan_bids/${ids[3]}/cancel`, { reason: 'Rates changed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await settle(t, cancelled.headers['x-position']);
    const { state } = await loadState(t.store, postStream(fresh.postId), postDecider);
    if (state.status !== 'active') throw new Error(`the post is ${state.status}`);
    for (const [interest_rate, comparison_rate] of [[5.0, 5.0], [5.25, 5.45], [5.3, 5.7], [6.0, 6.5]] as const) {
      const ask = { bid_id: randomUUID(), interest_rate, comparison_rate, placed_at: new Date().toISOString() };
      const fold = standingOf(state, ask);
      expect(fold).not.toBeNull();
      expect(await bidStandingOf(t.database.db, { ...ask, post_id: fresh.postId })).toEqual(fold);
    }
  });

  it("cancels with a reason (own bid or admin; 'The reason is required.'), never twice; the place becomes Cancelled", async () => {
    const fresh = await activePost(t);
    const id = await placeBid(t, bank, fresh.homeLoanId);
    const url = `/v4/home_loan_bids/${id}/cancel`;
    const before = await t.eventCount();
    const noReason = await send(bank, 'PATCH', url, { reason: '  ' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toEqual(['The reason is required.']);
    expect(await t.eventCount()).toBe(before);
    const cancelled = await send(bank, 'PATCH', url, { reason: 'Rates changed' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', place_label: 'Cancelled', group: 'cancelled' });
    const again = await t.asAdmin({ method: 'PATCH', url, payload: { reason: 'Again' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('BID_NOT_CANCELLABLE');
  });

  it('an admin deletes a bid: it leaves every list; a provider cannot delete', async () => {
    const fresh = await activePost(t);
    const id = await placeBid(t, bank, fresh.homeLoanId);
    expect((await send(bank, 'DELETE', `/v4/home_loan_bids/${id}`)).statusCode).toBe(403);
    const deleted = await t.asAdmin({ method: 'DELETE', url: `/v4/home_loan_bids/${id}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await bidsOf(fresh.owner, fresh.postId)).result).toEqual([]);
    expect((await t.asAdmin({ method: 'GET', url: `/v4/home_loan_bids/${id}` })).statusCode).toBe(404);
  });

  it("an admin deleting the post takes its bids out of every list", async () => {
    const fresh = await activePost(t);
    const id = await placeBid(t, bank, fresh.homeLoanId);
    const deleted = await t.asAdmin({ method: 'PATCH', url: `/v2/posts/${fresh.postId}`, payload: { operation: 'delete' } });
    expect(deleted.statusCode, deleted.body).toBe(204);
    await settle(t, deleted.headers['x-position']);
    expect((await send(bank, 'GET', `/v4/home_loan_bids/${id}`)).statusCode).toBe(404);
    expect((await t.asAdmin({ method: 'GET', url: `/v5/home_loan_bids?filter[post_id]=${fresh.postId}` })).json().total_records).toBe(0);
    // The server remembers the home loan's post from the bid before; the post's stream still says it is gone.
    const again = await place(bank, fresh.homeLoanId);
    expect(again.statusCode, again.body).toBe(404);
  });

  it('required and optional documents: listed, added, changed, removed (not the last one)', async () => {
    const fresh = await activePost(t);
    const id = await placeBid(t, bank, fresh.homeLoanId);
    const listed = (await send(fresh.owner, 'GET', `/v1/home_loan_bids/${id}/required_documents`)).json().result;
    expect(listed).toHaveLength(1);
    const only = listed[0].uuid as string;
    expect((await send(bank, 'DELETE', `/v1/required_documents/${only}`)).statusCode).toBe(422);
    const added = await send(bank, 'POST', `/v1/home_loan_bids/${id}/required_documents`, { required_document: { document_type: 'Tax returns', description: null, quantity: 1, mandatory: false } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().home_loan_bid.required_documents).toHaveLength(2);
    const changed = await send(bank, 'PATCH', `/v1/required_documents/${only}`, { required_document: { document_type: 'Payslips', description: 'Three', quantity: 3, mandatory: true } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().home_loan_bid.required_documents[0]).toMatchObject({ uuid: only, quantity: 3 });
    expect((await send(bank, 'DELETE', `/v1/required_documents/${only}`)).statusCode).toBe(200);
    const optional = await send(bank, 'POST', `/v1/home_loan_bids/${id}/home_loan_bid_optional_documents`, { home_loan_bid_optional_document: { document: 'https://example.com/kfs.pdf' } });
    expect(optional.json().home_loan_bid.optional_documents).toEqual([{ uuid: expect.any(String), document: 'https://example.com/kfs.pdf' }]);
    const bad = await send(bank, 'POST', `/v1/home_loan_bids/${id}/required_documents`, { required_document: { document_type: '', quantity: 0, mandatory: true } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['required_document.document_type', 'required_document.quantity']));
    expect((await send(bank, 'GET', '/v1/document_types')).json().result.length).toBeGreaterThan(3);
  });
});

describe('bid expiry', () => {
  it('the active bids of a cancelled post expire (reactor, once)', async () => {
    const fresh = await activePost(t);
    const id = await placeBid(t, bank, fresh.homeLoanId);
    const cancelled = await send(fresh.owner, 'PATCH', `/v2/posts/${fresh.postId}`, { operation: 'cancel', reason: 'Not needed' });
    expect(cancelled.statusCode).toBe(200);
    await expect.poll(async () => (await t.asAdmin({ method: 'GET', url: `/v4/home_loan_bids/${id}` })).json().status, { timeout: 20_000, interval: 200 }).toBe('expired');
    const events = await t.store.readStream(`bid-${id}`);
    expect(events.filter((e) => e.type === 'BidExpired')).toHaveLength(1);
  });
});

describe('a bid racing the end of bidding (PostgreSQL server, concurrent requests)', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await createTestApp({ database: 'server' });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('every bid is either recorded before BiddingEnded or refused; nothing is recorded after it', async () => {
    const racing = await activePost(server);
    const bidders = await Promise.all(Array.from({ length: 6 }, () => provider(server)));
    const placements = bidders.flatMap((bidder) =>
      Array.from({ length: 4 }, (_, i) =>
        server.app.inject(
          as(bidder, {
            method: 'POST',
            url: `/v4/home_loans/${racing.homeLoanId}/bids`,
            payload: { home_loan_bid: validBid(bidder.organisationUuid, { interest_rate: 5 + i / 10, comparison_rate: 5.1 + i / 10 }), confirmed_warnings: [...bidWarningCodes] },
          }),
        ),
      ),
    );
    // The owner ends bidding in the middle; under a burst of bids the end may meet 409 CONFLICT and is sent again
    // (as a person or the scheduler would).
    const endBidding = async () => {
      for (let attempt = 1; ; attempt++) {
        const answer = await server.app.inject(as(racing.owner, { method: 'PATCH', url: `/v2/posts/${racing.postId}`, payload: { operation: 'end_bidding_period' } }));
        if (answer.statusCode !== 409 || attempt >= 20) return answer;
      }
    };
    // The end goes out as soon as the first bid is in, while the others are still on their way.
    const firstPlaced = Promise.race(placements.map((placement) => placement.then((answer) => (answer.statusCode === 201 ? answer : new Promise<never>(() => {})))));
    const ending = Promise.race([firstPlaced, Promise.all(placements)]).then(endBidding);
    const [answers, ended] = await Promise.all([Promise.all(placements), ending]);
    expect(ended.statusCode, ended.body).toBe(200);
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    const placed = answers.filter((a) => a.statusCode === 201).map((a) => a.json().uuid as string);
    expect(placed.length).toBeGreaterThan(0);

    const postEvents = await server.store.readStream(`post-${racing.postId}`);
    const endIndex = postEvents.findIndex((e) => e.type === 'BiddingEnded');
    expect(endIndex).toBeGreaterThan(0);
    const registered = postEvents.flatMap((e, index) => (e.type === 'BidRegistered' ? [{ bid: (e.data as { bid_id: string }).bid_id, index }] : []));
    // Registered exactly the bids answered 201, all before the end.
    expect(registered.map((r) => r.bid).sort()).toEqual([...placed].sort());
    expect(registered.every((r) => r.index < endIndex)).toBe(true);
    for (const bid of placed) expect((await server.store.readStream(`bid-${bid}`)).map((e) => e.type)).toEqual(['BidPlaced']);
    // Refused bids wrote nothing: the bid streams are exactly the registered ones.
    const { rows } = await sql<{ n: string }>`select count(distinct stream_id)::text as n from events where stream_id like 'bid-%'`.execute(server.database.db);
    expect(Number(rows[0]!.n)).toBe(placed.length);
  }, 120_000);
});

describe('the bidding limit (docs/deals.md "Bidding limits")', () => {
  it('refuses a provider whose accepted or contacted limit is maxed (403), writing nothing; a raised limit bids again', async () => {
    const bidder = await provider(t);
    const setLimit = async (accepted: number) => {
      const answer = await t.asAdmin({ method: 'PATCH', url: `/v1/users/${bidder.id}`, payload: { user: { fsp: { bids_accepted_limit: accepted, bids_contacted_limit: 5 } } } });
      expect(answer.statusCode, answer.body).toBe(200);
      await settle(t, answer.headers['x-position']);
    };
    await setLimit(1);
    await openDeal(t, { bidder });
    const fresh = await activePost(t);
    const before = await t.eventCount();
    const refused = await place(bidder, fresh.homeLoanId);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'BIDDING_LIMIT_REACHED', detail: 'You have reached your bidding limit.' });
    expect(await t.eventCount()).toBe(before);

    await setLimit(2);
    expect((await place(bidder, fresh.homeLoanId)).statusCode).toBe(201);
  });
});
