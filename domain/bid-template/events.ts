import type { BidTemplateDetails } from './schemas';
import type { ConditionalRule, LocationListType, LocationRule, QualifyingRule } from './rules';
import { type TemplateDocumentEvent, templateDocumentEventTypes } from './documents';
import { type AutoBiddingEvent, autoBiddingEventTypes } from './auto-bidding';
import type { InteractiveMatchingSet } from './interactive-matching';
import type { AutoBidImprovementSet } from './improvement';

export { autoBidImprovementEventTypes } from './auto-bid-improvements';

// Events of a bid template (`bid_template-<uuid>`, docs/events.md "Bid template"). Templates hold no personal data.

export type BidTemplateCreated = {
  type: 'BidTemplateCreated';
  data: {
    template_id: string;
    owner_id: string;
    /** The owner's own organisation (a broker's template may bid for a lender's): its colleagues' permissions apply. */
    owner_organisation_uuid: string;
    details: BidTemplateDetails;
    qualifying_rules: QualifyingRule[];
    conditional_rules: ConditionalRule[];
    location_list_type: LocationListType;
    location_rules: LocationRule[];
    cloned_from: string | null;
    created_by: string;
    created_at: string;
  };
};
/** The whole new details (a template's details are saved as one form). */
export type BidTemplateDetailsChanged = { type: 'BidTemplateDetailsChanged'; data: { template_id: string; details: BidTemplateDetails; changed_by: string; changed_at: string } };
export type QualifyingRulesSet = { type: 'QualifyingRulesSet'; data: { template_id: string; rules: QualifyingRule[] } };
/** Added, or replaced when a rule of this uuid exists. */
export type ConditionalRuleSaved = { type: 'ConditionalRuleSaved'; data: { template_id: string; rule: ConditionalRule } };
export type ConditionalRuleDeleted = { type: 'ConditionalRuleDeleted'; data: { template_id: string; rule_id: string } };
export type LocationListTypeSet = { type: 'LocationListTypeSet'; data: { template_id: string; location_list_type: LocationListType } };
export type LocationRuleAdded = { type: 'LocationRuleAdded'; data: { template_id: string; rule: LocationRule } };
export type LocationRuleDeleted = { type: 'LocationRuleDeleted'; data: { template_id: string; rule_id: string } };
export type BidTemplateDeleted = { type: 'BidTemplateDeleted'; data: { template_id: string; deleted_by: string; deleted_at: string } };

export type BidTemplateEvent =
  | BidTemplateCreated
  | BidTemplateDetailsChanged
  | QualifyingRulesSet
  | ConditionalRuleSaved
  | ConditionalRuleDeleted
  | LocationListTypeSet
  | LocationRuleAdded
  | LocationRuleDeleted
  | BidTemplateDeleted
  | TemplateDocumentEvent
  | AutoBiddingEvent
  | InteractiveMatchingSet
  | AutoBidImprovementSet;

export const bidTemplateEventTypes = [
  'BidTemplateCreated',
  'BidTemplateDetailsChanged',
  'QualifyingRulesSet',
  'ConditionalRuleSaved',
  'ConditionalRuleDeleted',
  'LocationListTypeSet',
  'LocationRuleAdded',
  'LocationRuleDeleted',
  'BidTemplateDeleted',
  ...templateDocumentEventTypes,
  ...autoBiddingEventTypes,
  'InteractiveMatchingSet',
  'AutoBidImprovementSet',
] as const satisfies readonly BidTemplateEvent['type'][];

export const bidTemplateStream = (templateId: string) => `bid_template-${templateId}`;
