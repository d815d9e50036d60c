import { Group, Loader, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { useConnectMe } from '../../features/deals/api/connect-me';
import { connectMeRoute } from './connect-me.route';

// spec 1 §2 "/connect-me/{post_uuid}/{bid_uuid}": the customer's e-mail link asks to be connected with the bid's
// provider. It sends the confirmation once (docs/deals.md "Connect me"), then shows /connect-me/success; a failure
// or a missing or malformed parameter shows /connect-me/error.

const uuid = z.uuid();

export function ConnectMePage() {
  const { postUuid, bidUuid } = connectMeRoute.useParams();
  const { token } = connectMeRoute.useSearch();
  const navigate = useNavigate();
  const connect = useConnectMe();
  const sent = useRef(false);
  useEffect(() => {
    // Once per page, also under StrictMode's double effects.
    if (sent.current) return;
    sent.current = true;
    const showResult = (status: 'success' | 'error') => void navigate({ to: '/connect-me/$status', params: { status }, replace: true });
    if (!uuid.safeParse(postUuid).success || !uuid.safeParse(bidUuid).success) return showResult('error');
    connect.mutate({ postUuid, bidUuid, token }, { onSuccess: () => showResult('success'), onError: () => showResult('error') });
  }, [connect, navigate, postUuid, bidUuid, token]);

  return (
    <>
      <PageHeader title="Connect me" crumbs={['Connect me']} />
      <Group gap="sm" role="status">
        <Loader size="sm" />
        <Text c="dimmed">Connecting you with the provider…</Text>
      </Group>
    </>
  );
}
