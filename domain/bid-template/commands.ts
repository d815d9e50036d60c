import type { OfferFacts } from '../financial-institution-product/offer';
import { defaultPermissions, type PermissionMap } from '../user/permissions';
import type { BidTemplateDetailsInput, ConditionalRuleInput } from './schemas';
import type { LocationListType, LocationRule, QualifyingRule } from './rules';
import type { TemplateFileField } from './documents';
import type { AutoBiddingChange, AutoBiddingStopReason } from './auto-bidding';
import type { InteractiveMatchingChange } from './interactive-matching';

// Commands of the bid template aggregate (`bid_template-<uuid>`). Who acts and when come in `metadata`; the provider
// who owns the template comes as facts read from the read models (DESIGN.md §2).

export type TemplateActor = { user_id: string; user_type: 'customer' | 'fsp' | 'admin'; organisation_uuid: string | null; permissions: PermissionMap };
export type TemplateCommandMetadata = { actor: TemplateActor; now: string };

/**
 * The actor of the system's commands (the scheduler's `ExpireAutoBidding`, the auto-bidder's `StopAutoBidding`):
 * nobody in person (the nil uuid, as the bid expiry's), with the rights no route gives these commands anyway.
 */
export const systemTemplateActor: TemplateActor = { user_id: '00000000-0000-0000-0000-000000000000', user_type: 'admin', organisation_uuid: null, permissions: defaultPermissions('admin') };

/** The provider a template bids for: the actor itself, or the provider an admin assigns (fsp_user_uuid). */
export type TemplateOwnerFacts = {
  user_id: string;
  organisation_uuid: string;
  organisation_type: 'broker' | 'financial_institution';
  permissions: PermissionMap;
};

export type CreateBidTemplate = {
  type: 'CreateBidTemplate';
  data: {
    template_id: string;
    owner: TemplateOwnerFacts;
    details: BidTemplateDetailsInput;
    /** The chosen financial institution product as the read model knows it (null or absent: none, or no such product). */
    product?: OfferFacts | null;
    /** A clone keeps the source's conditional and location rules and documents (spec 3 §3 "Cloning"). */
    cloned_from: { template_id: string; conditional_rules: readonly ConditionalRuleInput[]; location_list_type: LocationListType; location_rules: readonly LocationRule[] } | null;
  };
};

/** What to do with the conditional rules on the application fee when its type ($ or %) changes (spec 3 §4 step 4). */
export const feeRuleChoices = ['delete', 'keep'] as const;
export type FeeRuleChoice = (typeof feeRuleChoices)[number];

/** The revision the caller loaded; a save on a template changed since is refused (BID_TEMPLATE_CHANGED). */
type Expected = { expected_revision?: number | null };

export type ChangeBidTemplateDetails = {
  type: 'ChangeBidTemplateDetails';
  data: Expected & { template_id: string; owner: TemplateOwnerFacts; details: BidTemplateDetailsInput; fee_rules: FeeRuleChoice | null; product?: OfferFacts | null };
};
export type SetQualifyingRules = { type: 'SetQualifyingRules'; data: Expected & { template_id: string; rules: readonly QualifyingRule[] } };
export type SaveConditionalRule = { type: 'SaveConditionalRule'; data: Expected & { template_id: string; rule: ConditionalRuleInput } };
export type DeleteConditionalRule = { type: 'DeleteConditionalRule'; data: Expected & { template_id: string; rule_id: string } };
export type SetLocationListType = { type: 'SetLocationListType'; data: Expected & { template_id: string; location_list_type: LocationListType } };
export type AddLocationRule = { type: 'AddLocationRule'; data: Expected & { template_id: string; rule: LocationRule } };
export type DeleteLocationRule = { type: 'DeleteLocationRule'; data: Expected & { template_id: string; rule_id: string } };
export type DeleteBidTemplate = { type: 'DeleteBidTemplate'; data: Expected & { template_id: string } };

/** A template's documents (spec 3 §7 "Bid template documents"): required ones the customer provides, optional ones attached. */
export const templateDocumentKinds = ['required', 'optional'] as const;
export type TemplateDocumentKind = (typeof templateDocumentKinds)[number];
/** `adding`: a new document (its uuid given by the workflow); otherwise a change of the one with this uuid. */
export type SaveTemplateDocument = { type: 'SaveTemplateDocument'; data: Expected & { template_id: string; kind: TemplateDocumentKind; adding: boolean; document: { uuid: string } & Record<string, unknown> } };
export type RemoveTemplateDocument = { type: 'RemoveTemplateDocument'; data: Expected & { template_id: string; kind: TemplateDocumentKind; document_id: string } };
/** A PDF the workflow checked and stored; `link` is where it is served. */
export type AttachTemplateFile = { type: 'AttachTemplateFile'; data: Expected & { template_id: string; field: TemplateFileField; link: string; byte_size: number } };

/** spec 3 §4 "Auto-bidding": tick on or off (`PATCH …/auto_bidding`), with permission execute_automatic_bidding. */
export type ChangeAutoBidding = { type: 'ChangeAutoBidding'; data: Expected & AutoBiddingChange };
/** The scheduler's, once the expiry has passed (projections/scheduler/transition-scheduler.ts). */
export type ExpireAutoBidding = { type: 'ExpireAutoBidding'; data: Expected & { template_id: string } };
/** The auto-bidder's, when its bid on `post_id` was refused for a reason that outlasts the post (issue 29 item 2). */
export type StopAutoBidding = { type: 'StopAutoBidding'; data: Expected & { template_id: string; reason: AutoBiddingStopReason; post_id: string } };

/** spec 3 §4 "Interactive matching" (`POST /v3/home_loan_bid_templates/{id}/interactive_matches`). */
export type SetInteractiveMatching = { type: 'SetInteractiveMatching'; data: Expected & InteractiveMatchingChange };

/** Floor and step (issue 29 item 7): `improvement` as sent (checked by the decider), or null to clear it. */
export type SetAutoBidImprovement = { type: 'SetAutoBidImprovement'; data: Expected & { template_id: string; improvement: unknown } };

export type BidTemplateCommand = (
  | CreateBidTemplate
  | ChangeBidTemplateDetails
  | SetQualifyingRules
  | SaveConditionalRule
  | DeleteConditionalRule
  | SetLocationListType
  | AddLocationRule
  | DeleteLocationRule
  | DeleteBidTemplate
  | SaveTemplateDocument
  | RemoveTemplateDocument
  | AttachTemplateFile
  | ChangeAutoBidding
  | ExpireAutoBidding
  | StopAutoBidding
  | SetInteractiveMatching
  | SetAutoBidImprovement
) & { metadata: TemplateCommandMetadata };
