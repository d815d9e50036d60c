import { Alert, Group, Stack } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { createRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { ButtonLink } from '../../components/router-link';
import { emailLinkRoute } from '../email-link';

// spec 1 §2 "/connect-me/{status}": the result of the e-mail link's contact confirmation; status defaults to
// success (/connect-me), and anything but success is the error flag (docs/deals.md "Connect me").

const status = z.enum(['success', 'error']).catch('error');

export const connectMeStatusRoute = createRoute({
  getParentRoute: () => emailLinkRoute,
  path: '/connect-me/$status',
  component: function ConnectMeStatusPage() {
    return <ConnectMeResult status={status.parse(connectMeStatusRoute.useParams().status)} />;
  },
});

export const connectMeDefaultRoute = createRoute({
  getParentRoute: () => emailLinkRoute,
  path: '/connect-me',
  component: () => <ConnectMeResult status="success" />,
});

function ConnectMeResult({ status: result }: { status: 'success' | 'error' }) {
  return (
    <>
      <PageHeader title="Connect me" crumbs={['Connect me']} />
      <Stack gap="md" maw={640}>
        {result === 'success' ? (
          <Alert color="green" icon={<IconCircleCheck size={18} />} role="status">
            Thank you! The provider will contact you at the times you chose.
          </Alert>
        ) : (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            We could not connect you with the provider: the link is incomplete, or this offer can no longer be accepted.
          </Alert>
        )}
        <Group>
          <ButtonLink to="/home" variant="default">
            Dashboard
          </ButtonLink>
        </Group>
      </Stack>
    </>
  );
}
