import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { z } from 'zod';
import type { BidTemplateView } from '../../../../contracts/bid-template';
import { bidCancellationReason } from '../../../../domain/bid/schemas';
import { longTextMaxLength } from '../../../../domain/shared/limits';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { isApiError } from '../../../lib/api-error';
import { useCancelTemplateBids } from '../api/cancel-template-bids';
import { bidTemplateTexts } from '../bid-template-texts';

// spec 3 §2 "List screen" and "Dialogs": the row action "Cancel bids" asks for a reason (§5: a valid form with a
// non-blank reason, 'The reason is required.'), then toasts 'Done!' with 'Bids were cancelled.' (§8). 750 wide.

const cancelForm = z.object({ reason: bidCancellationReason });

type Props = { template: Pick<BidTemplateView, 'uuid' | 'name'> | null; onClose: () => void };

export function CancelTemplateBidsModal({ template, onClose }: Props) {
  const cancel = useCancelTemplateBids();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: '' }, validate: schemaResolver(cancelForm, { sync: true }) });

  function close() {
    form.reset();
    setFormError(null);
    onClose();
  }

  function submit({ reason }: { reason: string }) {
    if (!template) return;
    setFormError(null);
    cancel.mutate(
      { uuid: template.uuid, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: bidTemplateTexts.bidsCancelled.title, message: bidTemplateTexts.bidsCancelled.message });
          close();
        },
        onError: (error) => {
          const message = isApiError(error, 422) ? error.errors.reason?.join(' ') : undefined;
          if (message) form.setFieldError('reason', message);
          else setFormError(isApiError(error) && [403, 404, 409, 422].includes(error.status) && error.detail ? error.detail : 'The bids were not cancelled. Please try again in a moment.');
        },
      },
    );
  }

  return (
    <Modal opened={template !== null} onClose={close} title="Cancel bids" size={750} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            Every bid placed from <b>{template?.name}</b> that is still active on a post in bidding is cancelled with this reason; the provider&apos;s other bids stay as they are.
          </Text>
          <FormErrorAlert message={formError} />
          <Textarea label="Reason" withAsterisk autosize minRows={3} maxLength={longTextMaxLength} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              Keep the bids
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              Cancel the bids
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
