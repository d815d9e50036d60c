import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import { conversationList, messageList, messageView } from '../../../../contracts/conversation';
import { messageTexts } from '../../../../domain/conversation/schemas';
import { apiFetch } from '../../../lib/api-fetch';
import { chatKeys } from '../../../lib/chat';
import { showErrorToast } from '../../../lib/error-toast';
import { listPageSizes } from '../../../../domain/shared/list-query';

// The chat screens' server calls (docs/messages.md "API"). The live stream (web/lib/live-messages.ts) marks every
// `['messages', …]` query stale when something happens, so these refetch without a reload.

export const INBOX_PAGE_SIZE = listPageSizes.standard;
/** The newest messages a conversation shows (page 1 of the API, oldest first). */
export const MESSAGE_PAGE_SIZE = listPageSizes.max;

/** `GET /v1/messages`: the inbox, by unread count then latest message. */
export const inboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: chatKeys.inbox(page),
    queryFn: ({ signal }) => apiFetch(`/v1/messages?page=${page}&count=${INBOX_PAGE_SIZE}`, { schema: conversationList, signal }),
  });

/** `GET /v1/posts/{postUuid}/conversations`: the post's conversations the caller may read. */
export const postConversationsQueryOptions = (postUuid: string) =>
  queryOptions({
    queryKey: chatKeys.ofPost(postUuid),
    queryFn: ({ signal }) => apiFetch(`/v1/posts/${encodeURIComponent(postUuid)}/conversations`, { schema: conversationList, signal }),
  });

/** `GET /v1/conversations/{id}/messages`: the newest page, oldest first. */
export const messagesQueryOptions = (conversationUuid: string) =>
  queryOptions({
    queryKey: chatKeys.messages(conversationUuid),
    queryFn: ({ signal }) => apiFetch(`/v1/conversations/${encodeURIComponent(conversationUuid)}/messages?count=${MESSAGE_PAGE_SIZE}`, { schema: messageList, signal }),
  });

/** `POST /v1/conversations/{id}/messages`: 'Message sent.' (spec 1 §8). */
export function useSendMessage(conversationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => apiFetch(`/v1/conversations/${encodeURIComponent(conversationUuid)}/messages`, { method: 'POST', body: { message }, schema: messageView }),
    onSuccess: () => {
      notifications.show({ color: 'teal', title: 'Success!', message: messageTexts.sent });
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
    },
    onError: showErrorToast,
  });
}

/** `POST /v1/conversations/{id}/read`: the counters drop to zero. Failures are quiet: it is tried again next time. */
export function useMarkRead(conversationUuid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/v1/conversations/${encodeURIComponent(conversationUuid)}/read`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: chatKeys.all }),
  });
}
