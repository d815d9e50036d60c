import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { z } from 'zod';
import { cancellationReason } from '../../../../domain/post/schemas';
import { longTextMaxLength } from '../../../../domain/shared/limits';

const cancelForm = z.object({ reason: cancellationReason });

type Props = { opened: boolean; product: string; pending: boolean; onCancelPost: (reason: string) => void; onClose: () => void };

/** spec 1 §4, §5: cancelling a post needs a reason ('The reason is required.'). A confirm step: 400 wide (spec 1 §9). */
export function CancelPostModal({ opened, product, pending, onCancelPost, onClose }: Props) {
  const form = useForm({ initialValues: { reason: '' }, validate: schemaResolver(cancelForm, { sync: true }) });

  function close() {
    form.reset();
    onClose();
  }

  return (
    <Modal opened={opened} onClose={close} title={`Cancel this ${product}`} size={400} centered>
      <form onSubmit={form.onSubmit(({ reason }) => onCancelPost(reason.trim()))} noValidate>
        <Stack gap="md">
          <Text size="sm">The customer and the providers who bid will see that it was cancelled, with this reason.</Text>
          <Textarea label="Reason" withAsterisk autosize minRows={3} maxLength={longTextMaxLength} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={pending}>
              Keep it
            </Button>
            <Button type="submit" color="red" loading={pending}>
              Cancel the {product}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
