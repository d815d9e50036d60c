import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeLoanProduct } from '../../domain/product/products';
import { createTestApp, type TestApp } from '../support/test-app';
import { as, type TestUser } from '../support/users';

// Every route of the API against every role and an anonymous caller (issue "Identity, access and provider
// onboarding": "Tests cover the whole access matrix"). A refused caller gets 401 (anonymous) or 403 and nothing is
// written; an allowed caller is never refused by the access rule (it may still get 404 or 422 for the dummy request);
// nobody gets a 5xx. A route missing from the table fails the test, so a new route must say who may call it.

/** `creating`: a customer of the post wizard still creating the first post (no personal data yet). */
type Role = 'creating' | 'customer' | 'provider' | 'approved' | 'adminWithoutView' | 'admin';
const roles: readonly Role[] = ['creating', 'customer', 'provider', 'approved', 'adminWithoutView', 'admin'];
const loggedIn: readonly Role[] = ['customer', 'provider', 'approved', 'adminWithoutView', 'admin'];
const active: readonly Role[] = ['customer', 'provider', 'adminWithoutView', 'admin'];
const admin: readonly Role[] = ['admin'];
/** A post's owner, the wizard's customer included; anyone else who passes gets 404 (tests/api/posts.int.test.ts). */
const postOwners: readonly Role[] = ['customer', 'creating'];

type Rule = {
  /** Who passes the access rule; 'public' lets anonymous callers in too. */
  allowed: readonly Role[] | 'public';
  /** The `{id}`/`{uuid}` of the path is the caller's own (routes about oneself); otherwise a uuid nobody has. */
  self?: true;
  /** An endless event stream: only refusals are checked here (allowed callers: tests/api/messages-live.int.test.ts). */
  stream?: true;
};

