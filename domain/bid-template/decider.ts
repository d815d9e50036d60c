import { mayOffer, type OfferFacts } from '../financial-institution-product/offer';
import { productMessages } from '../financial-institution-product/schemas';
import { accept, assertNever, type Decider, type DomainError } from '../shared/decider';
import { sameValue } from '../shared/same';
import type { FieldErrors } from '../post/schemas';
import type {
  BidTemplateCommand,
  ChangeBidTemplateDetails,
  CreateBidTemplate,
  SaveConditionalRule,
  RemoveTemplateDocument,
  SaveTemplateDocument,
  SetQualifyingRules,
  TemplateOwnerFacts,
} from './commands';
import { mayChangeTemplate } from './access';
import { decideInteractiveMatching, type InteractiveMatching, initialInteractiveMatching, interactiveMatchingAfter } from './interactive-matching';
import { type AutoBidding, autoBiddingAfter, autoBiddingMessages, decideAutoBidding, decideAutoBiddingExpiry, decideAutoBiddingStop, initialAutoBidding } from './auto-bidding';
import { type AutoBidImprovement, decideImprovementSetting, improvementMessages } from './improvement';
import { detailsAfterDocumentEvent, type TemplateDocumentEvent } from './documents';
import { bidLimits, bidMessages, optionalDocumentSchema, requiredDocumentSchema } from '../bid/schemas';
import type { BidTemplateCreated, BidTemplateEvent } from './events';
import { initialQualifyingRanges, ruleFieldByName } from './rule-fields';
import { type ConditionalRule, MISSING_QUALIFYING_RULES, type QualifyingRule, templateRuleMessages } from './rules';
import {
  type BidTemplateDetails,
  bidTemplateDetailsSchema,
  bidTemplateMessages,
  type ConditionalRuleInput,
  conditionalRuleSchema,
  modifierErrors,
  ruleTestsErrors,
} from './schemas';

// The bid template aggregate (spec 3 §3–§6): its details are a bid form with a name; its rules decide which posts it
// bids on and how it changes the bid (docs/bid-templates.md). Who may act is decided here from the actor's
// permissions and the owner's organisation.

/** A template as decided on: what its creation recorded, with the changes since. */
export type BidTemplate = Omit<BidTemplateCreated['data'], 'cloned_from' | 'created_by' | 'created_at'> & {
  auto_bidding: AutoBidding;
  interactive_matching: InteractiveMatching;
  /** Floor and step (./improvement.ts); null: its auto-bids never improve. */
  improvement: AutoBidImprovement | null;
};
/** `revision`: the stream's (the count of its events less one), so a save can name the revision it started from. */
export type BidTemplateState = { status: 'absent' } | { status: 'kept'; template: BidTemplate; revision: number } | { status: 'deleted'; template: BidTemplate };

export type BidTemplateError = DomainError & { errors?: FieldErrors };
export type BidTemplateDecision = { ok: true; events: BidTemplateEvent[] } | { ok: false; error: BidTemplateError };

export const bidTemplateErrors = {
  alreadyExists: 'BID_TEMPLATE_ALREADY_EXISTS',
  notFound: 'BID_TEMPLATE_NOT_FOUND',
  notAllowed: 'BID_TEMPLATE_NOT_ALLOWED',
  invalid: 'BID_TEMPLATE_INVALID',
  missingQualifyingRules: MISSING_QUALIFYING_RULES,
  /** The application fee's type changed while conditional rules change the fee: say whether to delete or keep them. */
  feeRulesChoiceRequired: 'FEE_RULES_CHOICE_REQUIRED',
  ruleNotFound: 'BID_TEMPLATE_RULE_NOT_FOUND',
  /** Saved by someone else since the caller loaded it: a later save never silently overwrites an earlier one. */
  changedMeanwhile: 'BID_TEMPLATE_CHANGED',
  /** A required or optional document this template does not hold (spec 3 §7 "Bid template documents"). */
  documentNotFound: 'BID_TEMPLATE_DOCUMENT_NOT_FOUND',
} as const;

