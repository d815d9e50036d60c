import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { BidTemplateView } from '../../../contracts/bid-template';
import { confirmChange } from '../../features/bid-templates/components/changed-meanwhile';
import type { WizardMode, WizardScreen } from '../../features/bid-templates/wizard';
import { assertNever } from '../../../domain/shared/decider';
import { BidDetailsStep } from './bid-details-step';
import { ConditionalRuleFieldStep } from './conditional-rule-field-step';
import { ConditionalRuleStep } from './conditional-rule-step';
import { ConditionalRulesStep } from './conditional-rules-step';
import { QualifyingRulesStep } from './qualifying-rules-step';
import { ReviewStep } from './review-step';
import { useBidTemplate } from '../../features/bid-templates/api/get-bid-template';
import { TemplateDetailsForm } from '../../features/bid-templates/components/template-details-form';
import { useConfirmDeleteBidTemplate } from '../../features/bid-templates/components/use-confirm-delete-bid-template';
import { WizardFrame } from '../../features/bid-templates/components/wizard-frame';
import { mayChangeTemplate, mayDeleteTemplate } from '../../features/bid-templates/template-access';
import { emptyTemplateFormValues } from '../../features/bid-templates/template-form-values';
import { useSession } from '../../lib/session';
import { templateOwnerOf, useWizardParams, useWizardScreen } from './wizard-context';

// spec 3 §2: the wizard at `/bid-templates/{mode}/{uuid}` (its frame; the steps are its child routes) and
// `/bid-templates/create`, where a new template's details come first.

export function BidTemplateWizardPage() {
  const { mode, uuid } = useWizardParams();
  const screen = useWizardScreen();
  const session = useSession();
  const navigate = useNavigate();
  const { data: template } = useBidTemplate(uuid);
  const { confirmDelete, deletingUuid } = useConfirmDeleteBidTemplate();
  useAutoBiddingWarning(mode, template);
  return (
    <WizardFrame
      mode={mode}
      uuid={uuid}
      screen={screen}
      actions={{
        edit: mayChangeTemplate(session, template),
        delete: mayDeleteTemplate(session, template),
        deleting: deletingUuid === uuid,
        onDelete: () => confirmDelete(template, () => void navigate({ to: '/bid-templates', replace: true })),
      }}
    >
      {/* The address's screen can change a render before the route's uuid and mode (a clone moves on to its copy's
          rules): keyed by them, a step never keeps the form state it started with for another template. */}
      <WizardStep key={`${mode}:${uuid}`} screen={screen} />
    </WizardFrame>
  );
}

/** The step the address names (the child routes hold the addresses and guards; their pages are here). */
function WizardStep({ screen }: { screen: WizardScreen }) {
  switch (screen) {
    case 'bid-template':
      return <BidDetailsStep />;
    case 'qualifying-rules':
      return <QualifyingRulesStep />;
    case 'conditional-rules':
      return <ConditionalRulesStep />;
    case 'conditional-rules/template':
      return <ConditionalRuleFieldStep />;
    case 'conditional-rules/rule':
      return <ConditionalRuleStep />;
    case 'review':
      return <ReviewStep />;
    default:
      return assertNever(screen);
  }
}

/**
 * spec 3 §4 step 7: editing a template that is auto-bidding asks once (per template opened) whether to go on, since
 * what is saved changes the bids it places from then on. Declining opens it to be read.
 */
function useAutoBiddingWarning(mode: WizardMode, template: BidTemplateView) {
  const navigate = useNavigate();
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (mode !== 'edit' || template.auto_bidding !== 'active' || asked.current === template.uuid) return;
    asked.current = template.uuid;
    confirmChange({
      title: 'This template is auto-bidding',
      message: 'It places bids on new loans by itself. What you save here changes the bids it places from now on.',
      confirm: 'Edit it',
      onConfirm: () => undefined,
      onDecline: () => void navigate({ to: '/bid-templates/$mode/$uuid/bid-template', params: { mode: 'view', uuid: template.uuid } }),
    });
  }, [mode, template, navigate]);
}

export function NewBidTemplatePage() {
  const session = useSession();
  const navigate = useNavigate();
  const owner = templateOwnerOf(session, null, 'create');
  return (
    <WizardFrame mode="create" uuid={null} screen="bid-template" actions={{ edit: false, delete: false, deleting: false, onDelete: () => undefined }}>
      <TemplateDetailsForm
        template={null}
        cloneOf={null}
        owner={owner}
        initialValues={emptyTemplateFormValues({ fsp_user_uuid: owner.provider?.value ?? '', organisation_uuid: owner.organisation?.value ?? '' })}
        onDone={(created) => void navigate({ to: '/bid-templates/$mode/$uuid/qualifying-rules', params: { mode: 'create', uuid: created.uuid } })}
        onCancel={() => void navigate({ to: '/bid-templates' })}
      />
    </WizardFrame>
  );
}