const matrix: Record<string, Rule> = {
  'GET /health': { allowed: 'public' },
  'GET /v1/products': { allowed: 'public' },
  'GET /files/{id}': { allowed: 'public' },
  'POST /oauth/token': { allowed: 'public' },
  'POST /oauth/authorize': { allowed: 'public' },
  'POST /oauth/revoke': { allowed: 'public' },
  'GET /v1/users/verify_email': { allowed: 'public' },
  'POST /v1/users': { allowed: 'public' },
  'POST /v1/users/activate': { allowed: 'public' },
  'GET /v1/users/activate': { allowed: 'public' },
  'GET /v1/users/recover_password': { allowed: 'public' },
  'POST /v1/users/temporary_password': { allowed: 'public' },
  'GET /v1/organisation_directory': { allowed: 'public' },
  'GET /v1/localities': { allowed: 'public' },

  // Public for the wizard's customer; an admin for an admin (tests/api/user-management.int.test.ts).
  'POST /v2/users': { allowed: 'public' },

  'GET /v1/users/me': { allowed: [...loggedIn, 'creating'] },
  'PATCH /v1/users/me': { allowed: active },
  'GET /v1/users/{id}': { allowed: loggedIn, self: true },
  'GET /v2/users/{id}/permissions': { allowed: loggedIn, self: true },
  'PATCH /v2/users/{id}/permissions/{container}': { allowed: active },
  'PATCH /v2/users/{uuid}': { allowed: [...active, 'creating'], self: true },
  'POST /v1/users/phone_verification': { allowed: [...active, 'creating'] },
  'GET /v1/users/phone_verification': { allowed: [...active, 'creating'] },
  'PATCH /v1/fsps/complete_profile': { allowed: ['provider', 'approved'] },
  'PATCH /v1/fsps/update_profile': { allowed: ['provider'] },
  'GET /v2/fsps/{uuid}/fsp_questions': { allowed: loggedIn, self: true },
  'GET /v2/users': { allowed: ['provider', 'admin'] },

  'GET /v1/users': { allowed: admin },
  'PATCH /v1/users/{id}': { allowed: admin },
  'DELETE /v1/users/{id}': { allowed: admin },
  'PATCH /v1/users/{id}/review': { allowed: admin },
  'GET /v4/users': { allowed: admin },
  'GET /v4/organisations': { allowed: admin },
  'POST /v2/products/{id}/organisations': { allowed: admin },
  'GET /v2/organisations/{id}': { allowed: admin },
  'PATCH /v2/organisations/{id}': { allowed: admin },
  'DELETE /v1/organisations/{id}': { allowed: admin },
  'GET /v1/organisations/{id}/fsps': { allowed: admin },
  // Leads (docs/leads-and-opportunities.md): admins only; members are GET /v2/users, opportunities GET /v1/deals.
  'GET /v1/leads': { allowed: admin },
  // Campaigns (docs/campaigns.md): admins only.
  'GET /v2/campaigns': { allowed: admin },
  'GET /v1/products/{id}/campaigns': { allowed: admin },
  'POST /v1/products/{id}/campaigns': { allowed: admin },
  'GET /v1/campaigns/{id}': { allowed: admin },
  'GET /v1/campaigns/{id}/posts': { allowed: admin },
  'PATCH /v1/campaigns/{id}': { allowed: admin },
  'DELETE /v1/campaigns/{id}': { allowed: admin },
  // Financial institution products (docs/products.md): admins administer them; a provider (or an admin for one) reads
  // what it may offer on a bid, a provider only its own.
  'GET /v2/organisations/{id}/products': { allowed: admin },
  'POST /v2/organisations/{id}/financial_institution_products': { allowed: admin },
  'GET /v2/financial_institution_products': { allowed: admin },
  'GET /v2/financial_institution_products/{id}': { allowed: admin },
  'PUT /v2/financial_institution_products/{id}': { allowed: admin },
  'DELETE /v2/financial_institution_products/{id}': { allowed: admin },
  'GET /v2/fsps/{id}/financial_institution_products': { allowed: ['provider', 'admin'], self: true },
  'GET /v1/outbox_messages': { allowed: admin },
  'GET /v1/outbox_messages/{id}': { allowed: admin },
  'GET /v1/products/{product_uuid}/questions': { allowed: admin },
  'POST /v1/products/{product_uuid}/questions': { allowed: admin },
  'PATCH /v1/products/{product_uuid}/questions': { allowed: admin },
  'GET /v1/products/{product_uuid}/questions/{uuid}': { allowed: admin },
  'PATCH /v1/products/{product_uuid}/questions/{uuid}': { allowed: admin },
  'DELETE /v1/products/{product_uuid}/questions/{uuid}': { allowed: admin },

  // Posts (spec 2 §7 "Post creation"): the owner's calls; an admin also reads and cancels (without `view`: 404).
  'POST /v2/validations': { allowed: 'public' },
  'POST /v1/products/{id}/posts': { allowed: postOwners },
  'POST /v2/products/{id}/posts': { allowed: postOwners },
  'PATCH /v2/posts/{id}': { allowed: [...postOwners, 'adminWithoutView', 'admin'] },
  // Providers read posts too (tests/api/post-privacy.int.test.ts); a post nobody has is 404 for everyone.
  'GET /v4/posts/{id}': { allowed: [...postOwners, 'provider', 'adminWithoutView', 'admin'] },
  // The dashboards' lists: an admin without view and a provider without view_active_posts get 403 (post-lists.int.test.ts).
  'GET /v2/posts': { allowed: ['customer', 'provider', 'admin'] },
  'GET /v1/users/posts': { allowed: postOwners },
  'DELETE /v1/posts/{id}': { allowed: postOwners },
  'POST /v3/posts/{id}/clones': { allowed: postOwners },
  'POST /v2/posts/{id}/home_loans': { allowed: postOwners },
  'PATCH /v2/home_loans/{id}': { allowed: postOwners },
  'POST /v2/home_loans/{id}/home_loan_preferences': { allowed: postOwners },
  'PATCH /v2/home_loan_preferences/{id}': { allowed: postOwners },
  'POST /v2/home_loans/{id}/applicants': { allowed: postOwners },
  'PATCH /v2/applicants/{id}': { allowed: postOwners },
  'DELETE /v2/applicants/{id}': { allowed: postOwners },
  'POST /v2/applicants/{id}/incomes': { allowed: postOwners },
  'PATCH /v2/applicants/{id}/incomes/{income_id}': { allowed: postOwners },
  'DELETE /v2/applicants/{id}/incomes/{income_id}': { allowed: postOwners },
  'POST /v2/home_loans/{id}/expenses': { allowed: postOwners },
  'PATCH /v2/expenses/{id}': { allowed: postOwners },
  'DELETE /v2/expenses/{id}': { allowed: postOwners },

  // Acceptance and deals (docs/deals.md): customers accept and keep their contact preference; deals are the
  // providers' and the admins'; an admin without `view` is refused; a deal nobody may see is 404.
  'POST /v1/posts/{post_id}/home_loan_bids/{bid_id}/accept': { allowed: ['customer', 'admin'] },
  'POST /v1/connect-me/{post_id}/{bid_id}': { allowed: ['customer'] },
  // The trade e-mails' links (docs/trade-mail.md): no log-in, the signed single-purpose token in the body is the access.
  'POST /v1/connect-me/{post_id}/{bid_id}/email_link': { allowed: 'public' },
  'POST /v2/posts/{id}/email_link': { allowed: 'public' },
  'GET /v1/home_loan_bids/{id}/contact_preferences': { allowed: ['customer', 'provider', 'admin'] },
  'POST /v1/home_loan_bids/{id}/contact_preferences': { allowed: ['customer', 'provider', 'admin'] },
  'DELETE /v1/contact_preferences/{id}': { allowed: ['customer', 'provider', 'admin'] },
  // Messages (docs/messages.md): the parties and admins with view; a conversation not theirs is a 404 (tests/api/messages.int.test.ts).
  'GET /v1/messages/status': { allowed: ['customer', 'provider', 'admin'] },
  'GET /v1/messages': { allowed: ['customer', 'provider', 'admin'] },
  'GET /v1/messages/live': { allowed: ['customer', 'provider', 'admin'], stream: true },
  'GET /v1/posts/{postId}/conversations': { allowed: ['customer', 'provider', 'admin'] },
  'POST /v1/posts/{postId}/conversations': { allowed: ['customer', 'provider', 'admin'] },
  'GET /v1/conversations/{id}': { allowed: ['customer', 'provider', 'admin'] },
  'GET /v1/conversations/{id}/messages': { allowed: ['customer', 'provider', 'admin'] },
  'POST /v1/conversations/{id}/messages': { allowed: ['customer', 'provider', 'admin'] },
  'POST /v1/conversations/{id}/read': { allowed: ['customer', 'provider', 'admin'] },
  'GET /v1/deals': { allowed: ['provider', 'admin'] },
  'GET /v1/deals/{id}': { allowed: ['provider', 'admin'] },
  'POST /v1/deals/{id}/activities': { allowed: ['provider', 'admin'] },
  'PATCH /v1/home_loan_bid_activities/{id}': { allowed: ['provider', 'admin'] },
  'DELETE /v1/home_loan_bid_activities/{id}': { allowed: ['provider', 'admin'] },
  'GET /v1/deals/{id}/history': { allowed: admin },
  'GET /v1/fsps/{id}/bidding_limits': { allowed: ['provider', 'admin'] },

  // Post notes (docs/post-notes.md): admins with `view` and providers (who bid on the post); customers never.
  'GET /v1/posts/{id}/notes': { allowed: ['provider', 'admin'] },
  'POST /v1/posts/{id}/notes': { allowed: ['provider', 'admin'] },
  'PATCH /v1/posts/{id}/notes/{noteId}': { allowed: ['provider', 'admin'] },
  'DELETE /v1/posts/{id}/notes/{noteId}': { allowed: ['provider', 'admin'] },

  // Reviews (docs/reviews.md): customers rate (admins on their behalf), admins moderate; a provider reads only its own
  // reviews; the public list needs no log-in.
  'GET /v1/posts/{postId}/fsps/{fspId}/review': { allowed: ['customer', 'admin'] },
  'POST /v1/reviews': { allowed: ['customer', 'admin'] },
  'GET /v1/reviews': { allowed: admin },
  'PATCH /v1/reviews/{id}': { allowed: admin },
  'GET /v1/fsps/{id}/reviews': { allowed: ['customer', 'provider', 'admin'], self: true },
  'GET /v1/reviews/public': { allowed: 'public' },

  // Bids (docs/bids.md): providers and admins with `view` write; a bid or post the caller may not see is 404.
  'POST /v4/home_loans/{id}/bids': { allowed: ['provider', 'admin'] },
  // Bid templates (spec 3 §6): providers and admins; a customer gets 'Access denied!'.
  'GET /v4/home_loan_bid_templates': { allowed: ['provider', 'admin'] },
  'POST /v4/home_loan_bid_templates': { allowed: ['provider', 'admin'] },
  'GET /v4/users/{id}/home_loan_bid_templates': { allowed: ['provider', 'admin'] },
  'GET /v4/home_loan_bid_templates/{id}': { allowed: ['provider', 'admin'] },
  'PATCH /v4/home_loan_bid_templates/{id}': { allowed: ['provider', 'admin'] },
  'PATCH /v4/home_loan_bid_templates/{id}/auto_bidding': { allowed: ['provider', 'admin'] },
  'POST /v3/home_loan_bid_templates/{id}/interactive_matches': { allowed: ['provider', 'admin'] },
  // The comparison tool's evaluation: public, rate-limited per address (docs/bid-templates.md "Interactive matching: the evaluation").
  'POST /v3/interactive_matches/evaluations': { allowed: 'public' },
  'PATCH /v4/home_loan_bid_templates/{id}/improvement': { allowed: ['provider', 'admin'] },
  'PATCH /v1/home_loan_bid_templates/{id}': { allowed: ['provider', 'admin'] },
  'GET /v1/auto_bidding_simulations/{id}': { allowed: ['provider', 'admin'] },
  'GET /v1/home_loan_bid_templates/{id}/auto_bidding_simulations': { allowed: ['provider', 'admin'] },
  'DELETE /v3/home_loan_bid_templates/{id}': { allowed: ['provider', 'admin'] },
  'GET /v4/template_rule_fields': { allowed: ['provider', 'admin'] },
  'GET /v2/template_bid_fields': { allowed: ['provider', 'admin'] },
  'GET /v4/home_loan_bid_templates/{id}/template_qualifying_rules': { allowed: ['provider', 'admin'] },
  'POST /v4/home_loan_bid_templates/{id}/template_qualifying_rules': { allowed: ['provider', 'admin'] },
  'POST /v2/home_loan_bid_templates/{id}/template_conditional_fields': { allowed: ['provider', 'admin'] },
  'PATCH /v2/template_conditional_fields/{id}': { allowed: ['provider', 'admin'] },
  'DELETE /v2/template_conditional_fields/{id}': { allowed: ['provider', 'admin'] },
  'POST /v2/home_loan_bid_templates/{id}/template_location_rules': { allowed: ['provider', 'admin'] },
  'DELETE /v2/template_location_rules/{id}': { allowed: ['provider', 'admin'] },
  'GET /v3/home_loan_bid_templates/{id}/required_documents': { allowed: ['provider', 'admin'] },
  'POST /v3/home_loan_bid_templates/{id}/required_documents': { allowed: ['provider', 'admin'] },
  'PATCH /v3/required_documents/{id}': { allowed: ['provider', 'admin'] },
  'DELETE /v3/required_documents/{id}': { allowed: ['provider', 'admin'] },
  'GET /v3/home_loan_bid_templates/{id}/template_optional_documents': { allowed: ['provider', 'admin'] },
  'POST /v3/home_loan_bid_templates/{id}/template_optional_documents': { allowed: ['provider', 'admin'] },
  'PATCH /v3/template_optional_documents/{id}': { allowed: ['provider', 'admin'] },
  'DELETE /v3/template_optional_documents/{id}': { allowed: ['provider', 'admin'] },
  'POST /v3/home_loan_bid_templates/{id}/key_fact_sheets': { allowed: ['provider', 'admin'] },
  'POST /v3/home_loan_bid_templates/{id}/product_disclosure_statements': { allowed: ['provider', 'admin'] },
  'GET /v4/home_loan_bids': { allowed: ['provider'] },
  'GET /v1/fsps/bids': { allowed: ['provider'] },
  'GET /v5/home_loan_bids': { allowed: admin },
  'GET /v4/home_loan_bids/{id}': { allowed: active },
  'PATCH /v4/home_loan_bids/{id}': { allowed: ['provider', 'admin'] },
  'GET /v4/home_loan_bids/{id}/improvements': { allowed: ['provider', 'admin'] },
  'PATCH /v4/home_loan_bids/{id}/cancel': { allowed: ['provider', 'admin'] },
  'DELETE /v4/home_loan_bids/{id}': { allowed: admin },
  'GET /v1/posts/{id}/home_loan_bids': { allowed: active },
  'GET /v1/home_loan_bids/{id}/required_documents': { allowed: active },
  'POST /v1/home_loan_bids/{id}/required_documents': { allowed: ['provider', 'admin'] },
  'PATCH /v1/required_documents/{id}': { allowed: ['provider', 'admin'] },
  'DELETE /v1/required_documents/{id}': { allowed: ['provider', 'admin'] },
  'POST /v1/home_loan_bids/{id}/home_loan_bid_optional_documents': { allowed: ['provider', 'admin'] },
  'PATCH /v1/home_loan_bid_optional_documents/{id}': { allowed: ['provider', 'admin'] },
  'DELETE /v1/home_loan_bid_optional_documents/{id}': { allowed: ['provider', 'admin'] },
  'GET /v1/document_types': { allowed: active },
  // Document types (docs/document-types.md): providers read them for their bids and templates; admins change them.
  'GET /v2/document_types': { allowed: ['provider', 'admin'] },
  'GET /v2/document_types/{uuid}': { allowed: ['provider', 'admin'] },
  'POST /v2/document_types': { allowed: admin },
  'PATCH /v2/document_types/{uuid}': { allowed: admin },
  'DELETE /v2/document_types/{uuid}': { allowed: admin },

  // External deals are recorded by admins only (docs/external-deals.md).
  'POST /v1/external_deals': { allowed: admin },
  'GET /v1/external_deals/{id}': { allowed: admin },
  'PATCH /v1/external_deals/{id}': { allowed: admin },

  // The admin's statistics panel (docs/statistics.md); the build id and the mailing list are public (docs/site-chrome.md).
  'GET /v1/statistics/dashboard': { allowed: admin },
  'GET /v1/version': { allowed: 'public' },
  'POST /v1/subscriptions': { allowed: 'public' },

  // spec 1 §2: an admin without `view` keeps System Configurations.
  'GET /v1/system_configurations': { allowed: ['adminWithoutView', 'admin'] },
  'GET /v1/system_configurations/{uuid}': { allowed: ['adminWithoutView', 'admin'] },
  'PATCH /v1/system_configurations': { allowed: ['adminWithoutView', 'admin'] },
};

