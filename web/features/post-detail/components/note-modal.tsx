import { Button, Group, Modal, Stack, Switch, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { postNoteLimits } from '../../../../domain/post-note/schemas';
import type { PostNoteView } from '../../../../contracts/post-note';
import { FormErrorAlert } from '../../../components/form-error-alert';
import { dateFormat } from '../../../lib/format';
import { failedSaveMessage } from '../../../lib/server-errors';
import { useAddNote, useEditNote } from '../api/post-notes';
import { newNoteForm, type NoteFormValues, noteFormErrors, noteFormOf, noteValuesOf } from '../note-form';

/** What the dialog does: add a note to the post, or edit one. */
export type NoteDialog = { kind: 'add' } | { kind: 'edit'; note: PostNoteView };

const fields = ['note', 'contacted_at', 'private'] as const;

/** spec 1 §9: the note dialog is 580 wide. The private switch is an admin's only (spec 3 §6). */
export function NoteModal({ postUuid, dialog, admin, today, onClose }: { postUuid: string; dialog: NoteDialog | null; admin: boolean; today: string; onClose: () => void }) {
  return (
    <Modal opened={dialog !== null} onClose={onClose} centered size={580} title={dialog?.kind === 'edit' ? 'Edit note' : 'Add note'}>
      {/* Keyed so every opening starts from its own values. */}
      {dialog && <NoteForm key={dialog.kind === 'edit' ? dialog.note.uuid : 'add'} postUuid={postUuid} dialog={dialog} admin={admin} today={today} onDone={onClose} />}
    </Modal>
  );
}

function NoteForm({ postUuid, dialog, admin, today, onDone }: { postUuid: string; dialog: NoteDialog; admin: boolean; today: string; onDone: () => void }) {
  const add = useAddNote(postUuid);
  const edit = useEditNote(postUuid);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<NoteFormValues>({
    initialValues: dialog.kind === 'edit' ? noteFormOf(dialog.note) : newNoteForm(today),
    validate: (values) => noteFormErrors(values, today),
  });
  const pending = add.isPending || edit.isPending;

  function submit(values: NoteFormValues) {
    setFormError(null);
    const callbacks = {
      // spec 3 §8: "a note created or updated message".
      onSuccess: () => {
        notifications.show({ color: 'teal', title: dialog.kind === 'add' ? 'Note has been created!' : 'Note has been updated!', message: '' });
        onDone();
      },
      onError: (error: unknown) =>
        setFormError(
          failedSaveMessage(error, {
            prefix: '',
            fields,
            setFieldError: form.setFieldError,
            byStatus: { 404: 'This post or note no longer exists.', 403: 'You may not change this note.' },
            otherwise: 'The note was not saved. Please try again in a moment.',
          }),
        ),
    };
    const noteValues = noteValuesOf(values, admin);
    if (dialog.kind === 'add') add.mutate(noteValues, callbacks);
    else edit.mutate({ noteUuid: dialog.note.uuid, values: noteValues }, callbacks);
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <FormErrorAlert message={formError} />
        <Textarea
          label="Note"
          withAsterisk
          autosize
          minRows={4}
          maxRows={12}
          description={`${form.values.note.length} / ${postNoteLimits.maxNoteLength}`}
          data-autofocus
          {...form.getInputProps('note')}
        />
        <DateInput
          label="Contacted on"
          withAsterisk
          valueFormat={dateFormat}
          placeholder="DD/MM/YYYY"
          minDate={postNoteLimits.earliestContactedAt}
          maxDate={today}
          {...form.getInputProps('contacted_at')}
        />
        {admin && <Switch label="Private (admins only)" {...form.getInputProps('private', { type: 'checkbox' })} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {dialog.kind === 'add' ? 'Add note' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
