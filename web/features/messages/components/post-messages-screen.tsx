import { Alert, Center, Loader, Select, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle } from '@tabler/icons-react';
import { PageHeader } from '../../../components/page-header';
import { AnchorLink } from '../../../components/router-link';
import { postConversationsQueryOptions } from '../api/chat-queries';
import { counterpartOf } from '../chat-format';
import { ConversationPanel } from './conversation-panel';

/**
 * spec 1 §2 "/posts/{postUuid}/messages": the post's conversation. A customer (or an admin) with several providers
 * on the post picks one (the picker lists unread ones first, as the API orders them by latest message); a provider
 * has one at most.
 */
export function PostMessagesScreen({ postUuid, conversationUuid, onPick }: { postUuid: string; conversationUuid: string | undefined; onPick(uuid: string): void }) {
  const conversations = useQuery(postConversationsQueryOptions(postUuid));
  const list = conversations.data?.result ?? [];
  const chosen = list.find((c) => c.uuid === conversationUuid) ?? list[0];
  const options = [...list]
    .sort((a, b) => b.unread_count - a.unread_count)
    .map((c) => ({ value: c.uuid, label: `${counterpartOf(c)}${c.unread_count > 0 ? ` (${c.unread_count} unread)` : ''}` }));
  return (
    <>
      <PageHeader
        title="Messages"
        crumbs={[
          <AnchorLink key="messages" to="/messages" size="sm" c="dimmed">
            Messages
          </AnchorLink>,
          <AnchorLink key="post" to="/post/$uuid" params={{ uuid: postUuid }} size="sm" c="dimmed">
            Post
          </AnchorLink>,
        ]}
      />
      {conversations.isPending ? (
        <Center mih={200} aria-busy="true">
          <Loader size="sm" />
        </Center>
      ) : conversations.isError ? (
        <Alert color="red" icon={<IconInfoCircle />}>
          The messages of this post could not be loaded.
        </Alert>
      ) : !chosen ? (
        <Text c="dimmed">No messages on this post yet.</Text>
      ) : (
        <Stack gap="md">
          {list.length > 1 ? (
            <Select label="Conversation with" data={options} value={chosen.uuid} onChange={(value) => value && onPick(value)} allowDeselect={false} maw={480} data-testid="conversation-picker" />
          ) : (
            <Text fw={600}>
              Conversation with <span data-testid="conversation-with">{counterpartOf(chosen)}</span>
            </Text>
          )}
          <ConversationPanel key={chosen.uuid} conversation={chosen} />
        </Stack>
      )}
    </>
  );
}
