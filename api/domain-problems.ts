import { postNoteAccessErrors } from '../application/post-notes/note-access';
import { workflowErrors } from '../application/refusals';
import { bidErrors } from '../domain/bid/decider';
import { bidTemplateErrors } from '../domain/bid-template/decider';
import { campaignErrors } from '../domain/campaign/decider';
import { slugTakenError } from '../domain/campaign/slug-reservation';
import { conversationErrors } from '../domain/conversation/decider';
import { dealErrors } from '../domain/deal/decider';
import { externalDealErrors } from '../domain/external-deal/decider';
import { productErrors } from '../domain/financial-institution-product/decider';
import { organisationErrors } from '../domain/organisation/decider';
import { postErrors } from '../domain/post/decider';
import { lifecycleErrors } from '../domain/post/lifecycle';
import { postNoteErrors } from '../domain/post-note/decider';
import { questionErrors } from '../domain/question/decider';
import { reviewErrors } from '../domain/review/decider';
import type { DomainError } from '../domain/shared/decider';
import { subscriberErrors } from '../domain/subscriber/decider';
import { systemConfigurationErrors } from '../domain/system-configuration/decider';
import { imageMessagesByReason } from '../application/images';
import { userRefusalCodes } from '../application/users/refusals';
import { userErrors } from '../domain/user/decider';
import { emailTakenError } from '../domain/user/email-reservation';
import { type Problem, problem } from './problem';

// The one table from a domain error's code to its HTTP status (DESIGN.md §5). The rule of thumb: missing 404; not
// yours or not allowed 403; a field or a text the caller can fix 422; the state of the thing says no 409; our own
// settings out of range 500. `api/domain-problems.test.ts` checks that every code of every decider is here.

const notFound = 404;
const forbidden = 403;
const invalid = 422;
const conflict = 409;

