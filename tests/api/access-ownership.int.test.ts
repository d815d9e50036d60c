import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidWarningCodes } from '../../domain/bid/rules';
import { defaultPreferences } from '../../domain/post/schemas';
import { jane, livingCosts, refinanceLoan, salary } from '../../domain/post/test-fixtures';
import { postHelpers } from '../support/posts';
import { createTestApp, type TestApp } from '../support/test-app';
import { type ActivePost, acceptedDeal, activePost, placeBid, projectionsIdle, provider, settle, type TestProvider, validBid } from '../support/trade';
import { multipartFile, pdfFile } from '../support/uploads';
import { as, type TestUser } from '../support/users';

// Ownership, with real resources (issue 7 item 4, docs/security.md "Access matrix"): tests/api/access-matrix.int.test.ts
// calls every route as every role with ids nobody has; this suite calls every route that takes the id of something
// somebody owns with that thing, as an anonymous caller, another customer, a provider of another organisation and
// the owner. Refusals answer as the row says and write no event; what an outsider may read (an active post, the
// auction room's bids) shows none of the customer's personal data; the owner (or the party allowed) succeeds.
// A documented route with an id in its path that is in neither table fails the test.
//
// The second part follows the customer's personal data (name, e-mail, mobile, the applicants) through every read
// a provider has: only the provider holding the winning bid sees it.

let t: TestApp;
/** The customer who owns everything customer-side here; a mobile number of its own so it can be looked for. */
let owner: TestUser;
let otherCustomer: TestUser;
/** The bidder: owns the bids, notes, deal and its side of the conversation. */
let bidder: TestProvider;
/** Another organisation's provider, with the organisation-wide rights a manager has: the strongest outsider. */
let outsider: TestProvider;
let open: ActivePost;
let openBid: string;
let draft: { post: string; homeLoan: string; preferences: string; applicants: readonly [string, string]; income: string; expense: string };
let deal: { post: ActivePost; bidId: string; dealId: string; losingBid: string };
let conversationId: string;
let outsiderConversationId: string;
let noteId: string;
let activityId: string;
/** What must never reach an outsider: the owner's e-mail, surname, mobile number and the applicants' surname. */
let personal: string[];

const OWNER_MOBILE = '0491570156';
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date());
const posts = postHelpers(() => t);

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (who: TestUser | null, method: Method, url: string, payload?: Record<string, unknown>, file?: Buffer) => {
  const body = file ? multipartFile(file) : method === 'POST' || method === 'PATCH' ? { payload: payload ?? {} } : {};
  const request = { method, url, ...body };
  return t.app.inject(who ? as(who, request) : request);
};
/** Adds a note activity to the deal as the bidder; answers the activity's uuid (the answer is the whole deal). */
async function noteActivity(dealId: string, description: string): Promise<string> {
  const response = await call(bidder, 'POST', `/v1/deals/${dealId}/activities`, { operation: 'note', description, activity_date: today() });
  expect(response.statusCode, response.body).toBe(201);
  await settle(t, response.headers['x-position']);
  return (response.json().activities as { uuid: string; description: string | null }[]).find((a) => a.description === description)!.uuid;
}
async function created(response: LightMyRequestResponse): Promise<string> {
  expect(response.statusCode, response.body).toBeLessThan(300);
  await settle(t, response.headers['x-position']);
  return response.json().uuid as string;
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createUser({ userType: 'customer', mobileNumber: OWNER_MOBILE });
  otherCustomer = await t.createUser({ userType: 'customer' });
  bidder = await provider(t);
  outsider = await provider(t, { permissions: { view_all_within_organisation: true, manage_permissions_for_fsps_within_org: true } });

  open = await activePost(t, { owner });
  openBid = await placeBid(t, bidder, open.homeLoanId);
  draft = await posts.completePost(owner);
  conversationId = (await call(bidder, 'POST', `/v1/posts/${open.postId}/conversations`)).json().uuid;
  await created(await call(owner, 'POST', `/v1/conversations/${conversationId}/messages`, { message: 'Call me after five' }));
  noteId = await created(await call(bidder, 'POST', `/v1/posts/${open.postId}/notes`, { note: 'Spoke to the customer', contacted_at: today() }));

  // A post won by the bidder, on which the outsider bid too and lost, having chatted with the customer.
  const won = await activePost(t, { owner });
  const winning = await placeBid(t, bidder, won.homeLoanId);
  const losingBid = await placeBid(t, outsider, won.homeLoanId, { interest_rate: 5.9, comparison_rate: 6.0 });
  outsiderConversationId = (await call(outsider, 'POST', `/v1/posts/${won.postId}/conversations`)).json().uuid;
  await created(await call(owner, 'POST', `/v1/conversations/${outsiderConversationId}/messages`, { message: 'Reach me on my mobile' }));
  const dealId = await acceptedDeal(t, won, winning, bidder);
  deal = { post: won, bidId: winning, dealId, losingBid };
  activityId = await noteActivity(dealId, 'Left a voicemail');

  const me = (await call(owner, 'GET', '/v1/users/me')).json();
  personal = [owner.email, me.last_name, OWNER_MOBILE.slice(1), jane.last_name];
  await projectionsIdle(t);
}, 300_000);
afterAll(async () => {
  await t?.close();
});

