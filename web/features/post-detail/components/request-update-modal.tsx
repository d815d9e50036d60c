import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { z } from 'zod';
import { updateRequestMessage } from '../../../../domain/post/schemas';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { failedSaveMessage } from '../../../lib/server-errors';
import { useRequestPostUpdate } from '../api/request-post-update';
import { longTextMaxLength } from '../../../../domain/shared/limits';

const requestForm = z.object({ message: updateRequestMessage });

type Props = { postUuid: string; product: string; opened: boolean; onClose: () => void };

/**
 * The request-update dialog (spec 3 §2; spec 2 §4 `request_update` with a message): the customer asks for a change
 * and the providers are told by e-mail (docs/post-notes.md "Request update"). 'Request has been successfully sent'
 * (spec 3 §8).
 */
export function RequestUpdateModal({ postUuid, product, opened, onClose }: Props) {
  const request = useRequestPostUpdate(postUuid);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({ initialValues: { message: '' }, validate: schemaResolver(requestForm, { sync: true }) });

  function close() {
    form.reset();
    setFormError(null);
    onClose();
  }

  function submit({ message }: { message: string }) {
    setFormError(null);
    request.mutate(message.trim(), {
      onSuccess: () => {
        notifications.show({ color: 'teal', title: 'Request has been successfully sent', message: '' });
        close();
      },
      onError: (error) =>
        setFormError(
          failedSaveMessage(error, {
            prefix: '',
            fields: ['message'] as const,
            setFieldError: form.setFieldError,
            byStatus: { 409: `This ${product} can no longer be changed.` },
            otherwise: 'The request was not sent. Please try again in a moment.',
          }),
        ),
    });
  }

  return (
    <Modal opened={opened} onClose={close} title="Request update" size={580} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert message={formError} />
          <Text size="sm">Tell the providers what you would like to change. They are told by e-mail.</Text>
          <Textarea label="Message" withAsterisk autosize minRows={4} maxLength={longTextMaxLength} data-autofocus {...form.getInputProps('message')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={request.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={request.isPending}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
