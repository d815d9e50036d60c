import { Navigate, useNavigate } from '@tanstack/react-router';
import { modifiableBidFieldNames } from '../../../domain/bid-template/rule-fields';
import { useBidTemplate } from '../../features/bid-templates/api/get-bid-template';
import { ConditionalRuleForm } from '../../features/bid-templates/components/conditional-rule-form';
import { conditionalRuleStepRoute } from './bid-template-wizard.route';
import { useWizardParams } from './wizard-context';

// The conditional rule screen (spec 3 §2): a new rule on the field chosen (`field`), or a saved one (`rule`).

export function ConditionalRuleStep() {
  const { mode, uuid } = useWizardParams();
  const search = conditionalRuleStepRoute.useSearch();
  const { data: template } = useBidTemplate(uuid);
  const navigate = useNavigate();
  const rule = search.rule ? (template.conditional_rules.find((candidate) => candidate.uuid === search.rule) ?? null) : null;
  const field = rule?.bid_field ?? modifiableBidFieldNames.find((name) => name === search.field);
  const toRules = { to: '/bid-templates/$mode/$uuid/conditional-rules', params: { mode, uuid } } as const;
  // A rule deleted meanwhile, or no field: back to the list.
  if (!field || (search.rule && !rule)) return <Navigate {...toRules} replace />;
  return <ConditionalRuleForm key={rule?.uuid ?? field} template={template} field={field} rule={rule} editable={mode !== 'view'} onDone={() => void navigate(toRules)} />;
}