const refuse = (code: string, message: string, errors?: FieldErrors): BidTemplateDecision => ({ ok: false, error: { code, message, ...(errors ? { errors } : {}) } });
const invalid = (errors: FieldErrors) => refuse(bidTemplateErrors.invalid, 'The bid template has invalid fields.', errors);
const notFound = () => refuse(bidTemplateErrors.notFound, 'Bid template not found.');
/** Who may not change a template is told so (also before an upload is stored, application/bid-templates/attach-template-file.ts). */
export const notAllowedToChange = { code: bidTemplateErrors.notAllowed, message: 'You are not allowed to change this bid template.' } as const;
const notAllowed = (message: string = notAllowedToChange.message) => refuse(bidTemplateErrors.notAllowed, message);
const hasErrors = (errors: FieldErrors) => Object.keys(errors).length > 0;

/** spec 3 §4 step 9: a new template's qualifying rules. */
export const initialQualifyingRules = (): QualifyingRule[] =>
  Object.entries(initialQualifyingRanges).map(([rule_field, range]) => ({ rule_field: rule_field as QualifyingRule['rule_field'], min_value: range.min, max_value: range.max, value: null }));

const initialState = (): BidTemplateState => ({ status: 'absent' });


/** The details as the form checks them, with the rules that need the owner (organisation, anonymous bids). */
function checkedDetails(
  input: unknown,
  owner: TemplateOwnerFacts,
  product: OfferFacts | null | undefined,
  keptProduct: string | null = null,
): { ok: true; details: BidTemplateDetails } | BidTemplateDecision {
  const parsed = bidTemplateDetailsSchema.safeParse(input);
  const errors: FieldErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) (errors[issue.path.join('.') || 'body'] ??= []).push(issue.message);
  if (parsed.success) {
    const details = parsed.data;
    // spec 3 §5: a provider of a financial institution has its organisation fixed.
    if (owner.organisation_type === 'financial_institution' && details.organisation_uuid !== owner.organisation_uuid) (errors.organisation_uuid ??= []).push(bidTemplateMessages.organisationFixed);
    if (details.bid_type === 'anonymous' && !owner.permissions.create_anonymous_bid) (errors.bid_type ??= []).push(bidTemplateMessages.anonymousNotAllowed);
    // docs/products.md: a product the owner may offer, as on a bid; a change may keep the one the template names.
    const chosen = details.financial_institution_product;
    if (chosen !== null && chosen !== keptProduct && !(product && mayOffer(product, owner.organisation_uuid))) (errors.financial_institution_product ??= []).push(productMessages.notOffered);
  }
  if (!parsed.success || hasErrors(errors)) return invalid(errors);
  return { ok: true, details: parsed.data };
}

function checkedRule(input: ConditionalRuleInput, details: BidTemplateDetails, path: string): { ok: true; rule: ConditionalRule } | BidTemplateDecision {
  const parsed = conditionalRuleSchema.safeParse(input);
  if (!parsed.success) return invalid(Object.fromEntries(parsed.error.issues.map((issue) => [`${path}.${issue.path.join('.')}`, [issue.message]])));
  const rule = parsed.data;
  const errors = ruleTestsErrors(rule.conditions, `${path}.conditions`);
  const modifier = modifierErrors(rule.bid_field, rule.modifier, details.application_fee_type);
  if (modifier.length > 0) errors[`${path}.modifier.value`] = modifier;
  return hasErrors(errors) ? invalid(errors) : { ok: true, rule };
}