let t: TestApp;
let users: Record<Role, TestUser>;
let documented: string[];

beforeAll(async () => {
  t = await createTestApp();
  const adminWithoutView = await t.createUser({ userType: 'admin' });
  const container = (await t.asAdmin({ method: 'GET', url: `/v2/users/${adminWithoutView.id}/permissions` })).json().uuid;
  await t.asAdmin({ method: 'PATCH', url: `/v2/users/${adminWithoutView.id}/permissions/${container}`, payload: { permissions: { view: false } } });
  users = {
    creating: await t.createUser({ userType: 'customer', status: 'creating' }),
    customer: await t.createUser({ userType: 'customer' }),
    provider: await t.createUser({ userType: 'fsp' }),
    approved: await t.createUser({ userType: 'fsp', status: 'approved' }),
    adminWithoutView,
    admin: t.admin,
  };
  await t.app.ready();
  const paths = (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
  documented = Object.entries(paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
}, 60_000);
afterAll(async () => {
  await t.close();
});

function urlOf(route: string, rule: Rule, caller: TestUser | null): { method: string; url: string } {
  const [method, path] = route.split(' ') as [string, string];
  const url = path
    .replace('{product_uuid}', homeLoanProduct.uuid)
    .replace(/\{(id|uuid)\}/, () => (rule.self && caller ? caller.id : randomUUID()))
    .replace(/\{\w+\}/g, () => randomUUID());
  return { method, url };
}

describe('the access matrix', () => {
  it('covers every documented route', () => {
    expect(documented.filter((route) => !(route in matrix))).toEqual([]);
    expect(Object.keys(matrix).filter((route) => !documented.includes(route))).toEqual([]);
  });

  it('answers every route as the table says, for every role and for anonymous callers, and refusals write nothing', async () => {
    const wrong: string[] = [];
    for (const [route, rule] of Object.entries(matrix)) {
      for (const role of [null, ...roles]) {
        const caller = role ? users[role] : null;
        const { method, url } = urlOf(route, rule, caller);
        const hasBody = method === 'POST' || method === 'PATCH' || method === 'PUT';
        const allowedHere = rule.allowed === 'public' || (role !== null && rule.allowed.includes(role));
        if (rule.stream && allowedHere) continue;
        const request = { method: method as 'GET', url, ...(hasBody ? { payload: {} } : {}) };
        const before = await t.eventCount();
        const response = await t.app.inject(caller ? as(caller, request) : request);
        const allowed = rule.allowed === 'public' || (role !== null && rule.allowed.includes(role));
        const who = role ?? 'anonymous';
        if (response.statusCode >= 500) wrong.push(`${route} as ${who}: ${response.statusCode}`);
        if (allowed && (response.statusCode === 401 || (response.statusCode === 403 && response.json().code === 'FORBIDDEN'))) {
          wrong.push(`${route} as ${who}: refused (${response.statusCode}) but allowed by the table`);
        }
        if (!allowed) {
          const expected = role === null ? 401 : 403;
          if (response.statusCode !== expected) wrong.push(`${route} as ${who}: ${response.statusCode}, expected ${expected}`);
          if ((await t.eventCount()) !== before) wrong.push(`${route} as ${who}: refused but wrote events`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