export const statusOfCode: Readonly<Record<string, number>> = {
  [bidErrors.alreadyExists]: conflict,
  [bidErrors.notFound]: notFound,
  [bidErrors.notAllowed]: forbidden,
  [bidErrors.postNotOpen]: conflict,
  [bidErrors.invalid]: invalid,
  [bidErrors.lvrTooHigh]: invalid,
  [bidErrors.needsConfirmation]: conflict,
  [bidErrors.notEditable]: conflict,
  [bidErrors.notCancellable]: conflict,
  // bidErrors.reasonRequired is the post's code ('CANCELLATION_REASON_REQUIRED', 422), listed there: twice is a type error.
  [bidErrors.notDeletable]: conflict,
  [bidErrors.transitionNotAllowed]: conflict,
  [bidErrors.biddingLimitReached]: forbidden,

  [bidTemplateErrors.alreadyExists]: conflict,
  [bidTemplateErrors.notFound]: notFound,
  [bidTemplateErrors.notAllowed]: forbidden,
  [bidTemplateErrors.invalid]: invalid,
  [bidTemplateErrors.missingQualifyingRules]: invalid,
  [bidTemplateErrors.feeRulesChoiceRequired]: conflict,
  [bidTemplateErrors.ruleNotFound]: notFound,
  [bidTemplateErrors.changedMeanwhile]: conflict,
  [bidTemplateErrors.documentNotFound]: notFound,

  [campaignErrors.alreadyExists]: conflict,
  [campaignErrors.notFound]: notFound,
  [campaignErrors.benefitOutOfRange]: invalid,
  [campaignErrors.commissionOutOfRange]: invalid,
  [campaignErrors.brokerPayee]: invalid,
  [campaignErrors.samePayerAndPayee]: invalid,
  [slugTakenError]: invalid,

  [conversationErrors.notFound]: notFound,
  [conversationErrors.notParty]: forbidden,
  [conversationErrors.chatDisabled]: forbidden,
  [conversationErrors.notPermitted]: forbidden,
  [conversationErrors.postNotActive]: conflict,
  [conversationErrors.notBidder]: invalid,
  [conversationErrors.invalid]: invalid,

  [dealErrors.alreadyOpen]: conflict,
  [dealErrors.notFound]: notFound,
  [dealErrors.notYours]: forbidden,
  [dealErrors.invalid]: invalid,
  [dealErrors.stepNotAllowed]: conflict,
  [dealErrors.activityExists]: conflict,
  [dealErrors.activityNotFound]: notFound,
  [dealErrors.activityKept]: conflict,
  [dealErrors.notCustomer]: forbidden,
  [dealErrors.contactPreferenceInvalid]: invalid,

  [externalDealErrors.notAllowed]: forbidden,
  [externalDealErrors.alreadyExists]: conflict,
  [externalDealErrors.notFound]: notFound,
  [externalDealErrors.invalid]: invalid,

  [organisationErrors.alreadyExists]: invalid,
  [organisationErrors.notFound]: notFound,
  [organisationErrors.brokerCategory]: invalid,
  [organisationErrors.brokerBidders]: invalid,
  [organisationErrors.bidderNotBroker]: invalid,
  [organisationErrors.bidderItself]: invalid,

  [productErrors.notFound]: notFound,
  [productErrors.alreadyExists]: conflict,
  [productErrors.nameTaken]: invalid,
  [productErrors.onlyLenders]: invalid,
  [productErrors.bidderNotBroker]: invalid,

  [postNoteErrors.invalid]: invalid,
  [postNoteErrors.exists]: conflict,
  [postNoteErrors.notFound]: notFound,
  [postNoteErrors.notYours]: forbidden,
  [postNoteErrors.privateAdminOnly]: forbidden,
  [postNoteErrors.erased]: conflict,

  [postErrors.alreadyExists]: conflict,
  [postErrors.notFound]: notFound,
  [postErrors.notOwner]: forbidden,
  [postErrors.notEditable]: conflict,
  [postErrors.alreadyCancelled]: conflict,
  [postErrors.invalid]: invalid,
  [postErrors.incomplete]: invalid,
  [postErrors.homeLoanAlreadySet]: conflict,
  [postErrors.homeLoanNotFound]: notFound,
  [postErrors.preferencesAlreadySet]: conflict,
  [postErrors.preferencesNotFound]: notFound,
  [postErrors.partAlreadyExists]: conflict,
  [postErrors.applicantsLimit]: conflict,
  [postErrors.applicantNotFound]: notFound,
  [postErrors.incomeNotFound]: notFound,
  [postErrors.expenseNotFound]: notFound,
  [postErrors.reasonRequired]: invalid,
  [postErrors.messageRequired]: invalid,
  [postErrors.publishSettingsInvalid]: 500,

  // The lifecycle (docs/post-lifecycle.md): the spec's two failure texts and a bid the post cannot accept (withdrawn,
  // or in a status acceptance does not take) are 422; wrong status, not due, already accepted are 409; settings out
  // of range are ours, 500.
  [lifecycleErrors.notAllowed]: forbidden,
  [lifecycleErrors.wrongStatus]: conflict,
  [lifecycleErrors.notDue]: conflict,
  [lifecycleErrors.invalidSettings]: 500,
  [lifecycleErrors.extensionLimit]: invalid,
  [lifecycleErrors.automaticSelectionCancelled]: invalid,
  [lifecycleErrors.bidAlreadyAccepted]: conflict,
  [lifecycleErrors.bidNotAcceptable]: invalid,
  [lifecycleErrors.bidNotWinning]: conflict,
  [lifecycleErrors.bidNotRegistered]: conflict,
  [lifecycleErrors.outcomeRecorded]: conflict,

  [questionErrors.alreadyExists]: invalid,
  [questionErrors.notFound]: notFound,
  [questionErrors.invalidPositions]: invalid,

  [reviewErrors.notFound]: notFound,
  [reviewErrors.notYours]: forbidden,
  [reviewErrors.notPostOwner]: forbidden,
  [reviewErrors.noDeal]: forbidden,
  [reviewErrors.alreadyModerated]: conflict,
  [reviewErrors.invalid]: invalid,
  [reviewErrors.notModerator]: forbidden,

  // The subscribe form shows it as a field's fault (the address), like sign-up's taken address.
  [subscriberErrors.alreadySubscribed]: invalid,

  [systemConfigurationErrors.notFound]: notFound,
  [systemConfigurationErrors.invalidValue]: invalid,

  [userErrors.alreadyExists]: conflict,
  [userErrors.notFound]: notFound,
  [userErrors.notPending]: invalid,
  [userErrors.unknownOrganisation]: invalid,
  [userErrors.messageRequired]: invalid,
  [userErrors.notApproved]: forbidden,
  [userErrors.invalidStatus]: invalid,
  [userErrors.customerPermissions]: invalid,
  [userErrors.notProvider]: invalid,
  [userErrors.alreadyActivated]: conflict,
  [userErrors.notCreating]: forbidden,
  [userErrors.notRegistered]: conflict,
  // The users' and organisations' workflows' own refusals (application/users/refusals.ts, application/images.ts).
  [emailTakenError]: invalid,
  [userRefusalCodes.answersInvalid]: invalid,
  [userRefusalCodes.mobileNotVerified]: invalid,
  [userRefusalCodes.verificationCodeInvalid]: invalid,
  [userRefusalCodes.currentPasswordWrong]: invalid,
  [userRefusalCodes.activationCodeInvalid]: invalid,
  [userRefusalCodes.passwordResetTokenInvalid]: invalid,
  [userRefusalCodes.validationFailed]: invalid,
  ...Object.fromEntries(Object.keys(imageMessagesByReason).map((code) => [code, invalid])),

  // The workflows' own checks before any decider (application/refusals.ts).
  // VALIDATION_FAILED (workflowErrors.validationFailed) is the users' code above: one line.
  [workflowErrors.providerNotFound]: notFound,
  [workflowErrors.forbidden]: forbidden,
  [postNoteAccessErrors.notABidder]: forbidden,
};

export type DomainProblemOptions = {
  /** Field errors are named as the request body spells them: under its wrapper (`home_loan_bid.interest_rate`). */
  wrapper?: string;
  /** A refusal without field errors that the form shows beside one field (`review.customer_uuid`). */
  field?: string;
};

/** A domain refusal as problem+json: the status from the table, the code and the spec's message, the field errors. */
export function domainProblem(error: DomainError & { errors?: Record<string, string[]> }, options: DomainProblemOptions = {}): Problem {
  const status = statusOfCode[error.code] ?? conflict;
  const fieldErrors = error.errors
    ? options.wrapper
      ? // 'body' names the whole value (domain/post/schemas.ts fieldErrorsOf): the wrapper itself.
        Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [field === 'body' ? options.wrapper : `${options.wrapper}.${field}`, messages]))
      : error.errors
    : options.field
      ? { [options.field]: [error.message] }
      : undefined;
  return problem(status, error.code, error.message, fieldErrors);
}