// ── The ownership table ─────────────────────────────────────────────────────────────────────────────────────────

type Target = {
  url: string;
  payload?: Record<string, unknown>;
  /** Who succeeds: the row's owner unless said (an admin where nobody may change their own). */
  allowed?: TestUser;
  /** Texts an outsider's successful read must not hold (besides the owner's personal data). */
  hidden?: string[];
  /** An upload: sent as multipart (the part `file`) instead of the payload. */
  file?: Buffer;
};
type Row = {
  /** Whose thing it is: the customer `owner`, or the provider `bidder` (and its organisation). */
  owner: 'customer' | 'provider';
  /** The request on a real thing of the owner's; rows whose owner's call uses the thing up make their own. */
  target: () => Promise<Target>;
  /** What another customer and the other organisation's provider get: a refusal (the route's 403 or 404), or a read the product allows. */
  otherCustomer: number;
  otherOrganisation: number;
};

/** A fresh active post of the owner with a bid of the bidder (for the rows that accept or cancel). */
async function freshBid(overrides: Parameters<typeof validBid>[1] = {}) {
  const post = await activePost(t, { owner });
  return { post, bidId: await placeBid(t, bidder, post.homeLoanId, overrides) };
}
const permissionsOf = async (user: TestUser) => (await t.asAdmin({ method: 'GET', url: `/v2/users/${user.id}/permissions` })).json().uuid as string;
const twoDocuments = [
  { document_type: 'Payslips', description: 'The last two', quantity: 2, mandatory: true },
  { document_type: 'Tax returns', description: null, quantity: 1, mandatory: false },
];
/** A fresh bid template of the bidder's, with two required documents, an optional one, a conditional rule and a place; answers their uuids. */
async function bidderTemplate() {
  const { home_loan_bid_template_uuid: _none, ...bid } = validBid(bidder.organisationUuid, { required_documents: twoDocuments, optional_documents: [{ document: 'Brochure' }] });
  const created = await call(bidder, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: { ...bid, name: 'Ownership template' } });
  const { required_documents, optional_documents } = created.json().home_loan_bid_template as Record<'required_documents' | 'optional_documents', { uuid: string }[]>;
  const template = created.json().uuid as string;
  const rule = { template_conditional_field: { bid_field: 'interest_rate', conditions: [], modifier: { type: 'reduce_base_value', value: 0.1 } } };
  const ruled = await call(bidder, 'POST', `/v2/home_loan_bid_templates/${template}/template_conditional_fields`, rule);
  const placed = await call(bidder, 'POST', `/v2/home_loan_bid_templates/${template}/template_location_rules`, { template_location_rule: { address_type: 'state', state: 'NSW' } });
  return { template, rule: ruled.json().conditional_rules[0].uuid as string, place: placed.json().location_rules[0].uuid as string, required: required_documents[1]!.uuid, optional: optional_documents[0]!.uuid };
}
/** A simulation the bidder asked for on a fresh template of theirs; answers its uuid. */
async function bidderSimulation() {
  const { template } = await bidderTemplate();
  const requested = await call(bidder, 'PATCH', `/v1/home_loan_bid_templates/${template}`, { operation: 'execute_automatic_bidding', mode: 'simulation', type: 'template' });
  return requested.json().simulation_uuid as string;
}
/** A fresh bid of the bidder's with an optional document; answers the document's uuid. */
async function bidOptionalDocument() {
  const { bidId } = await freshBid({ optional_documents: [{ document: 'Brochure' }] });
  return (await call(bidder, 'GET', `/v4/home_loan_bids/${bidId}`)).json().home_loan_bid.optional_documents[0].uuid as string;
}
const { applicants: _applicants, ...living } = livingCosts;

