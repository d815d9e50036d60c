import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatStatusView, conversationView } from '../../contracts/conversation';
import { apiFetch } from './api-fetch';

// What several screens share about chat (docs/messages.md "Web"): the query keys, the chat switch with the unread
// counter (sidebar, post page, bid cards) and starting a conversation (the provider's Start chat on the post page,
// the customer's "Chat with this lender" on a bid card, the chat page). The chat screens themselves live in web/features/messages.

export const chatKeys = {
  all: ['messages'] as const,
  status: () => ['messages', 'status'] as const,
  inbox: (page: number) => ['messages', 'inbox', page] as const,
  ofPost: (postUuid: string) => ['messages', 'post', postUuid] as const,
  messages: (conversationUuid: string) => ['messages', 'conversation', conversationUuid, 'messages'] as const,
};

/** `GET /v1/messages/status`: chat enabled (system configuration `messages`) and the caller's unread messages. */
export const chatStatusQueryOptions = () =>
  queryOptions({ queryKey: chatKeys.status(), queryFn: ({ signal }) => apiFetch('/v1/messages/status', { schema: chatStatusView, signal }), staleTime: 30_000 });

export const useChatStatus = (enabled = true) => useQuery({ ...chatStatusQueryOptions(), enabled });

/** `POST /v1/posts/{postUuid}/conversations`: the provider starts one (no provider), the customer asks a bidder. */
export function startConversation(postUuid: string, providerUuid?: string) {
  return apiFetch(`/v1/posts/${encodeURIComponent(postUuid)}/conversations`, {
    method: 'POST',
    body: providerUuid ? { provider_uuid: providerUuid } : {},
    schema: conversationView,
  });
}
