import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { mailingListName, subscribedAnswer, textBeforeLink } from '../../domain/subscriber/schemas';
import { apiFetch } from '../lib/api-fetch';
import { isApiError } from '../lib/api-error';
import { errorText } from '../lib/error-toast';

/**
 * The mailing-list subscribe form under the public screens (spec 1 §1, §8; docs/site-chrome.md): a success text, or
 * the 'Error!' toast with the server's message; of an 'already subscribed' message only the text before its link.
 */
export function MailingListForm() {
  const [email, setEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const subscribe = useMutation({
    mutationFn: (address: string) => apiFetch('/v1/subscriptions', { method: 'POST', body: { email: address }, schema: subscribedAnswer }),
    onSuccess: (answer) => {
      setResult({ ok: true, text: answer.message });
      setEmail('');
    },
    onError: (error) => {
      // A refusal without field errors carries the server's message (the 'already subscribed' one has a link).
      const text = isApiError(error) && Object.keys(error.errors).length === 0 && error.detail ? textBeforeLink(error.detail) : errorText(error);
      setResult({ ok: false, text });
      notifications.show({ color: 'red', title: 'Error!', message: text });
    },
  });
  return (
    <Stack gap={6} component="section" aria-label="Mailing list">
      <Text size="sm" fw={600}>
        Get {mailingListName} news in your inbox
      </Text>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setResult(null);
          subscribe.mutate(email);
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <TextInput
            size="xs"
            type="email"
            aria-label="Newsletter address"
            placeholder="you@example.com"
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
            style={{ flexGrow: 1 }}
          />
          <Button size="xs" type="submit" loading={subscribe.isPending}>
            Subscribe
          </Button>
        </Group>
      </form>
      {result && (
        <Text size="xs" c={result.ok ? 'teal' : 'red'} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </Text>
      )}
    </Stack>
  );
}