function create(command: Extract<BidTemplateCommand, CreateBidTemplate>, state: BidTemplateState): BidTemplateDecision {
  const { actor, now } = command.metadata;
  const { template_id, owner, cloned_from } = command.data;
  if (state.status !== 'absent') return refuse(bidTemplateErrors.alreadyExists, 'This bid template already exists.');
  const allowed = actor.user_type === 'admin' || (actor.user_type === 'fsp' && actor.user_id === owner.user_id && actor.permissions.create_bid_template);
  if (!allowed) return notAllowed('You are not allowed to create bid templates.');
  const checked = checkedDetails(command.data.details, owner, command.data.product);
  if (!('details' in checked)) return checked;
  const conditional_rules: ConditionalRule[] = [];
  for (const [index, input] of (cloned_from?.conditional_rules ?? []).entries()) {
    const rule = checkedRule(input, checked.details, `conditional_rules.${index}`);
    if (!('rule' in rule)) return rule;
    conditional_rules.push(rule.rule);
  }
  return accept({
    type: 'BidTemplateCreated',
    data: {
      template_id,
      owner_id: owner.user_id,
      owner_organisation_uuid: owner.organisation_uuid,
      details: checked.details,
      // spec 3 §3: a clone starts again from the initial qualifying rules.
      qualifying_rules: initialQualifyingRules(),
      conditional_rules,
      location_list_type: cloned_from ? cloned_from.location_list_type : 'whitelist',
      location_rules: cloned_from ? [...cloned_from.location_rules] : [],
      cloned_from: cloned_from?.template_id ?? null,
      created_by: actor.user_id,
      created_at: now,
    },
  });
}

const same = sameValue;

function changeDetails(command: Extract<BidTemplateCommand, ChangeBidTemplateDetails>, template: BidTemplate): BidTemplateDecision {
  const { actor, now } = command.metadata;
  const checked = checkedDetails(command.data.details, command.data.owner, command.data.product, template.details.financial_institution_product);
  if (!('details' in checked)) return checked;
  const { details } = checked;
  // spec 3 §4 step 2: an unchanged template is not saved again.
  if (same(details, template.details)) return accept();
  const events: BidTemplateEvent[] = [{ type: 'BidTemplateDetailsChanged', data: { template_id: template.template_id, details, changed_by: actor.user_id, changed_at: now } }];
  const feeRules = template.conditional_rules.filter((rule) => rule.bid_field === 'application_fee_value');
  if (details.application_fee_type !== template.details.application_fee_type && feeRules.length > 0) {
    if (command.data.fee_rules === null) {
      return refuse(bidTemplateErrors.feeRulesChoiceRequired, 'The application fee type changed: delete or keep the conditional rules on the application fee.');
    }
    if (command.data.fee_rules === 'delete') {
      for (const rule of feeRules) events.push({ type: 'ConditionalRuleDeleted', data: { template_id: template.template_id, rule_id: rule.uuid } });
    } else {
      const errors = Object.fromEntries(
        feeRules.flatMap((rule) => {
          const messages = modifierErrors(rule.bid_field, rule.modifier, details.application_fee_type);
          return messages.length > 0 ? [[`conditional_rules.${rule.uuid}.modifier.value`, messages]] : [];
        }),
      );
      if (hasErrors(errors)) return invalid(errors);
    }
  }
  return accept(...events);
}