const table: Record<string, Row> = {
  // Users, profiles, the team.
  'GET /v1/users/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 403, target: async () => ({ url: `/v1/users/${bidder.id}` }) },
  'GET /v2/users/{id}/permissions': { owner: 'provider', otherCustomer: 403, otherOrganisation: 403, target: async () => ({ url: `/v2/users/${bidder.id}/permissions` }) },
  'PATCH /v2/users/{id}/permissions/{container}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 403,
    target: async () => ({ url: `/v2/users/${bidder.id}/permissions/${await permissionsOf(bidder)}`, payload: { permissions: { create_retention_bid: false } }, allowed: t.admin }),
  },
  'PATCH /v2/users/{uuid}': {
    owner: 'customer',
    otherCustomer: 403,
    otherOrganisation: 403,
    target: async () => ({ url: `/v2/users/${owner.id}`, payload: { operation: 'resend_incomplete_post_link', post_uuid: draft.post } }),
  },
  // Customers read an active provider's answers (the profile behind a bid); other providers do not.
  'GET /v2/fsps/{uuid}/fsp_questions': { owner: 'provider', otherCustomer: 200, otherOrganisation: 403, target: async () => ({ url: `/v2/fsps/${bidder.id}/fsp_questions` }) },
  'GET /v1/fsps/{id}/bidding_limits': { owner: 'provider', otherCustomer: 403, otherOrganisation: 403, target: async () => ({ url: `/v1/fsps/${bidder.id}/bidding_limits` }) },
  // What a provider may offer on a bid is its own to read (docs/products.md).
  'GET /v2/fsps/{id}/financial_institution_products': { owner: 'provider', otherCustomer: 403, otherOrganisation: 403, target: async () => ({ url: `/v2/fsps/${bidder.id}/financial_institution_products` }) },
  'GET /v1/fsps/{id}/reviews': { owner: 'provider', otherCustomer: 200, otherOrganisation: 403, target: async () => ({ url: `/v1/fsps/${bidder.id}/reviews` }) },
  'GET /v2/users': { owner: 'provider', otherCustomer: 403, otherOrganisation: 403, target: async () => ({ url: `/v2/users?filter[organisation_uuid]=${bidder.organisationUuid}` }) },

  // The post and its parts: someone else's is 404, as one that does not exist; providers read active posts only.
  'GET /v4/posts/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 200, target: async () => ({ url: `/v4/posts/${open.postId}` }) },
  'PATCH /v2/posts/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v2/posts/${draft.post}`, payload: { operation: 'update', post: { urgency: 'asap' } } }) },
  'DELETE /v1/posts/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v1/posts/${(await posts.pendingPost(owner)).post}` }) },
  'POST /v3/posts/{id}/clones': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v3/posts/${draft.post}/clones` }) },
  'POST /v2/posts/{id}/home_loans': {
    owner: 'customer',
    otherCustomer: 404,
    otherOrganisation: 403,
    target: async () => {
      const post = await created(await posts.call(owner, 'POST', posts.postsUrl, { post: { urgency: 'within_1_month' } }));
      return { url: `/v2/posts/${post}/home_loans`, payload: { home_loan: refinanceLoan } };
    },
  },
  'PATCH /v2/home_loans/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v2/home_loans/${draft.homeLoan}`, payload: { home_loan: { loan_amount: 440_000 } } }) },
  'POST /v2/home_loans/{id}/home_loan_preferences': {
    owner: 'customer',
    otherCustomer: 404,
    otherOrganisation: 403,
    target: async () => {
      const post = await created(await posts.call(owner, 'POST', posts.postsUrl, { post: { urgency: 'within_1_month' } }));
      const homeLoan = await created(await posts.call(owner, 'POST', `/v2/posts/${post}/home_loans`, { home_loan: refinanceLoan }));
      return { url: `/v2/home_loans/${homeLoan}/home_loan_preferences`, payload: { home_loan_preferences: defaultPreferences } };
    },
  },
  'PATCH /v2/home_loan_preferences/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v2/home_loan_preferences/${draft.preferences}`, payload: { home_loan_preferences: { flexible: false } } }) },
  'POST /v2/home_loans/{id}/applicants': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v2/home_loans/${draft.homeLoan}/applicants`, payload: { applicant: jane } }) },
  'PATCH /v2/applicants/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v2/applicants/${draft.applicants[0]}`, payload: { applicant: { first_name: 'Janet' } } }) },
  'DELETE /v2/applicants/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v2/applicants/${(await posts.completePost(owner)).applicants[1]}` }) },
  'POST /v2/applicants/{id}/incomes': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v2/applicants/${draft.applicants[1]}/incomes`, payload: { income: salary } }) },
  'PATCH /v2/applicants/{id}/incomes/{income_id}': {
    owner: 'customer',
    otherCustomer: 404,
    otherOrganisation: 403,
    target: async () => ({ url: `/v2/applicants/${draft.applicants[0]}/incomes/${draft.income}`, payload: { income: { value: 90_000 } } }),
  },
  'DELETE /v2/applicants/{id}/incomes/{income_id}': {
    owner: 'customer',
    otherCustomer: 404,
    otherOrganisation: 403,
    target: async () => {
      const parts = await posts.completePost(owner);
      return { url: `/v2/applicants/${parts.applicants[0]}/incomes/${parts.income}` };
    },
  },
  'POST /v2/home_loans/{id}/expenses': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v2/home_loans/${draft.homeLoan}/expenses`, payload: { applicants: [draft.applicants[0]], expense: living } }) },
  'PATCH /v2/expenses/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v2/expenses/${draft.expense}`, payload: { applicants: [...draft.applicants], expense: living } }) },
  'DELETE /v2/expenses/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 403, target: async () => ({ url: `/v2/expenses/${(await posts.completePost(owner)).expense}` }) },

  // Acceptance and the deal's contact preference.
  'POST /v1/posts/{post_id}/home_loan_bids/{bid_id}/accept': {
    owner: 'customer',
    otherCustomer: 404,
    otherOrganisation: 403,
    target: async () => {
      const { post, bidId } = await freshBid();
      return { url: `/v1/posts/${post.postId}/home_loan_bids/${bidId}/accept` };
    },
  },
  'POST /v1/connect-me/{post_id}/{bid_id}': {
    owner: 'customer',
    otherCustomer: 404,
    otherOrganisation: 403,
    target: async () => {
      const { post, bidId } = await freshBid();
      return { url: `/v1/connect-me/${post.postId}/${bidId}` };
    },
  },
  'GET /v1/home_loan_bids/{id}/contact_preferences': { owner: 'customer', otherCustomer: 404, otherOrganisation: 404, target: async () => ({ url: `/v1/home_loan_bids/${deal.bidId}/contact_preferences` }) },
  'POST /v1/home_loan_bids/{id}/contact_preferences': {
    owner: 'customer',
    otherCustomer: 404,
    otherOrganisation: 404,
    target: async () => ({ url: `/v1/home_loan_bids/${deal.bidId}/contact_preferences`, payload: { contact_preference: { weekdays: ['monday'], from_time: '09:00', until_time: '17:00' } } }),
  },
  'DELETE /v1/contact_preferences/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 404, target: async () => ({ url: `/v1/contact_preferences/${deal.dealId}` }) },

  // Messages: a conversation is its two parties' (and the admins' to read).
  'GET /v1/posts/{postId}/conversations': { owner: 'customer', otherCustomer: 404, otherOrganisation: 200, target: async () => ({ url: `/v1/posts/${open.postId}/conversations`, hidden: [conversationId] }) },
  // Another provider may start a conversation of its own on an active post, never one in the bidder's name.
  'POST /v1/posts/{postId}/conversations': {
    owner: 'customer',
    otherCustomer: 404,
    otherOrganisation: 403,
    target: async () => ({ url: `/v1/posts/${open.postId}/conversations`, payload: { provider_uuid: bidder.id }, hidden: [conversationId] }),
  },
  'GET /v1/conversations/{id}': { owner: 'customer', otherCustomer: 404, otherOrganisation: 404, target: async () => ({ url: `/v1/conversations/${conversationId}` }) },
  'GET /v1/conversations/{id}/messages': { owner: 'customer', otherCustomer: 404, otherOrganisation: 404, target: async () => ({ url: `/v1/conversations/${conversationId}/messages` }) },
  'POST /v1/conversations/{id}/messages': { owner: 'customer', otherCustomer: 404, otherOrganisation: 404, target: async () => ({ url: `/v1/conversations/${conversationId}/messages`, payload: { message: 'Still there?' } }) },
  'POST /v1/conversations/{id}/read': { owner: 'customer', otherCustomer: 404, otherOrganisation: 404, target: async () => ({ url: `/v1/conversations/${conversationId}/read` }) },

  // The deal is its provider's (and its organisation's viewers'); customers have no deal routes.
  'GET /v1/deals/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v1/deals/${deal.dealId}` }) },
  'POST /v1/deals/{id}/activities': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v1/deals/${deal.dealId}/activities`, payload: { operation: 'note', description: 'Sent the forms', activity_date: today() } }) },
  'PATCH /v1/home_loan_bid_activities/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v1/home_loan_bid_activities/${activityId}`, payload: { description: 'Left two voicemails' } }) },
  'DELETE /v1/home_loan_bid_activities/{id}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => {
      return { url: `/v1/home_loan_bid_activities/${await noteActivity(deal.dealId, 'To be removed')}` };
    },
  },

  // Notes: a bidder's own; a provider that did not bid reads none; customers never.
  'GET /v1/posts/{id}/notes': { owner: 'provider', otherCustomer: 403, otherOrganisation: 403, target: async () => ({ url: `/v1/posts/${open.postId}/notes` }) },
  'POST /v1/posts/{id}/notes': { owner: 'provider', otherCustomer: 403, otherOrganisation: 403, target: async () => ({ url: `/v1/posts/${open.postId}/notes`, payload: { note: 'Called again', contacted_at: today() } }) },
  'PATCH /v1/posts/{id}/notes/{noteId}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 403, target: async () => ({ url: `/v1/posts/${open.postId}/notes/${noteId}`, payload: { note: 'Spoke to the customer twice' } }) },
  'DELETE /v1/posts/{id}/notes/{noteId}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 403,
    target: async () => {
      const note = await created(await call(bidder, 'POST', `/v1/posts/${open.postId}/notes`, { note: 'To be removed', contacted_at: today() }));
      return { url: `/v1/posts/${open.postId}/notes/${note}` };
    },
  },

  // Reviews: the customer of the deal rates its provider (someone else's post: 403 REVIEW_NOT_POST_OWNER, as for a post that does not exist, docs/reviews.md).
  'GET /v1/posts/{postId}/fsps/{fspId}/review': { owner: 'customer', otherCustomer: 403, otherOrganisation: 403, target: async () => ({ url: `/v1/posts/${deal.post.postId}/fsps/${bidder.id}/review` }) },
  'POST /v1/reviews': {
    owner: 'customer',
    otherCustomer: 403,
    otherOrganisation: 403,
    target: async () => ({ url: '/v1/reviews', payload: { review: { post_uuid: deal.post.postId, fsp_uuid: bidder.id, rating: 5, description: 'Quick and clear.' } } }),
  },

  // Bid templates: the bidder's own (spec 3 §6); another organisation's provider does not see them.
  'GET /v4/users/{id}/home_loan_bid_templates': { owner: 'provider', otherCustomer: 403, otherOrganisation: 200, target: async () => ({ url: `/v4/users/${bidder.id}/home_loan_bid_templates` }) },
  'GET /v4/home_loan_bid_templates/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v4/home_loan_bid_templates/${(await bidderTemplate()).template}` }) },
  'PATCH /v4/home_loan_bid_templates/{id}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v4/home_loan_bid_templates/${(await bidderTemplate()).template}`, payload: { operation: 'location_list_type', location_list_type: null } }),
  },
  'PATCH /v4/home_loan_bid_templates/{id}/auto_bidding': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v4/home_loan_bid_templates/${(await bidderTemplate()).template}/auto_bidding`, payload: { auto_bidding: false } }),
  },
  'PATCH /v1/home_loan_bid_templates/{id}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v1/home_loan_bid_templates/${(await bidderTemplate()).template}`, payload: { operation: 'cancel_active_bids', reason: 'Rates changed' } }),
  },
  'POST /v3/home_loan_bid_templates/{id}/interactive_matches': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v3/home_loan_bid_templates/${(await bidderTemplate()).template}/interactive_matches`, payload: { interactive_matching: false } }),
  },
  'PATCH /v4/home_loan_bid_templates/{id}/improvement': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v4/home_loan_bid_templates/${(await bidderTemplate()).template}/improvement`, payload: { improvement: { floor_comparison_rate: 5.2, step: 0.05, max_improvements_per_post: 2 } } }),
  },
  'GET /v1/home_loan_bid_templates/{id}/auto_bidding_simulations': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v1/home_loan_bid_templates/${(await bidderTemplate()).template}/auto_bidding_simulations` }),
  },
  'GET /v1/auto_bidding_simulations/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v1/auto_bidding_simulations/${await bidderSimulation()}` }) },
  'DELETE /v3/home_loan_bid_templates/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v3/home_loan_bid_templates/${(await bidderTemplate()).template}` }) },
  'GET /v4/home_loan_bid_templates/{id}/template_qualifying_rules': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v4/home_loan_bid_templates/${(await bidderTemplate()).template}/template_qualifying_rules` }),
  },
  'POST /v4/home_loan_bid_templates/{id}/template_qualifying_rules': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({
      url: `/v4/home_loan_bid_templates/${(await bidderTemplate()).template}/template_qualifying_rules`,
      payload: { template_qualifying_rules: [{ rule_field: 'maximum_lvr', min_value: 0, max_value: 80 }, { rule_field: 'loan_amount', min_value: 300_000, max_value: 2_000_000 }] },
    }),
  },
  'POST /v2/home_loan_bid_templates/{id}/template_conditional_fields': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({
      url: `/v2/home_loan_bid_templates/${(await bidderTemplate()).template}/template_conditional_fields`,
      payload: { template_conditional_field: { bid_field: 'offset', conditions: [], modifier: { type: 'new_boolean_value', value: true } } },
    }),
  },
  'PATCH /v2/template_conditional_fields/{id}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({
      url: `/v2/template_conditional_fields/${(await bidderTemplate()).rule}`,
      payload: { template_conditional_field: { bid_field: 'interest_rate', conditions: [], modifier: { type: 'reduce_base_value', value: 0.2 } } },
    }),
  },
  'DELETE /v2/template_conditional_fields/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v2/template_conditional_fields/${(await bidderTemplate()).rule}` }) },
  'POST /v2/home_loan_bid_templates/{id}/template_location_rules': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v2/home_loan_bid_templates/${(await bidderTemplate()).template}/template_location_rules`, payload: { template_location_rule: { address_type: 'postcode', state: 'VIC', postcode: '3000' } } }),
  },
  'DELETE /v2/template_location_rules/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v2/template_location_rules/${(await bidderTemplate()).place}` }) },
  'GET /v3/home_loan_bid_templates/{id}/required_documents': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v3/home_loan_bid_templates/${(await bidderTemplate()).template}/required_documents` }) },
  'POST /v3/home_loan_bid_templates/{id}/required_documents': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v3/home_loan_bid_templates/${(await bidderTemplate()).template}/required_documents`, payload: { required_document: { document_type: 'Bank statements', description: null, quantity: 3, mandatory: true } } }),
  },
  'PATCH /v3/required_documents/{id}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v3/required_documents/${(await bidderTemplate()).required}`, payload: { required_document: { document_type: 'Tax returns', description: 'Two years', quantity: 2, mandatory: true } } }),
  },
  'DELETE /v3/required_documents/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v3/required_documents/${(await bidderTemplate()).required}` }) },
  'GET /v3/home_loan_bid_templates/{id}/template_optional_documents': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v3/home_loan_bid_templates/${(await bidderTemplate()).template}/template_optional_documents` }),
  },
  'POST /v3/home_loan_bid_templates/{id}/template_optional_documents': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v3/home_loan_bid_templates/${(await bidderTemplate()).template}/template_optional_documents`, payload: { document: 'Rate card' } }),
  },
  'PATCH /v3/template_optional_documents/{id}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v3/template_optional_documents/${(await bidderTemplate()).optional}`, payload: { document: 'The 2027 brochure' } }),
  },
  'DELETE /v3/template_optional_documents/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v3/template_optional_documents/${(await bidderTemplate()).optional}` }) },
  'POST /v3/home_loan_bid_templates/{id}/key_fact_sheets': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v3/home_loan_bid_templates/${(await bidderTemplate()).template}/key_fact_sheets`, file: pdfFile('ownership key facts') }),
  },
  'POST /v3/home_loan_bid_templates/{id}/product_disclosure_statements': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v3/home_loan_bid_templates/${(await bidderTemplate()).template}/product_disclosure_statements`, file: pdfFile('ownership disclosure') }),
  },

  // Bids: the bidder's (and the post's customer's to read); the auction room shows an open post's bids to providers.
  'GET /v4/home_loan_bids/{id}': { owner: 'provider', otherCustomer: 404, otherOrganisation: 404, target: async () => ({ url: `/v4/home_loan_bids/${openBid}` }) },
  'GET /v4/home_loan_bids/{id}/improvements': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v4/home_loan_bids/${openBid}/improvements` }) },
  'PATCH /v4/home_loan_bids/{id}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v4/home_loan_bids/${openBid}`, payload: { home_loan_bid: validBid(bidder.organisationUuid, { interest_rate: 5.45, comparison_rate: 5.55 }), confirmed_warnings: [...bidWarningCodes] } }),
  },
  'PATCH /v4/home_loan_bids/{id}/cancel': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v4/home_loan_bids/${(await freshBid()).bidId}/cancel`, payload: { reason: 'Rates changed' } }),
  },
  'GET /v1/posts/{id}/home_loan_bids': { owner: 'customer', otherCustomer: 404, otherOrganisation: 200, target: async () => ({ url: `/v1/posts/${open.postId}/home_loan_bids` }) },
  'GET /v1/home_loan_bids/{id}/required_documents': { owner: 'provider', otherCustomer: 404, otherOrganisation: 404, target: async () => ({ url: `/v1/home_loan_bids/${openBid}/required_documents` }) },
  'POST /v1/home_loan_bids/{id}/required_documents': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v1/home_loan_bids/${openBid}/required_documents`, payload: { required_document: { document_type: 'Tax returns', description: null, quantity: 1, mandatory: false } } }),
  },
  'PATCH /v1/required_documents/{id}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => {
      const documents = (await call(bidder, 'GET', `/v1/home_loan_bids/${openBid}/required_documents`)).json().result as { uuid: string }[];
      return { url: `/v1/required_documents/${documents[0]!.uuid}`, payload: { required_document: { document_type: 'Payslips', description: 'Three', quantity: 3, mandatory: true } } };
    },
  },
  'DELETE /v1/required_documents/{id}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => {
      const two = [
        { document_type: 'Payslips', description: 'The last two', quantity: 2, mandatory: true },
        { document_type: 'Tax returns', description: null, quantity: 1, mandatory: false },
      ];
      const { bidId } = await freshBid({ required_documents: two });
      const documents = (await call(bidder, 'GET', `/v1/home_loan_bids/${bidId}/required_documents`)).json().result as { uuid: string }[];
      return { url: `/v1/required_documents/${documents[1]!.uuid}` };
    },
  },
  'POST /v1/home_loan_bids/{id}/home_loan_bid_optional_documents': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v1/home_loan_bids/${openBid}/home_loan_bid_optional_documents`, payload: { home_loan_bid_optional_document: { document: 'https://example.com/kfs.pdf' } } }),
  },
  'PATCH /v1/home_loan_bid_optional_documents/{id}': {
    owner: 'provider',
    otherCustomer: 403,
    otherOrganisation: 404,
    target: async () => ({ url: `/v1/home_loan_bid_optional_documents/${await bidOptionalDocument()}`, payload: { home_loan_bid_optional_document: { document: 'The 2027 brochure' } } }),
  },
  'DELETE /v1/home_loan_bid_optional_documents/{id}': { owner: 'provider', otherCustomer: 403, otherOrganisation: 404, target: async () => ({ url: `/v1/home_loan_bid_optional_documents/${await bidOptionalDocument()}` }) },
};

/** Routes with an id in the path that is nobody's own, with the reason; the rest of the documented routes are owned. */
const notOwned: Record<string, string> = {
  'GET /files/{id}': 'uploaded images (avatars, logos) are public by their content address',
  'POST /v1/products/{id}/posts': 'a product (reference data)',
  'POST /v2/products/{id}/posts': 'a product (reference data)',
  'POST /v4/home_loans/{id}/bids': 'any provider bids on an active post (tests/api/bids.int.test.ts)',
  'POST /v1/connect-me/{post_id}/{bid_id}/email_link': "the e-mailed link's signed token is the access (tests/api/trade-mail.int.test.ts)",
  'POST /v2/posts/{id}/email_link': "the e-mailed link's signed token is the access (tests/api/trade-mail.int.test.ts)",
  'PATCH /v1/users/{id}': 'admins only',
  'DELETE /v1/users/{id}': 'admins only',
  'PATCH /v1/users/{id}/review': 'admins only',
  'POST /v2/products/{id}/organisations': 'admins only',
  'GET /v2/organisations/{id}': 'admins only',
  'PATCH /v2/organisations/{id}': 'admins only',
  'DELETE /v1/organisations/{id}': 'admins only',
  'GET /v1/organisations/{id}/fsps': 'admins only',
  'GET /v2/organisations/{id}/products': 'admins only',
  'POST /v2/organisations/{id}/financial_institution_products': 'admins only (tests/api/financial-institution-products.int.test.ts: a provider of the organisation cannot import)',
  'GET /v2/financial_institution_products/{id}': 'admins only',
  'PUT /v2/financial_institution_products/{id}': 'admins only',
  'DELETE /v2/financial_institution_products/{id}': 'admins only',
  'GET /v1/products/{id}/campaigns': 'admins only',
  'POST /v1/products/{id}/campaigns': 'admins only',
  'GET /v1/campaigns/{id}': 'admins only',
  'GET /v1/campaigns/{id}/posts': 'admins only',
  'PATCH /v1/campaigns/{id}': 'admins only',
  'DELETE /v1/campaigns/{id}': 'admins only',
  'GET /v1/outbox_messages/{id}': 'admins only',
  'GET /v1/products/{product_uuid}/questions': 'admins only',
  'POST /v1/products/{product_uuid}/questions': 'admins only',
  'PATCH /v1/products/{product_uuid}/questions': 'admins only',
  'GET /v1/products/{product_uuid}/questions/{uuid}': 'admins only',
  'PATCH /v1/products/{product_uuid}/questions/{uuid}': 'admins only',
  'DELETE /v1/products/{product_uuid}/questions/{uuid}': 'admins only',
  'DELETE /v4/home_loan_bids/{id}': 'admins only',
  'GET /v1/deals/{id}/history': 'admins only',
  'GET /v1/external_deals/{id}': 'admins only',
  'PATCH /v1/external_deals/{id}': 'admins only',
  'PATCH /v1/reviews/{id}': 'admins only',
  'GET /v1/system_configurations/{uuid}': 'admins only',
  'GET /v2/document_types/{uuid}': 'reference data every provider reads',
  'PATCH /v2/document_types/{uuid}': 'admins only',
  'DELETE /v2/document_types/{uuid}': 'admins only',
};

describe('the ownership table', () => {
  it('covers every documented route that takes an id', async () => {
    await t.app.ready();
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.filter((route) => route.includes('{') && !(route in table) && !(route in notOwned))).toEqual([]);
    expect([...Object.keys(table), ...Object.keys(notOwned)].filter((route) => !documented.includes(route))).toEqual([]);
    expect(Object.keys(table).filter((route) => route in notOwned)).toEqual([]);
  });

  it('refuses anonymous callers, another customer and another organisation on real things, writing nothing; the owner succeeds', async () => {
    const wrong: string[] = [];
    for (const [route, row] of Object.entries(table)) {
      const method = route.split(' ')[0] as Method;
      const target = await row.target();
      await projectionsIdle(t); // the target's own writes and their reactors are done before counting events
      const callers: [string, TestUser | null, number][] = [
        ['anonymous', null, 401],
        ['another customer', otherCustomer, row.otherCustomer],
        ['another organisation', outsider, row.otherOrganisation],
      ];
      for (const [who, caller, expected] of callers) {
        const before = await t.eventCount();
        const response = await call(caller, method, target.url, target.payload, target.file);
        if (response.statusCode !== expected) wrong.push(`${route} as ${who}: ${response.statusCode} ${response.body.slice(0, 120)}, expected ${expected}`);
        if (expected >= 400) {
          if ((await t.eventCount()) !== before) wrong.push(`${route} as ${who}: refused but wrote events`);
          if (!response.headers['content-type']?.includes('application/problem+json')) wrong.push(`${route} as ${who}: refusal is not problem+json`);
        } else {
          for (const text of [...personal, ...(target.hidden ?? [])]) {
            if (response.body.replace(/\s/g, '').includes(text.replace(/\s/g, ''))) wrong.push(`${route} as ${who}: shows ${text}`);
          }
        }
      }
      const allowed = target.allowed ?? (row.owner === 'customer' ? owner : bidder);
      const response = await call(allowed, method, target.url, target.payload, target.file);
      if (response.statusCode >= 300) wrong.push(`${route} as the owner: ${response.statusCode} ${response.body.slice(0, 160)}`);
      await settle(t, response.headers['x-position']);
    }
    expect(wrong).toEqual([]);
  }, 600_000);
});

// ── Personal data and the winning bid ────────────────────────────────────────────────────────────────────────────

describe("the customer's personal data", () => {
  /** Every read a provider has that could show the customer of `deal`. */
  const readsOf = (reader: TestProvider, ownBid: string, conversation: string | null) => [
    `/v4/posts/${deal.post.postId}`,
    '/v2/posts',
    '/v2/posts?filter[status]=processing',
    `/v1/posts/${deal.post.postId}/home_loan_bids`,
    `/v4/home_loan_bids/${ownBid}`,
    '/v4/home_loan_bids',
    '/v1/fsps/bids',
    '/v1/deals',
    `/v1/deals/${deal.dealId}`,
    `/v1/home_loan_bids/${ownBid}/contact_preferences`,
    `/v1/posts/${deal.post.postId}/conversations`,
    '/v1/messages',
    ...(conversation ? [`/v1/conversations/${conversation}`, `/v1/conversations/${conversation}/messages`] : []),
    `/v1/users/${deal.post.owner.id}`,
    `/v1/posts/${deal.post.postId}/notes`,
    `/v2/users?filter[organisation_uuid]=${reader.organisationUuid}`,
  ];

  it('never reaches a provider who lost, nor one who did not bid', async () => {
    const bystander = await provider(t);
    const leaks: string[] = [];
    for (const [name, reader, ownBid, conversation] of [
      ['the losing bidder', outsider, deal.losingBid, outsiderConversationId],
      ['a provider without a bid', bystander, randomUUID(), null],
    ] as const) {
      for (const url of readsOf(reader, ownBid, conversation)) {
        const response = await call(reader, 'GET', url);
        expect(response.statusCode, `${name} ${url}`).toBeLessThan(500);
        const body = response.body.replace(/\s/g, '');
        for (const text of personal) if (body.includes(text.replace(/\s/g, ''))) leaks.push(`${name}: ${url} shows ${text}`);
        for (const key of ['"applicants"', '"user_address"', '"property_address"']) if (body.includes(key)) leaks.push(`${name}: ${url} has ${key}`);
      }
    }
    expect(leaks).toEqual([]);
  });

  it('reaches the provider holding the winning bid: the deal and the post show who the customer is', async () => {
    const dealRead = await call(bidder, 'GET', `/v1/deals/${deal.dealId}`);
    expect(dealRead.statusCode, dealRead.body).toBe(200);
    expect(dealRead.json().customer).toMatchObject({ email: owner.email, last_name: personal[1], mobile_number: OWNER_MOBILE });
    const postRead = await call(bidder, 'GET', `/v4/posts/${deal.post.postId}`);
    expect(postRead.statusCode, postRead.body).toBe(200);
    expect(postRead.body).toContain(jane.last_name);
  });
});
