import type { LightMyRequestResponse } from 'fastify';
import { comparisonRate, type ComparisonTerms, variableRateTerms } from '../domain/bid/comparison-rate';
import type { ConditionalRuleInput, BidTemplateDetailsInput } from '../domain/bid-template/schemas';
import type { AddressType, RuleTest } from '../domain/bid-template/rules';
import type { AutoBiddingScope } from '../domain/bid-template/auto-bidding';
import type { AutoBidImprovement } from '../domain/bid-template/improvement';
import type { CampaignFields } from '../domain/campaign/schemas';
import type { ProductFieldsInput } from '../domain/financial-institution-product/schemas';
import { homeLoanProduct } from '../domain/product/products';
import type { DemoCast, DemoPerson } from './demo-marketplace';

// The demo's catalogue (issue 28, docs/demo-data.md "What it holds"): two lenders' financial institution products,
// the bid templates of three providers with their rules and documents, and a campaign whose link some of the story's
// customers came through. Made like the rest of the story: each piece a request to the API's own routes as the person
// who would make it (the admin for products and the campaign, each provider for its templates), so a request the
// product refuses stops the seeding.

/** A request as `who` through the story's app; anything but a success throws (StoryWorld.call). */
export type DemoCall = (who: DemoPerson, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => Promise<LightMyRequestResponse>;

/** Products of the organisation of the lender `of` (only a bank lender has products, docs/products.md). */
export const demoProducts: { of: string; product: ProductFieldsInput }[] = [
  {
    of: 'lender@cba.demo.example',
    product: { product_name: 'Wealth Package Variable Rate Home Loan', name: 'CBA-WP-VAR', description: 'Variable rate with a 100% offset account and a $395 yearly package fee.' },
  },
  { of: 'lender@cba.demo.example', product: { product_name: 'Standard Variable Rate Home Loan', name: 'CBA-SVR', description: 'Variable rate with redraw and no yearly fee.' } },
  { of: 'lender@cba.demo.example', product: { product_name: 'Fixed Rate Home Loan', name: 'CBA-FIX', description: 'Fixed for one to five years.', status: 'inactive' } },
  { of: 'lender@anz.demo.example', product: { product_name: 'ANZ Simplicity PLUS', name: 'ANZ-SPLUS', description: 'A low variable rate with no application or monthly fees.' } },
  { of: 'lender@anz.demo.example', product: { product_name: 'ANZ Standard Variable Rate', name: 'ANZ-SVR', description: 'Variable rate with a 100% offset account and a $395 yearly package fee.' } },
];

type TemplateDetails = Omit<BidTemplateDetailsInput, 'organisation_uuid' | 'comparison_rate' | 'financial_institution_product'>;
type RuleInput = Omit<RuleTest, 'min_value' | 'max_value' | 'value'> & Partial<Pick<RuleTest, 'min_value' | 'max_value' | 'value'>>;

/** A provider's bid template: its details, the product it offers (by product name), its rules and places. */
export type DemoTemplate = {
  owner: string;
  product?: string;
  details: TemplateDetails;
  /** The comparison-rate terms beyond a plain variable rate: the template's fees and revert. */
  terms: Partial<ComparisonTerms>;
  qualifying: RuleInput[];
  conditional: Omit<ConditionalRuleInput, 'uuid'>[];
  /** Places of the whitelist; `null`: the template bids anywhere in Australia (no list type). */
  places: { address_type: AddressType; state: string; postcode?: string }[] | null;
  /** A required document added after creation, through the documents route. */
  addedDocument?: { document_type: string; description: string; quantity: number; mandatory: boolean };
  /**
   * Auto-bidding as its owner sets it up at the end of the story (docs/demo-data.md "Auto-bidding"): the execution
   * option and review period of the first activation, and the floor and step set before it. Absent: "Not set up".
   */
  autoBidding?: { scope: AutoBiddingScope; review_period: number; improvement?: AutoBidImprovement };
};

const payslips = { document_type: 'Payslips', description: 'The last two', quantity: 2, mandatory: true };
const loanStatements = { document_type: 'Current loan statements', description: 'The last six months', quantity: 1, mandatory: true };

export const demoTemplates: DemoTemplate[] = [
  {
    owner: 'lender@cba.demo.example',
    product: 'Wealth Package Variable Rate Home Loan',
    details: {
      name: 'Wealth Package refinance, NSW and Melbourne',
      bid_type: 'normal',
      interest_rate: 5.84,
      rate_type: 'variable',
      type_of_loan: 'full_service_loan',
      repayment_type: 'principal_and_interest',
      maximum_lvr: 80,
      offset: true,
      redraw: true,
      extra_repayments: true,
      packaged: true,
      package_details: 'Wealth Package: 100% offset, no application fee, discounts on home insurance and credit cards.',
      ongoing_fees_value: 395,
      ongoing_fees_period: 'per_annum',
      offer_description: 'Our Wealth Package variable rate for owner-occupiers, 2% off the rate below 60% LVR.',
      required_documents: [payslips, loanStatements],
      optional_documents: [{ document: 'https://www.commbank.com.au/home-loans/wealth-package.html' }],
    },
    terms: { ongoing_fees_value: 395 },
    qualifying: [
      { rule_field: 'loan_amount', min_value: 250_000, max_value: 2_000_000 },
      { rule_field: 'maximum_lvr', min_value: 0, max_value: 80 },
      { rule_field: 'loan_purpose', value: 'owner' },
      { rule_field: 'loan_type', value: 'refinance;new_loan' },
    ],
    conditional: [
      { bid_field: 'interest_rate', operator: 'all', conditions: [{ rule_field: 'maximum_lvr', min_value: 0, max_value: 59.99, value: null }], modifier: { type: 'percentage_discount', value: 2 } },
    ],
    places: [
      { address_type: 'state', state: 'NSW' },
      { address_type: 'postcode', state: 'VIC', postcode: '3000' },
    ],
    addedDocument: { document_type: 'Photo identification', description: "A driver's licence or passport of each applicant", quantity: 1, mandatory: true },
    // On the posts open now as well; outbid by another lender, its bid comes down 0.05 at a time, three times at most
    // and never below 5.99% (its comparison rate is 6.19%).
    autoBidding: { scope: 'open_posts', review_period: 14, improvement: { floor_comparison_rate: 5.99, step: 0.05, max_improvements_per_post: 3 } },
  },
  {
    owner: 'lender@anz.demo.example',
    product: 'ANZ Simplicity PLUS',
    details: {
      name: 'Simplicity PLUS for low-LVR borrowers',
      bid_type: 'normal',
      interest_rate: 5.74,
      rate_type: 'variable',
      type_of_loan: 'basic_loan',
      repayment_type: 'principal_and_interest',
      maximum_lvr: 80,
      redraw: true,
      extra_repayments: true,
      offer_description: 'No application fee and no monthly fee; a further 0.10% off for loans of $1,000,000 or more.',
      required_documents: [payslips, { document_type: 'Bank statements', description: 'The last three months of your everyday account', quantity: 3, mandatory: true }],
    },
    terms: {},
    qualifying: [
      { rule_field: 'loan_amount', min_value: 200_000, max_value: 3_000_000 },
      { rule_field: 'maximum_lvr', min_value: 0, max_value: 80 },
      { rule_field: 'credit_band', value: 'ExcellentCreditBand;VeryGoodCreditBand' },
      { rule_field: 'number_of_applicants', value: '1;2' },
    ],
    conditional: [
      { bid_field: 'interest_rate', operator: 'all', conditions: [{ rule_field: 'loan_amount', min_value: 1_000_000, max_value: 3_000_000, value: null }], modifier: { type: 'reduce_base_value', value: 0.1 } },
    ],
    places: [],
  },
  {
    owner: 'broker@aussie.demo.example',
    details: {
      name: 'Two-year fixed for refinancers',
      bid_type: 'normal',
      interest_rate: 5.69,
      rate_type: 'fixed',
      fixed_period: 2,
      rate_reverts_to: 6.24,
      type_of_loan: 'full_service_loan',
      repayment_type: 'principal_and_interest',
      maximum_lvr: 90,
      split_loan_facility: true,
      application_fee_type: '$',
      application_fee_value: 250,
      ongoing_fees_value: 10,
      ongoing_fees_period: 'per_month',
      offer_description: 'Fixed for two years, then the standard variable rate. $2,000 cash back for refinances of $500,000 or more.',
      required_documents: [payslips, loanStatements, { document_type: 'Notice of assessment', description: 'The latest, if you are self-employed', quantity: 1, mandatory: false }],
    },
    terms: { rate_type: 'fixed', fixed_period: 2, rate_reverts_to: 6.24, application_fee_value: 250, ongoing_fees_value: 10, ongoing_fees_period: 'per_month' },
    qualifying: [
      { rule_field: 'loan_amount', min_value: 200_000, max_value: 1_500_000 },
      { rule_field: 'maximum_lvr', min_value: 0, max_value: 90 },
      { rule_field: 'loan_type', value: 'refinance' },
      { rule_field: 'rate_type', value: 'any;fixed;split' },
    ],
    conditional: [
      {
        bid_field: 'cash_back',
        operator: 'all',
        conditions: [
          { rule_field: 'loan_type', min_value: null, max_value: null, value: 'refinance' },
          { rule_field: 'loan_amount', min_value: 500_000, max_value: 1_500_000, value: null },
        ],
        modifier: { type: 'new_value', value: 2_000 },
      },
      { bid_field: 'waived', operator: 'any', conditions: [{ rule_field: 'credit_band', min_value: null, max_value: null, value: 'ExcellentCreditBand' }], modifier: { type: 'new_boolean_value', value: true } },
    ],
    places: null,
    // A broker who bids on the posts of the last week and leaves its price alone (no floor and step).
    autoBidding: { scope: 'open_posts', review_period: 7 },
  },
];

/** The campaign some of the story's customers came through (docs/campaigns.md); its link is /create-post?slug=… */
export const demoCampaign: Omit<CampaignFields, 'status' | 'benefit_payer' | 'commission_payer' | 'commission_payee'> = {
  name: 'Spring refinance',
  slug: 'spring-refinance',
  benefit_type: '$',
  benefit_value: 2_000,
  commission_type: '%',
  commission_value: 0.3,
};

/**
 * The catalogue, made by the admin and the providers through the routes; products before the templates naming them.
 * Answers the templates' ids by name (auto-bidding is set up on them at the end of the story).
 */
export async function seedCatalogue(call: DemoCall, cast: DemoCast): Promise<Map<string, string>> {
  const person = (email: string) => {
    const found = cast.people.get(email);
    if (!found?.organisationUuid) throw new Error(`no demo provider ${email}`);
    return { ...found, organisationUuid: found.organisationUuid };
  };
  const productIds = new Map<string, string>();
  const templateIds = new Map<string, string>();
  for (const { of, product } of demoProducts) {
    const created = await call(cast.admin, 'POST', `/v2/organisations/${person(of).organisationUuid}/financial_institution_products`, { operation: 'create', financial_institution_product: product });
    productIds.set(product.product_name, created.json().uuid as string);
  }
  await call(cast.admin, 'POST', `/v1/products/${homeLoanProduct.uuid}/campaigns`, { campaign: demoCampaign });

  for (const template of demoTemplates) {
    const owner = person(template.owner);
    const productId = template.product ? productIds.get(template.product) : null;
    if (productId === undefined) throw new Error(`no demo product ${template.product}`);
    const details = {
      ...template.details,
      organisation_uuid: owner.organisationUuid,
      financial_institution_product: productId,
      comparison_rate: comparisonRate({ ...variableRateTerms(template.details.interest_rate), ...template.terms }),
    };
    const created = await call(owner, 'POST', '/v4/home_loan_bid_templates', { home_loan_bid_template: details });
    const id = created.json().uuid as string;
    templateIds.set(template.details.name, id);
    const qualifying = template.qualifying.map((rule) => ({ min_value: null, max_value: null, value: null, ...rule }));
    await call(owner, 'POST', `/v4/home_loan_bid_templates/${id}/template_qualifying_rules`, { template_qualifying_rules: qualifying });
    for (const rule of template.conditional) await call(owner, 'POST', `/v2/home_loan_bid_templates/${id}/template_conditional_fields`, { template_conditional_field: rule });
    if (template.places === null) await call(owner, 'PATCH', `/v4/home_loan_bid_templates/${id}`, { operation: 'location_list_type', location_list_type: null });
    for (const place of template.places ?? []) await call(owner, 'POST', `/v2/home_loan_bid_templates/${id}/template_location_rules`, { template_location_rule: place });
    if (template.addedDocument) await call(owner, 'POST', `/v3/home_loan_bid_templates/${id}/required_documents`, { required_document: template.addedDocument });
  }
  return templateIds;
}

/**
 * Each owner sets up its template's auto-bidding as the screens do (docs/auto-bidding.md "Turning auto-bidding on",
 * "Floor and step"): the floor and step first, then the tick with the execution option and the review period. The
 * auto-bidder then bids on the open posts the template's rules meet, through the hand-placed bid's workflow.
 */
export async function setUpAutoBidding(call: DemoCall, cast: DemoCast, templateIds: ReadonlyMap<string, string>): Promise<void> {
  for (const template of demoTemplates) {
    if (!template.autoBidding) continue;
    const owner = cast.people.get(template.owner);
    const id = templateIds.get(template.details.name);
    if (!owner || !id) throw new Error(`no demo template ${template.details.name}`);
    const { scope, review_period, improvement } = template.autoBidding;
    if (improvement) await call(owner, 'PATCH', `/v4/home_loan_bid_templates/${id}/improvement`, { improvement });
    await call(owner, 'PATCH', `/v4/home_loan_bid_templates/${id}/auto_bidding`, { auto_bidding: true, scope, review_period });
  }
}
