import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { showErrorToast } from '../../../lib/error-toast';
import { useChangeAutoBidding } from '../api/change-auto-bidding';
import { bidTemplateTexts } from '../bid-template-texts';
import { autoBiddingChoiceOf, autoBiddingTouched, initialAutoBiddingValue } from '../auto-bidding-values';
import { AutoBiddingFields } from './auto-bidding-fields';

// spec 3 §2 "List screen": the row action "Update auto-bidding" opens this dialog (750 wide, spec 3 §2 "Dialogs").

type Props = { template: BidTemplateView | null; maxReviewPeriod: number; onClose: () => void };

export function AutoBiddingModal({ template, maxReviewPeriod, onClose }: Props) {
  return (
    <Modal opened={template !== null} onClose={onClose} title="Update auto-bidding" size={750} centered>
      {template && <AutoBiddingDialogBody key={`${template.uuid}:${template.revision}`} template={template} maxReviewPeriod={maxReviewPeriod} onClose={onClose} />}
    </Modal>
  );
}

function AutoBiddingDialogBody({ template, maxReviewPeriod, onClose }: { template: BidTemplateView; maxReviewPeriod: number; onClose: () => void }) {
  const [value, setValue] = useState(() => initialAutoBiddingValue(template, maxReviewPeriod));
  const change = useChangeAutoBidding(template);
  const touched = autoBiddingTouched(template, value, maxReviewPeriod);
  const save = () =>
    change.mutate(autoBiddingChoiceOf(template, value), {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: bidTemplateTexts.autoBiddingChanged, message: template.name });
        onClose();
      },
      onError: showErrorToast,
    });
  return (
    <Stack gap="md">
      <Text size="sm" fw={500}>
        {template.name}
      </Text>
      <AutoBiddingFields template={template} value={value} maxReviewPeriod={maxReviewPeriod} disabled={change.isPending} onChange={setValue} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save} loading={change.isPending} disabled={!touched}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
