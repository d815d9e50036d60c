import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { templateRuleMessages } from '../../../domain/bid-template/rules';
import { missingQualifyingRules } from '../../features/bid-templates/rule-values';
import { BidFormTerms } from '../../components/bid-form/bid-form-terms';
import { useBidTemplate } from '../../features/bid-templates/api/get-bid-template';
import { bidTemplateTexts } from '../../features/bid-templates/bid-template-texts';
import { TemplateOwnerPanel } from '../../features/bid-templates/components/template-owner-panel';
import { TemplateRulesSummary } from '../../features/bid-templates/components/template-rules-summary';
import { mayChangeTemplate } from '../../features/bid-templates/template-access';
import { useSession } from '../../lib/session';
import { useWizardParams } from './wizard-context';

// Step 3 'Review & Activation' (spec 3 §2, §4 step 5): the template as it bids, its rules (the conditional ones in
// a modal), then back to the list. Auto-bidding's setup (issue 29) joins this step between the rules and the buttons.

export function ReviewStep() {
  const { mode, uuid } = useWizardParams();
  const { data: template } = useBidTemplate(uuid);
  const session = useSession();
  const navigate = useNavigate();
  const toList = () => void navigate({ to: '/bid-templates' });
  const missing = missingQualifyingRules(template.qualifying_rules);
  // spec 3 §4 step 6: missing qualifying rules send the user back to the rules step with a warning.
  useEffect(() => {
    if (missing) notifications.show({ color: 'yellow', title: 'Qualifying rules', message: templateRuleMessages.missingQualifyingRules });
  }, [missing]);
  if (missing) return <Navigate to="/bid-templates/$mode/$uuid/qualifying-rules" params={{ mode, uuid }} replace />;
  return (
    <Stack gap="md">
      <TemplateOwnerPanel template={template} />
      <BidFormTerms form={template.home_loan_bid_template} />
      <TemplateRulesSummary
        template={template}
        onEditConditionalRules={mayChangeTemplate(session, template) ? () => void navigate({ to: '/bid-templates/$mode/$uuid/conditional-rules', params: { mode: 'edit', uuid } }) : null}
      />
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate({ to: '/bid-templates/$mode/$uuid/conditional-rules', params: { mode, uuid } })}>
          Back
        </Button>
        <Button
          leftSection={<IconCheck size={16} />}
          onClick={() => {
            // spec 3 §4 step 5: in view mode (or with auto-bidding untouched) the review returns to the list.
            if (mode !== 'view') notifications.show({ color: 'teal', title: bidTemplateTexts.setUp, message: `${template.name} is ready.` });
            toList();
          }}
        >
          {mode === 'view' ? 'Back to the templates' : 'Finish'}
        </Button>
      </Group>
    </Stack>
  );
}
