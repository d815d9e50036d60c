import { z } from 'zod';
import { australianAddress } from '../../../../domain/address/schemas';
import { creditHistories, currentRateTypes, expensePeriods, loanPurposes, loanTypes, urgencies } from '../../../../domain/post/schemas';
import { incomeSourceKeys } from './income-sources';

// What the application stepper keeps in the browser between its steps (docs/application-stepper.md): the answers,
// the customer account it made, and the post parts already created, so a failed submit continues where it
// stopped. Passwords and SMS codes never land here.

const applicantAnswer = z.object({
  first_name: z.string(),
  last_name: z.string(),
  /** A year (spec 2 §3). */
  date_of_birth: z.number().nullable(),
  credit_history: z.enum(creditHistories).nullable(),
  /** The applicant's main income, as one choice of type and category (./income-sources.ts). */
  income_source: z.enum(incomeSourceKeys).nullable(),
  /** Before tax, a year. */
  yearly_income: z.number().nullable(),
});
export type ApplicantAnswer = z.infer<typeof applicantAnswer>;

export const emptyApplicant: ApplicantAnswer = {
  first_name: '',
  last_name: '',
  date_of_birth: null,
  credit_history: null,
  income_source: null,
  yearly_income: null,
};

const answers = z.object({
  loan_type: z.enum(loanTypes).nullable(),
  loan_purpose: z.enum(loanPurposes).nullable(),
  property_market_value: z.number().nullable(),
  loan_amount: z.number().nullable(),
  // Refinance: the current loan.
  interest_rate: z.number().nullable(),
  rate_type: z.enum(currentRateTypes).nullable(),
  fixed_rate_checkbox: z.boolean(),
  organisation: z.string(),
  /** Set when the lender was picked from the directory. */
  organisation_uuid: z.uuid().nullable(),
  retention: z.boolean().nullable(),
  // New loan.
  purchase_property_found: z.boolean().nullable(),
  off_the_plan_property: z.boolean().nullable(),
  // Where the customer lives, and the property of an investment.
  postcode: z.string(),
  user_address: australianAddress.nullable(),
  property_postcode: z.string(),
  property_address: australianAddress.nullable(),
  suburb_not_known_yet: z.boolean(),
  applicants: z.array(applicantAnswer),
  number_of_dependants: z.number().nullable(),
  equity_from_another_property: z.boolean().nullable(),
  cash_savings: z.number().nullable(),
  urgency: z.enum(urgencies).nullable(),
  /** The household's living costs: one general expense covering every applicant. */
  living_expenses: z.number().nullable(),
  living_expenses_period: z.enum(expensePeriods),
  country_code: z.string(),
  mobile_number: z.string(),
  /** The number above was proved by an SMS code; changing it clears this. */
  mobile_verified: z.boolean(),
});
export type ApplicationAnswers = z.infer<typeof answers>;

export const emptyAnswers: ApplicationAnswers = {
  loan_type: null,
  loan_purpose: null,
  property_market_value: null,
  loan_amount: null,
  interest_rate: null,
  rate_type: null,
  fixed_rate_checkbox: false,
  organisation: '',
  organisation_uuid: null,
  retention: null,
  purchase_property_found: null,
  off_the_plan_property: null,
  postcode: '',
  user_address: null,
  property_postcode: '',
  property_address: null,
  suburb_not_known_yet: false,
  applicants: [{ ...emptyApplicant }],
  number_of_dependants: null,
  equity_from_another_property: null,
  cash_savings: null,
  urgency: null,
  living_expenses: null,
  living_expenses_period: 'monthly_expenses_period',
  country_code: '61',
  mobile_number: '',
  mobile_verified: false,
};

/** The post and its parts as created so far (ids from the API); a repeated submit skips what exists. */
const createdParts = z.object({
  post_id: z.uuid().nullable(),
  home_loan_id: z.uuid().nullable(),
  preferences_id: z.uuid().nullable(),
  /** By applicant index. */
  applicant_ids: z.array(z.uuid()),
  /** By applicant index. */
  income_ids: z.array(z.uuid()),
  expense_id: z.uuid().nullable(),
  registered: z.boolean(),
  /** The answers the parts were made from: parts of older answers are dropped with their post. */
  fingerprint: z.string().nullable(),
});
export type CreatedParts = z.infer<typeof createdParts>;
export const noCreatedParts: CreatedParts = { post_id: null, home_loan_id: null, preferences_id: null, applicant_ids: [], income_ids: [], expense_id: null, registered: false, fingerprint: null };

const applicationState = z.object({
  version: z.literal(1),
  answers,
  /** The customer account made at the mobile-number step (POST /v2/users); its session is the stored tokens. */
  customer: z.object({ uuid: z.uuid() }).nullable(),
  created: createdParts,
});
export type ApplicationState = z.infer<typeof applicationState>;

export const initialApplicationState: ApplicationState = { version: 1, answers: emptyAnswers, customer: null, created: noCreatedParts };

/** The part of storage the stepper needs (localStorage in the browser, a map in tests). */
export type AnswerStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const storageKey = 'hla.application';

/** The kept state; anything unreadable (another version, edited by hand) starts again. */
export function readApplicationState(store: AnswerStore): ApplicationState {
  try {
    const text = store.getItem(storageKey);
    const parsed = applicationState.safeParse(text === null ? null : JSON.parse(text));
    return parsed.success ? parsed.data : initialApplicationState;
  } catch {
    return initialApplicationState;
  }
}

export function writeApplicationState(store: AnswerStore, state: ApplicationState): void {
  try {
    store.setItem(storageKey, JSON.stringify(state));
  } catch {
    // Storage blocked (private mode): the storage warning says so; the answers live until the page closes.
  }
}

export function clearApplicationState(store: AnswerStore): void {
  try {
    store.removeItem(storageKey);
  } catch {
    // nothing kept
  }
}