function setQualifyingRules(command: Extract<BidTemplateCommand, SetQualifyingRules>, template: BidTemplate): BidTemplateDecision {
  const rules = command.data.rules;
  const fields = rules.map((rule) => rule.rule_field);
  if (new Set(fields).size !== fields.length) return invalid({ qualifying_rules: ['A field has one qualifying rule.'] });
  const errors = ruleTestsErrors(rules, 'qualifying_rules');
  if (hasErrors(errors)) {
    // spec 3 §5: currency and percentage rules need both ends; missing ends are MISSING_QUALIFYING_RULES.
    const missing = Object.values(errors).some((messages) => messages.includes(templateRuleMessages.informValue));
    return missing ? refuse(bidTemplateErrors.missingQualifyingRules, templateRuleMessages.missingQualifyingRules, errors) : invalid(errors);
  }
  // Every range field of the initial rules stays tested (spec 3 §4 step 6: missing rules send the user back).
  const absent = Object.keys(initialQualifyingRanges).filter((name) => !fields.includes(name as QualifyingRule['rule_field']));
  if (absent.length > 0) {
    return refuse(
      bidTemplateErrors.missingQualifyingRules,
      templateRuleMessages.missingQualifyingRules,
      Object.fromEntries(absent.map((name) => [`qualifying_rules.${name}`, [`${ruleFieldByName.get(name as QualifyingRule['rule_field'])?.label}: ${templateRuleMessages.informValue}`]])),
    );
  }
  if (same(rules, template.qualifying_rules)) return accept();
  return accept({ type: 'QualifyingRulesSet', data: { template_id: template.template_id, rules: rules.map((rule) => ({ ...rule })) } });
}

function saveConditionalRule(command: Extract<BidTemplateCommand, SaveConditionalRule>, template: BidTemplate): BidTemplateDecision {
  const checked = checkedRule(command.data.rule, template.details, 'rule');
  if (!('rule' in checked)) return checked;
  const existing = template.conditional_rules.find((rule) => rule.uuid === checked.rule.uuid);
  if (existing && same(existing, checked.rule)) return accept();
  return accept({ type: 'ConditionalRuleSaved', data: { template_id: template.template_id, rule: checked.rule } });
}

const documentNotFound = () => refuse(bidTemplateErrors.documentNotFound, 'Document not found.');
const documentsField = { required: 'required_documents', optional: 'optional_documents' } as const;

