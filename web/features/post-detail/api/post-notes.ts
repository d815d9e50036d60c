import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { postNoteListView, postNoteView } from '../../../../contracts/post-note';
import { apiFetch } from '../../../lib/api-fetch';

// The post's notes (docs/post-notes.md): `GET/POST /v1/posts/{id}/notes`, `PATCH/DELETE /v1/posts/{id}/notes/{noteId}`.
// Under the post's own key, so a change to the post refreshes them too; a note change refreshes only the notes.

export const postNoteKeys = { list: (postUuid: string) => ['posts', postUuid, 'notes'] as const };

export type NoteValues = { note: string; contacted_at: string; private?: boolean };

export function postNotesQueryOptions(postUuid: string) {
  return queryOptions({
    queryKey: postNoteKeys.list(postUuid),
    queryFn: ({ signal }) => apiFetch(`/v1/posts/${encodeURIComponent(postUuid)}/notes`, { schema: postNoteListView, signal }),
  });
}

const notesUrl = (postUuid: string) => `/v1/posts/${encodeURIComponent(postUuid)}/notes`;

function useNoteChange<Variables, Answer>(postUuid: string, request: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: postNoteKeys.list(postUuid) }) });
}

export const useAddNote = (postUuid: string) =>
  useNoteChange(postUuid, (values: NoteValues) => apiFetch(notesUrl(postUuid), { method: 'POST', body: values, schema: postNoteView }));

export const useEditNote = (postUuid: string) =>
  useNoteChange(postUuid, ({ noteUuid, values }: { noteUuid: string; values: NoteValues }) =>
    apiFetch(`${notesUrl(postUuid)}/${encodeURIComponent(noteUuid)}`, { method: 'PATCH', body: values, schema: postNoteView }),
  );

export const useDeleteNote = (postUuid: string) =>
  useNoteChange(postUuid, (noteUuid: string) => apiFetch(`${notesUrl(postUuid)}/${encodeURIComponent(noteUuid)}`, { method: 'DELETE' }));
