import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { z } from 'zod';
import { bidCancellationReason } from '../../../../domain/bid/schemas';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { isApiError } from '../../../lib/api-error';
import { useCancelBid } from '../api/cancel-bid';
import { bidToasts } from '../../../../contracts/bid';
import { longTextMaxLength } from '../../../../domain/shared/limits';

const cancelForm = z.object({ reason: bidCancellationReason });

type Props = { bidUuid: string | null; onClose: () => void };

/**
 * spec 1 §4 and §5: cancelling a bid needs a reason ('The reason is required.'); success shows 'Bid was Canceled'.
 * 750 wide like the spec's other bid dialogs.
 */
export function CancelBidModal({ bidUuid, onClose }: Props) {
  const cancel = useCancelBid();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues: { reason: '' }, validate: schemaResolver(cancelForm, { sync: true }) });

  function close() {
    form.reset();
    setFormError(null);
    onClose();
  }

  function submit({ reason }: { reason: string }) {
    if (!bidUuid) return;
    setFormError(null);
    cancel.mutate(
      { uuid: bidUuid, reason: reason.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', title: bidToasts.cancelled, message: 'The customer no longer sees it as an offer.' });
          close();
        },
        onError: (error) => {
          const message = isApiError(error, 422) ? error.errors.reason?.join(' ') : undefined;
          if (message) form.setFieldError('reason', message);
          else setFormError(isApiError(error) && [403, 409, 422].includes(error.status) && error.detail ? error.detail : 'The bid was not cancelled. Please try again in a moment.');
        },
      },
    );
  }

  return (
    <Modal opened={bidUuid !== null} onClose={close} title="Cancel this bid" size={750} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <Textarea label="Reason" withAsterisk autosize minRows={3} maxLength={longTextMaxLength} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={cancel.isPending}>
              Keep the bid
            </Button>
            <Button type="submit" color="red" loading={cancel.isPending}>
              Cancel the bid
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
