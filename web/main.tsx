import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { notifications } from '@mantine/notifications';
import { StorageWarning } from './components/storage-warning';
import { setServiceUnavailableHandler, setSessionEndedHandler } from './lib/api-fetch';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import { cssVariablesResolver, theme } from './theme';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A 503 means the database is unreachable or the product is being updated (docs/api.md): show the maintenance page
// and remember where the user was so "Try again" can go back there.
setServiceUnavailableHandler(() => {
  const here = router.state.location;
  if (here.pathname === '/maintenance-page') return;
  void router.navigate({ to: '/maintenance-page', search: { from: here.href }, replace: true });
});

// The session could not be renewed (spec 2 §8): say so once and log in again, coming back to the same screen.
setSessionEndedHandler(() => {
  const here = router.state.location;
  if (here.pathname.startsWith('/login') || here.pathname === '/authorize') return;
  queryClient.clear();
  notifications.show({ id: 'session-ended', color: 'yellow', title: 'Error!', message: 'Your session has expired. Please, log in again.' });
  void router.navigate({ to: '/login', search: { redirect: here.href }, replace: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'en-au', firstDayOfWeek: 1 }}>
        <QueryClientProvider client={queryClient}>
          <ModalsProvider labels={{ confirm: 'Confirm', cancel: 'Cancel' }}>
            {/* Bottom right: at the top they cover the page's main actions (Edit, Delete, Create). */}
            <Notifications position="bottom-right" limit={5} />
            <StorageWarning />
            <RouterProvider router={router} />
          </ModalsProvider>
        </QueryClientProvider>
      </DatesProvider>
    </MantineProvider>
  </StrictMode>,
);

