import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck } from '@tabler/icons-react';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { templateRuleMessages } from '../../../domain/bid-template/rules';
import { missingQualifyingRules } from '../../features/bid-templates/rule-values';
import { BidFormTerms } from '../../components/bid-form/bid-form-terms';
import { useBidTemplate } from '../../features/bid-templates/api/get-bid-template';
import { bidTemplateTexts } from '../../features/bid-templates/bid-template-texts';
import { TemplateOwnerPanel } from '../../features/bid-templates/components/template-owner-panel';
import { TemplateRulesSummary } from '../../features/bid-templates/components/template-rules-summary';
import { mayChangeAutoBidding, mayChangeTemplate } from '../../features/bid-templates/template-access';
import { useChangeAutoBidding } from '../../features/bid-templates/api/change-auto-bidding';
import { AutoBiddingFields } from '../../features/bid-templates/components/auto-bidding-fields';
import { ImprovementPanel } from '../../features/bid-templates/components/improvement-panel';
import { InteractiveMatchingPanel } from '../../features/bid-templates/components/interactive-matching-panel';
import { autoBiddingChoiceOf, autoBiddingTouched, initialAutoBiddingValue, maxReviewPeriodOf } from '../../features/bid-templates/auto-bidding-values';
import { showErrorToast } from '../../lib/error-toast';
import { useSession } from '../../lib/session';
import { useWizardParams } from './wizard-context';

// Step 3 'Review & Activation' (spec 3 §2, §4 step 5): the template as it bids, its rules (the conditional ones in
// a modal), the auto-bidding setup (spec 3 §4 "Auto-bidding": the tick, the execution option, the review period),
// then back to the list; Finish saves the auto-bidding first when its form was touched. Floor and step ("Improve when
// outbid", docs/bid-templates.md) and interactive matching save on their own.

export function ReviewStep() {
  const { mode, uuid } = useWizardParams();
  const { data: template } = useBidTemplate(uuid);
  const session = useSession();
  const navigate = useNavigate();
  const toList = () => void navigate({ to: '/bid-templates' });
  const maxReviewPeriod = maxReviewPeriodOf(session);
  const [autoBidding, setAutoBidding] = useState(() => initialAutoBiddingValue(template, maxReviewPeriod));
  const changeAutoBidding = useChangeAutoBidding(template);
  const setsAutoBidding = mode !== 'view' && mayChangeAutoBidding(session, template);
  const finish = () => {
    // spec 3 §4 step 5: in view mode (or with auto-bidding untouched) the review returns to the list.
    if (mode === 'view') return toList();
    const setUp = () => {
      notifications.show({ color: 'teal', title: bidTemplateTexts.setUp, message: `${template.name} is ready.` });
      toList();
    };
    if (!setsAutoBidding || !autoBiddingTouched(template, autoBidding, maxReviewPeriod)) return setUp();
    changeAutoBidding.mutate(autoBiddingChoiceOf(template, autoBidding), {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: bidTemplateTexts.autoBiddingChanged, message: template.name });
        setUp();
      },
      onError: showErrorToast,
    });
  };
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
      {setsAutoBidding && (
        <Paper withBorder p="md">
          <Title order={4} mb="sm">
            Auto-bidding
          </Title>
          <AutoBiddingFields template={template} value={autoBidding} maxReviewPeriod={maxReviewPeriod} disabled={changeAutoBidding.isPending} onChange={setAutoBidding} />
        </Paper>
      )}
      <ImprovementPanel key={`improvement-${template.revision}`} template={template} readOnly={!setsAutoBidding} />
      {mode !== 'view' && mayChangeTemplate(session, template) && <InteractiveMatchingPanel key={template.revision} template={template} />}
      <Group justify="space-between">
        <Button variant="default" leftSection={<IconArrowLeft size={16} />} onClick={() => void navigate({ to: '/bid-templates/$mode/$uuid/conditional-rules', params: { mode, uuid } })}>
          Back
        </Button>
        <Button leftSection={<IconCheck size={16} />} loading={changeAutoBidding.isPending} onClick={finish}>
          {mode === 'view' ? 'Back to the templates' : 'Finish'}
        </Button>
      </Group>
    </Stack>
  );
}
