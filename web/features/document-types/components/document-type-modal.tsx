import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { DocumentTypeView } from '../../../../contracts/document-type';
import { documentTypeName, documentTypeNameMax } from '../../../../domain/document-type/catalogue';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { failedSaveMessage } from '../../../lib/server-errors';
import { useChangeDocumentType } from '../api/document-types';

type Props = {
  /** The type being renamed; null adds one. */
  editing: DocumentTypeView | null;
  opened: boolean;
  onClose: () => void;
};

/** Adds or renames a document type, with the API's own rules (domain/document-type/catalogue.ts). */
export function DocumentTypeModal({ editing, opened, onClose }: Props) {
  const change = useChangeDocumentType();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { name: editing?.name ?? '' },
    validate: { name: (value) => (documentTypeName.safeParse(value).success ? null : (documentTypeName.safeParse(value).error?.issues[0]?.message ?? null)) },
  });

  async function submit({ name }: { name: string }) {
    setFormError(null);
    try {
      await change.mutateAsync(editing ? { kind: 'rename', uuid: editing.uuid, name: name.trim() } : { kind: 'add', name: name.trim() });
      notifications.show({ color: 'teal', title: editing ? 'Document type saved' : 'Document type added', message: name.trim() });
      onClose();
    } catch (error) {
      setFormError(
        failedSaveMessage(error, {
          prefix: 'document_type',
          fields: ['name'] as const,
          setFieldError: (_field, message) => form.setFieldError('name', message),
          byStatus: { 404: 'This document type no longer exists.' },
          otherwise: 'The document type could not be saved. Please try again in a moment.',
        }),
      );
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Rename document type' : 'Add document type'} centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <FormErrorAlert title="Not saved" message={formError} />
          <TextInput label="Name" description="Shown to providers choosing what a bid asks the customer for." withAsterisk maxLength={documentTypeNameMax} data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              {editing ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
