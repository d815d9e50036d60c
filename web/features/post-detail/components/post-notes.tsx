import { ActionIcon, Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle, IconLock, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { PostNoteView } from '../../../../contracts/post-note';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { postNotesQueryOptions, useDeleteNote } from '../api/post-notes';
import { type NoteDialog, NoteModal } from './note-modal';

/**
 * The post's notes (spec 1 §2 "Post detail": hidden from customers, so the page renders this only for admins and the
 * providers who bid; docs/post-notes.md): latest contact first, a private note marked as such (admins only see one),
 * add, edit and delete after 'Are you sure?' (spec 3 §8).
 */
export function PostNotes({ postUuid, admin }: { postUuid: string; admin: boolean }) {
  const notes = useQuery(postNotesQueryOptions(postUuid));
  const deletion = useDeleteNote(postUuid);
  const [dialog, setDialog] = useState<NoteDialog | null>(null);
  const today = dayjs().format('YYYY-MM-DD');

  function confirmDelete(note: PostNoteView) {
    modals.openConfirmModal({
      title: 'Are you sure?',
      size: 400, // spec 1 §9: confirm dialogs are 400 wide
      centered: true,
      children: <Text size="sm">Your will not be able to recover this note!</Text>,
      labels: { confirm: 'Yes, delete it', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        deletion.mutate(note.uuid, {
          onSuccess: () => notifications.show({ color: 'teal', title: 'Deleted!', message: 'The note has been deleted.' }),
          onError: (error) =>
            notifications.show({
              color: 'red',
              title: 'The note was not deleted',
              message: isApiError(error) && [403, 404].includes(error.status) && error.detail ? error.detail : 'Please try again in a moment.',
            }),
        }),
    });
  }

  return (
    <Paper p="lg" withBorder>
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={4}>Notes</Title>
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setDialog({ kind: 'add' })}>
            Add note
          </Button>
        </Group>
        {notes.isPending && (
          <Center mih={60} aria-busy="true">
            <Loader size="sm" />
          </Center>
        )}
        {notes.isError && (
          <Alert color="gray" icon={<IconInfoCircle />}>
            The notes could not be loaded.
          </Alert>
        )}
        {notes.data && notes.data.result.length === 0 && (
          <Text size="sm" c="dimmed">
            No notes yet.
          </Text>
        )}
        {notes.data?.result.map((note) => (
          <Paper key={note.uuid} p="sm" radius="sm" bg="var(--mantine-color-gray-0)" data-testid="post-note">
            <Stack gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Text size="xs" c="dimmed">
                    {formatDate(note.contacted_at)} · {note.author.name ?? 'Unknown user'}
                    {note.author.admin ? ' (admin)' : ''}
                  </Text>
                  {note.private && (
                    <Badge size="xs" color="grape" leftSection={<IconLock size={10} />}>
                      Private
                    </Badge>
                  )}
                </Group>
                {note.editable && (
                  <Group gap={4} wrap="nowrap">
                    {/* An erased note can only be deleted (docs/post-notes.md "Personal data"). */}
                    {note.note !== null && (
                      <Tooltip label="Edit note">
                        <ActionIcon variant="subtle" color="gray" aria-label="Edit note" onClick={() => setDialog({ kind: 'edit', note })}>
                          <IconPencil size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Tooltip label="Delete note">
                      <ActionIcon variant="subtle" color="red" aria-label="Delete note" loading={deletion.isPending && deletion.variables === note.uuid} onClick={() => confirmDelete(note)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={note.note === null ? 'dimmed' : undefined}>
                {note.note ?? 'This note was erased with the customer’s data.'}
              </Text>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <NoteModal postUuid={postUuid} dialog={dialog} admin={admin} today={today} onClose={() => setDialog(null)} />
    </Paper>
  );
}
