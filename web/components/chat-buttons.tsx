import { Button } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { IconMessage } from '@tabler/icons-react';
import { chatKeys, startConversation, useChatStatus } from '../lib/chat';
import { showErrorToast } from '../lib/error-toast';
import { useSession } from '../lib/session';

// The two ways into a chat from the trade screens (spec 1 §2 "Post detail", §6; docs/messages.md "Web"). Both
// start the conversation (or find it: starting is idempotent) and open it on /posts/{postUuid}/messages.

function useOpenChat(postUuid: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (providerUuid?: string) => startConversation(postUuid, providerUuid),
    onSuccess: async (conversation) => {
      void queryClient.invalidateQueries({ queryKey: chatKeys.all });
      await navigate({ to: '/posts/$postUuid/messages', params: { postUuid }, search: { conversation: conversation.uuid } });
    },
    onError: showErrorToast,
  });
}

/** The provider's chat start button: only when chat is enabled, the post is active and it holds initiate_chat_with_customer. */
export function StartChatButton({ postUuid, postStatus }: { postUuid: string; postStatus: string }) {
  const session = useSession();
  const status = useChatStatus();
  const open = useOpenChat(postUuid);
  if (session.user.user_type !== 'fsp' || postStatus !== 'active' || !session.can('initiate_chat_with_customer') || status.data?.enabled !== true) return null;
  return (
    <Button variant="default" leftSection={<IconMessage size={16} />} loading={open.isPending} onClick={() => open.mutate(undefined)}>
      Start chat
    </Button>
  );
}

/** The customer's ask-me message to a provider who bid on the post (spec 1 §6). */
export function AskMeButton({ postUuid, providerUuid }: { postUuid: string; providerUuid: string }) {
  const session = useSession();
  const status = useChatStatus();
  const open = useOpenChat(postUuid);
  if (session.user.user_type !== 'customer' || status.data?.enabled !== true) return null;
  return (
    <Button size="xs" variant="default" leftSection={<IconMessage size={14} />} loading={open.isPending} onClick={() => open.mutate(providerUuid)}>
      Chat with this lender
    </Button>
  );
}
