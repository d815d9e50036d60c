import { Alert, Box, Button, Center, Group, Loader, Paper, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { isSendable, MESSAGE_MAX_LENGTH } from '../../../../domain/conversation/schemas';
import type { ConversationView } from '../../../../contracts/conversation';
import { messagesQueryOptions, useMarkRead, useSendMessage } from '../api/chat-queries';
import { formatSentAt } from '../chat-format';

/**
 * One conversation: its messages (newest at the bottom) and, for its two parties, the composer. A message blank
 * after trimming is not sent (spec 1 §5): the button stays disabled. Opening it, or a message arriving while it is
 * open, marks it read.
 */
export function ConversationPanel({ conversation }: { conversation: ConversationView }) {
  const messages = useQuery(messagesQueryOptions(conversation.uuid));
  const markRead = useMarkRead(conversation.uuid);
  const bottom = useRef<HTMLDivElement>(null);
  const party = conversation.my_side !== null;
  const newest = messages.data?.result.at(-1)?.seq ?? 0;

  useEffect(() => {
    if (party && conversation.unread_count > 0 && !markRead.isPending) markRead.mutate();
    // Once per change of what is unread; the mutation object itself changes on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [party, conversation.uuid, conversation.unread_count, newest]);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  return (
    <Paper withBorder p="md">
      <Stack gap="md">
        <ScrollArea h={420} type="auto" data-testid="message-list">
          {messages.isPending ? (
            <Center mih={200} aria-busy="true">
              <Loader size="sm" />
            </Center>
          ) : messages.isError ? (
            <Text c="red">The messages could not be loaded.</Text>
          ) : messages.data.result.length === 0 ? (
            <Text c="dimmed" p="md">
              No messages yet.
            </Text>
          ) : (
            <Stack gap="sm" p="xs">
              {messages.data.result.map((m) => (
                <Group key={m.uuid} justify={m.mine ? 'flex-end' : 'flex-start'}>
                  <Box
                    maw="75%"
                    px="md"
                    py="xs"
                    bg={m.mine ? 'blue.0' : 'gray.0'}
                    style={{ borderRadius: 'var(--mantine-radius-md)' }}
                    data-testid="chat-message"
                    data-mine={m.mine || undefined}
                  >
                    <Text size="xs" c="dimmed">
                      {m.sender_name ?? (m.sender_side === 'customer' ? 'Customer' : 'Provider')} · {formatSentAt(m.sent_at)}
                    </Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="chat-message-text">
                      {m.text ?? 'Message erased'}
                    </Text>
                  </Box>
                </Group>
              ))}
              <div ref={bottom} />
            </Stack>
          )}
        </ScrollArea>
        {party ? (
          <Composer conversationUuid={conversation.uuid} />
        ) : (
          <Alert color="gray" icon={<IconInfoCircle />}>
            Only the customer and the provider write in this conversation.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function Composer({ conversationUuid }: { conversationUuid: string }) {
  const [text, setText] = useState('');
  const send = useSendMessage(conversationUuid);
  const submit = () => {
    if (!isSendable(text) || send.isPending) return;
    send.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Group align="flex-end" wrap="nowrap">
        <Textarea
          label="Message"
          placeholder="Write a message"
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter sends, Shift+Enter starts a new line.
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              submit();
            }
          }}
          style={{ flex: 1 }}
        />
        <Button type="submit" leftSection={<IconSend size={16} />} disabled={!isSendable(text)} loading={send.isPending}>
          Send
        </Button>
      </Group>
    </form>
  );
}
