import { useNavigate } from '@tanstack/react-router';
import { useBidTemplate } from '../../features/bid-templates/api/get-bid-template';
import { LocationRulesPanel } from '../../features/bid-templates/components/location-rules-panel';
import { QualifyingRulesForm } from '../../features/bid-templates/components/qualifying-rules-form';
import { useWizardParams } from './wizard-context';

// Step 2 'Auto-Bidding Rules' (spec 3 §2, §4): the qualifying rules and where the template bids; the conditional
// rules follow (Next), within the same step.

export function QualifyingRulesStep() {
  const { mode, uuid } = useWizardParams();
  const { data: template } = useBidTemplate(uuid);
  const navigate = useNavigate();
  const editable = mode !== 'view';
  return (
    // Keyed by the template: its inputs start from the template they were opened on, and a clone moving on to its
    // copy's rules (another uuid) must not keep the source's.
    <QualifyingRulesForm
      key={template.uuid}
      template={template}
      editable={editable}
      onBack={() => void navigate({ to: '/bid-templates/$mode/$uuid/bid-template', params: { mode, uuid } })}
      onNext={() => void navigate({ to: '/bid-templates/$mode/$uuid/conditional-rules', params: { mode, uuid } })}
    >
      <LocationRulesPanel template={template} editable={editable} />
    </QualifyingRulesForm>
  );
}
