import { readSettings } from '../../infrastructure/system-settings';
import type { WorkflowDependencies } from '../dependencies';
import { changeBidTemplate, type ChangeBidTemplateResult } from './change-bid-template';
import type { TemplateRequest } from './template-request';

// spec 3 §4 "Interactive matching" (docs/bid-templates.md "Interactive matching"): tick a template's offer to the
// comparison tool on (with its validity, default the system configuration's interactive_matching_validity_days) or off.

export type InteractiveMatchingRequest = { templateId: string; interactiveMatching: boolean; validFor?: number | null | undefined; expectedRevision?: number | null | undefined };

export async function setInteractiveMatching(deps: Pick<WorkflowDependencies, 'db' | 'store' | 'ids' | 'clock'>, request: TemplateRequest, change: InteractiveMatchingRequest): Promise<ChangeBidTemplateResult> {
  const settings = await readSettings(deps.store);
  return changeBidTemplate(deps, request, {
    type: 'SetInteractiveMatching',
    data: {
      template_id: change.templateId,
      interactive_matching: change.interactiveMatching,
      valid_for: change.validFor ?? null,
      default_valid_for: settings.interactive_matching_validity_days,
      expected_revision: change.expectedRevision ?? null,
    },
  });
}
