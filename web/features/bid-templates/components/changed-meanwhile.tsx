import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { bidTemplateErrors } from '../../../../domain/bid-template/decider';
import { isApiError } from '../../../lib/api-error';
import { bidTemplateTexts } from '../bid-template-texts';

/** 409 BID_TEMPLATE_CHANGED: someone saved the template after this page loaded it. */
export const isChangedMeanwhile = (error: unknown): boolean => isApiError(error, 409) && error.code === bidTemplateErrors.changedMeanwhile;

/** Says so in a provider's words and offers the reload (the template as saved; this page's changes are dropped). */
export function showChangedMeanwhile(reload: () => void) {
  const id = 'bid-template-changed-meanwhile';
  modals.open({
    modalId: id,
    title: bidTemplateTexts.changedMeanwhile.title,
    size: 400,
    centered: true,
    children: (
      <Stack gap="md">
        <Text size="sm">{bidTemplateTexts.changedMeanwhile.message}</Text>
        <Group justify="flex-end">
          <Button
            onClick={() => {
              modals.close(id);
              reload();
            }}
          >
            Reload the template
          </Button>
        </Group>
      </Stack>
    ),
  });
}

/** Asks before a change to a part of the template (spec 3 §4 step 10); declining calls `onDecline` (a reload). */
export function confirmChange({ title, message, confirm, onConfirm, onDecline }: { title: string; message: string; confirm: string; onConfirm: () => void; onDecline?: () => void }) {
  modals.openConfirmModal({
    title,
    size: 400, // spec 1 §9: confirm dialogs are 400 wide
    centered: true,
    children: <Text size="sm">{message}</Text>,
    labels: { confirm, cancel: 'Cancel' },
    onConfirm,
    onCancel: onDecline,
  });
}
