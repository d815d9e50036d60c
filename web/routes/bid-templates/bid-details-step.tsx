import { Button, Group, Stack } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { BidFormTerms } from '../../components/bid-form/bid-form-terms';
import { useBidTemplate } from '../../features/bid-templates/api/get-bid-template';
import { TemplateDetailsForm } from '../../features/bid-templates/components/template-details-form';
import { TemplateOwnerPanel } from '../../features/bid-templates/components/template-owner-panel';
import { templateFormValuesOf } from '../../features/bid-templates/template-form-values';
import { useSession } from '../../lib/session';
import { templateOwnerOf, useWizardParams } from './wizard-context';

// Step 1 'Bid Details' (spec 3 §4 step 1): read in view mode; edited in create and edit mode; in clone mode the
// source's details start a new template, which continues in create mode with its new uuid (spec 3 §4 step 3).

export function BidDetailsStep() {
  const { mode, uuid } = useWizardParams();
  const { data: template } = useBidTemplate(uuid);
  const session = useSession();
  const navigate = useNavigate();

  if (mode === 'view') {
    return (
      <Stack gap="md">
        <TemplateOwnerPanel template={template} />
        <BidFormTerms form={template.home_loan_bid_template} />
        <Group justify="flex-end">
          <Button rightSection={<IconArrowRight size={16} />} onClick={() => void navigate({ to: '/bid-templates/$mode/$uuid/qualifying-rules', params: { mode, uuid } })}>
            Next: the rules
          </Button>
        </Group>
      </Stack>
    );
  }

  const cloning = mode === 'clone';
  const owner = templateOwnerOf(session, template, mode);
  const values = templateFormValuesOf(template);
  return (
    <TemplateDetailsForm
      key={template.uuid}
      template={cloning ? null : template}
      cloneOf={cloning ? template.uuid : null}
      owner={owner}
      initialValues={cloning ? { ...values, fsp_user_uuid: owner.provider?.value ?? values.fsp_user_uuid, organisation_uuid: owner.organisation?.value ?? values.organisation_uuid } : values}
      onDone={(saved, created) =>
        void navigate({ to: '/bid-templates/$mode/$uuid/qualifying-rules', params: { mode: created ? 'create' : mode, uuid: saved.uuid } })
      }
      onCancel={() => void navigate({ to: '/bid-templates' })}
    />
  );
}