/** spec 3 §5: a required document's quantity 1 to 1000, its type and whether it is mandatory; an optional one's text. */
function saveDocument(command: Extract<BidTemplateCommand, SaveTemplateDocument>, template: BidTemplate): BidTemplateDecision {
  const { kind, adding, document, template_id } = command.data;
  const parsed = (kind === 'required' ? requiredDocumentSchema : optionalDocumentSchema).safeParse(document);
  if (!parsed.success) return invalid(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', [issue.message]])));
  const saved = { ...parsed.data, uuid: document.uuid };
  const field = documentsField[kind];
  const kept: readonly { uuid?: string | undefined }[] = template.details[field];
  const existing = kept.find((candidate) => candidate.uuid === saved.uuid);
  if (!adding && !existing) return documentNotFound();
  if (existing && same(existing, saved)) return accept();
  if (!existing && kept.length >= bidLimits.documentsMax) return invalid({ [field]: [bidMessages.tooManyDocuments] });
  return kind === 'required'
    ? accept({ type: 'RequiredDocumentSaved', data: { template_id, document: saved as Extract<TemplateDocumentEvent, { type: 'RequiredDocumentSaved' }>['data']['document'] } })
    : accept({ type: 'OptionalDocumentSaved', data: { template_id, document: saved as Extract<TemplateDocumentEvent, { type: 'OptionalDocumentSaved' }>['data']['document'] } });
}

/** spec 3 §5: a template keeps at least one required document. */
function removeDocument(command: Extract<BidTemplateCommand, RemoveTemplateDocument>, template: BidTemplate): BidTemplateDecision {
  const { kind, document_id, template_id } = command.data;
  const kept: readonly { uuid?: string | undefined }[] = template.details[documentsField[kind]];
  if (!kept.some((document) => document.uuid === document_id)) return documentNotFound();
  if (kind === 'optional') return accept({ type: 'OptionalDocumentRemoved', data: { template_id, document_id } });
  if (kept.length === 1) return invalid({ required_documents: [bidMessages.requiredDocumentMissing] });
  return accept({ type: 'RequiredDocumentRemoved', data: { template_id, document_id } });
}

function decide(command: BidTemplateCommand, state: BidTemplateState): BidTemplateDecision {
  if (command.type === 'CreateBidTemplate') return create(command, state);
  if (state.status !== 'kept') return notFound();
  const { template } = state;
  const { actor, now } = command.metadata;
  const expected = command.data.expected_revision;
  if (expected !== undefined && expected !== null && expected !== state.revision) {
    return refuse(bidTemplateErrors.changedMeanwhile, 'This bid template was changed by someone else meanwhile. Reload it to see the changes.');
  }
  if (command.type === 'DeleteBidTemplate') {
    const allowed = actor.user_type === 'admin' || (mayChangeTemplate(actor, template) && actor.permissions.delete_bid_template);
    if (!allowed) return notAllowed('You are not allowed to delete this bid template.');
    return accept({ type: 'BidTemplateDeleted', data: { template_id: template.template_id, deleted_by: actor.user_id, deleted_at: now } });
  }
  if (!mayChangeTemplate(actor, template)) return notAllowed();
  const template_id = template.template_id;
  if (command.type === 'ChangeAutoBidding') {
    // spec 3 §6: turning auto-bidding on or off needs execute_automatic_bidding (admins always may).
    if (actor.user_type !== 'admin' && !actor.permissions.execute_automatic_bidding) return notAllowed(autoBiddingMessages.notAllowed);
    const decided = decideAutoBidding(template.auto_bidding, { ...command.data, template_id }, actor.user_id, now);
    return decided.ok ? accept(...decided.events) : invalid(decided.errors);
  }
  switch (command.type) {
    case 'ChangeBidTemplateDetails':
      return changeDetails(command, template);
    case 'SetQualifyingRules':
      return setQualifyingRules(command, template);
    case 'SaveConditionalRule':
      return saveConditionalRule(command, template);
    case 'DeleteConditionalRule':
      if (!template.conditional_rules.some((rule) => rule.uuid === command.data.rule_id)) return refuse(bidTemplateErrors.ruleNotFound, 'Rule not found.');
      return accept({ type: 'ConditionalRuleDeleted', data: { template_id, rule_id: command.data.rule_id } });
    case 'SetLocationListType': {
      const next = command.data.location_list_type;
      if (next === template.location_list_type) return accept();
      // spec 3 §4 "Location list type": clearing the type deletes every location rule.
      const deletions: BidTemplateEvent[] = next === null ? template.location_rules.map((rule) => ({ type: 'LocationRuleDeleted', data: { template_id, rule_id: rule.uuid } })) : [];
      return accept(...deletions, { type: 'LocationListTypeSet', data: { template_id, location_list_type: next } });
    }
    case 'AddLocationRule': {
      const { rule } = command.data;
      if (template.location_list_type === null) return invalid({ location_list_type: ['Choose the location list type first.'] });
      if (template.location_rules.some((kept) => kept.uuid === rule.uuid)) return accept();
      return accept({ type: 'LocationRuleAdded', data: { template_id, rule: { ...rule } } });
    }
    case 'DeleteLocationRule':
      if (!template.location_rules.some((rule) => rule.uuid === command.data.rule_id)) return refuse(bidTemplateErrors.ruleNotFound, 'Rule not found.');
      return accept({ type: 'LocationRuleDeleted', data: { template_id, rule_id: command.data.rule_id } });
    case 'SaveTemplateDocument':
      return saveDocument(command, template);
    case 'RemoveTemplateDocument':
      return removeDocument(command, template);
    case 'AttachTemplateFile': {
      const { field, link, byte_size } = command.data;
      if (template.details[field] === link) return accept();
      return accept({ type: 'TemplateFileAttached', data: { template_id, field, link, byte_size } });
    }
    case 'SetInteractiveMatching': {
      const decided = decideInteractiveMatching(template.interactive_matching, { ...command.data, template_id }, actor.user_id, now);
      return decided.ok ? accept(...decided.events) : invalid(decided.errors);
    }
    case 'SetAutoBidImprovement': {
      // It changes what the template's auto-bids do, so it asks what turning auto-bidding on asks.
      if (actor.user_type !== 'admin' && !actor.permissions.execute_automatic_bidding) return notAllowed(improvementMessages.notAllowed);
      const decided = decideImprovementSetting(template.improvement, { template_id, improvement: command.data.improvement }, template.details.comparison_rate, actor.user_id, now);
      return decided.ok ? accept(...decided.events) : invalid(decided.errors);
    }
    case 'ExpireAutoBidding':
      return accept(...decideAutoBiddingExpiry(template.auto_bidding, template_id, now));
    case 'StopAutoBidding': {
      const { reason, post_id } = command.data;
      return accept(...decideAutoBiddingStop(template.auto_bidding, { template_id, owner_id: template.owner_id, template_name: template.details.name, reason, post_id }, now));
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: BidTemplateState, event: BidTemplateEvent): BidTemplateState {
  if (event.type === 'BidTemplateCreated') {
    const { template_id, owner_id, owner_organisation_uuid, details, qualifying_rules, conditional_rules, location_list_type, location_rules } = event.data;
    return {
      status: 'kept',
      revision: 0,
      template: { template_id, owner_id, owner_organisation_uuid, details, qualifying_rules, conditional_rules, location_list_type, location_rules, auto_bidding: initialAutoBidding(), interactive_matching: initialInteractiveMatching(), improvement: null },
    };
  }
  if (state.status !== 'kept') return state;
  const template = state.template;
  const revision = state.revision + 1;
  const kept = (next: Partial<BidTemplate>): BidTemplateState => ({ status: 'kept', revision, template: { ...template, ...next } });
  switch (event.type) {
    case 'BidTemplateDetailsChanged':
      return kept({ details: event.data.details });
    case 'QualifyingRulesSet':
      return kept({ qualifying_rules: event.data.rules });
    case 'ConditionalRuleSaved': {
      const { rule } = event.data;
      const exists = template.conditional_rules.some((r) => r.uuid === rule.uuid);
      return kept({ conditional_rules: exists ? template.conditional_rules.map((r) => (r.uuid === rule.uuid ? rule : r)) : [...template.conditional_rules, rule] });
    }
    case 'ConditionalRuleDeleted':
      return kept({ conditional_rules: template.conditional_rules.filter((r) => r.uuid !== event.data.rule_id) });
    case 'LocationListTypeSet':
      return kept({ location_list_type: event.data.location_list_type });
    case 'LocationRuleAdded':
      return kept({ location_rules: [...template.location_rules, event.data.rule] });
    case 'LocationRuleDeleted':
      return kept({ location_rules: template.location_rules.filter((r) => r.uuid !== event.data.rule_id) });
    case 'BidTemplateDeleted':
      return { status: 'deleted', template };
    case 'RequiredDocumentSaved':
    case 'RequiredDocumentRemoved':
    case 'OptionalDocumentSaved':
    case 'OptionalDocumentRemoved':
    case 'TemplateFileAttached':
      return kept({ details: detailsAfterDocumentEvent(template.details, event) });
    case 'AutoBiddingActivated':
    case 'AutoBiddingDeactivated':
    case 'AutoBiddingExpired':
    case 'AutoBiddingStopped':
      return kept({ auto_bidding: autoBiddingAfter(template.auto_bidding, event) });
    case 'InteractiveMatchingSet':
      return kept({ interactive_matching: interactiveMatchingAfter(event) });
    case 'AutoBidImprovementSet':
      return kept({ improvement: event.data.improvement });
    default:
      return assertNever(event);
  }
}

export const bidTemplateDecider: Decider<BidTemplateState, BidTemplateCommand, BidTemplateEvent> & {
  decide: (command: BidTemplateCommand, state: BidTemplateState) => BidTemplateDecision;
} = { initialState, decide, evolve };
