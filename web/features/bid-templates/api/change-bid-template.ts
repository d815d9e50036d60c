import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BidTemplateView, bidTemplateView } from '../../../../contracts/bid-template';
import type { FeeRuleChoice } from '../../../../domain/bid-template/commands';
import type { ConditionalRuleInput } from '../../../../domain/bid-template/schemas';
import type { LocationListType, LocationRule, RuleTest } from '../../../../domain/bid-template/rules';
import { apiFetch } from '../../../lib/api-fetch';
import { bidTemplateKeys } from './bid-template-keys';

// The template's calls (spec 3 §7 "Bid templates", "Conditional rules", "Qualifying and location rules"). Each
// answers the whole template, which replaces the one the wizard holds; each change sends the revision it started
// from, so a template someone else saved meanwhile is a 409 (BID_TEMPLATE_CHANGED), never overwritten.

const templatePath = (uuid: string) => `/v4/home_loan_bid_templates/${encodeURIComponent(uuid)}`;

export type NewTemplate = { details: Record<string, unknown>; fspUserUuid?: string | undefined; cloneOf?: string | undefined };

/** `POST /v4/home_loan_bid_templates`: a template (an admin's for `fsp_user_uuid`), or a clone with `clone_of`. */
export function useCreateBidTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ details, fspUserUuid, cloneOf }: NewTemplate) =>
      apiFetch('/v4/home_loan_bid_templates', {
        method: 'POST',
        body: { home_loan_bid_template: details, ...(fspUserUuid ? { fsp_user_uuid: fspUserUuid } : {}), ...(cloneOf ? { clone_of: cloneOf } : {}) },
        schema: bidTemplateView,
      }),
    onSuccess: async (template) => {
      queryClient.setQueryData(bidTemplateKeys.detail(template.uuid), template);
      await queryClient.invalidateQueries({ queryKey: bidTemplateKeys.lists() });
    },
  });
}

/** One change to a template, as the wizard names them. */
export type TemplateChange =
  | { kind: 'details'; details: Record<string, unknown>; feeRules?: FeeRuleChoice | undefined }
  | { kind: 'qualifying-rules'; rules: RuleTest[] }
  | { kind: 'save-conditional-rule'; rule: Omit<ConditionalRuleInput, 'uuid'>; ruleUuid: string | null }
  | { kind: 'delete-conditional-rule'; ruleUuid: string }
  | { kind: 'location-list-type'; listType: LocationListType }
  | { kind: 'add-location-rule'; rule: Omit<LocationRule, 'uuid'> }
  | { kind: 'delete-location-rule'; ruleUuid: string };

function request(template: Pick<BidTemplateView, 'uuid' | 'revision'>, change: TemplateChange): { path: string; method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown } {
  const revision = template.revision;
  switch (change.kind) {
    case 'details':
      return { path: templatePath(template.uuid), method: 'PATCH', body: { operation: 'update', revision, home_loan_bid_template: change.details, ...(change.feeRules ? { fee_rules: change.feeRules } : {}) } };
    case 'qualifying-rules':
      return { path: `${templatePath(template.uuid)}/template_qualifying_rules`, method: 'POST', body: { revision, template_qualifying_rules: change.rules } };
    case 'save-conditional-rule':
      return change.ruleUuid
        ? { path: `/v2/template_conditional_fields/${encodeURIComponent(change.ruleUuid)}`, method: 'PATCH', body: { revision, template_conditional_field: change.rule } }
        : { path: `/v2/home_loan_bid_templates/${encodeURIComponent(template.uuid)}/template_conditional_fields`, method: 'POST', body: { revision, template_conditional_field: change.rule } };
    case 'delete-conditional-rule':
      return { path: `/v2/template_conditional_fields/${encodeURIComponent(change.ruleUuid)}`, method: 'DELETE' };
    case 'location-list-type':
      return { path: templatePath(template.uuid), method: 'PATCH', body: { operation: 'location_list_type', revision, location_list_type: change.listType } };
    case 'add-location-rule':
      return { path: `/v2/home_loan_bid_templates/${encodeURIComponent(template.uuid)}/template_location_rules`, method: 'POST', body: { revision, template_location_rule: change.rule } };
    case 'delete-location-rule':
      return { path: `/v2/template_location_rules/${encodeURIComponent(change.ruleUuid)}`, method: 'DELETE' };
  }
}

export function useChangeBidTemplate(template: Pick<BidTemplateView, 'uuid' | 'revision'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: TemplateChange) => {
      const { path, method, body } = request(template, change);
      return apiFetch(path, { method, body, schema: bidTemplateView });
    },
    onSuccess: async (changed) => {
      queryClient.setQueryData(bidTemplateKeys.detail(changed.uuid), changed);
      await queryClient.invalidateQueries({ queryKey: bidTemplateKeys.lists() });
    },
  });
}

/**
 * Reads the template again (after a declined confirmation, a failed call or someone else's save) and answers it, so
 * the screen can start its inputs again from the template as saved.
 */
export function useReloadBidTemplate(uuid: string) {
  const queryClient = useQueryClient();
  return async (): Promise<BidTemplateView | undefined> => {
    await queryClient.refetchQueries({ queryKey: bidTemplateKeys.detail(uuid), exact: true });
    return queryClient.getQueryData<BidTemplateView>(bidTemplateKeys.detail(uuid));
  };
}
