import { Accordion, Alert, Code, Divider, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconLock } from '@tabler/icons-react';
import type { OutboxMessageView } from '../../../../domain/outbox/schemas';
import { DetailItem } from '../../../components/detail-item';
import { formatDateTime } from '../mailbox-format';
import { MessageBody } from './message-body';
import { OutboxChannelBadge } from './outbox-channel-badge';
import { OutboxStatusBadge } from './outbox-status-badge';

/** One message: who, when, how its delivery went, and its body. */
export function MessageDetails({ message }: { message: OutboxMessageView }) {
  return (
    <Stack gap="lg">
      {message.status === 'kept' && (
        <Alert variant="light" color="indigo" icon={<IconInfoCircle />} title="Kept in the outbox">
          {message.channel === 'email'
            ? 'No mail server is configured (SMTP_URL), so this e-mail was not sent. This is where it can be read.'
            : 'No SMS gateway is configured, so this SMS was not sent. This is where it can be read.'}
        </Alert>
      )}
      <Paper p="lg">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="xl" verticalSpacing="lg">
          <DetailItem label="To">{message.recipient ?? '—'}</DetailItem>
          <DetailItem label="Channel">
            <OutboxChannelBadge channel={message.channel} />
          </DetailItem>
          <DetailItem label="Status">
            <OutboxStatusBadge status={message.status} />
          </DetailItem>
          <DetailItem label="Created at">{formatDateTime(message.created_at)}</DetailItem>
          <DetailItem label="Sent at">{formatDateTime(message.sent_at) || '—'}</DetailItem>
          <DetailItem label="Attempts">{message.attempts}</DetailItem>
          <DetailItem label="Kind">{message.template}</DetailItem>
          {message.next_attempt_at && <DetailItem label="Next attempt">{formatDateTime(message.next_attempt_at)}</DetailItem>}
          {message.last_error && <DetailItem label="Last error">{message.last_error}</DetailItem>}
        </SimpleGrid>
      </Paper>
      <Paper p="lg">
        {message.body_withheld ? (
          <Alert variant="light" color="gray" icon={<IconLock />} title="Content not shown">
            This message went to a mail server. Its content may hold a one-time link meant for its recipient only.
          </Alert>
        ) : message.text_body === null ? (
          <Text c="dimmed" size="sm">
            The content was erased with the person.
          </Text>
        ) : (
          <MessageBody text={message.text_body} />
        )}
        {message.html_body && (
          <>
            <Divider my="md" />
            <Accordion variant="contained">
              <Accordion.Item value="html">
                <Accordion.Control>HTML version (source)</Accordion.Control>
                <Accordion.Panel>
                  <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                    {message.html_body}
                  </Code>
                </Accordion.Panel>
              </Accordion.Item>
            </Accordion>
          </>
        )}
      </Paper>
    </Stack>
  );
}
