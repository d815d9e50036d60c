import '@mantine/core/styles.css';

import { Button, Code, MantineProvider, Stack } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { AustralianAddress } from '../../../domain/address/schemas';
import { AddressPicker } from '../../../web/components/address-picker';
import { createQueryClient } from '../../../web/lib/query-client';
import { cssVariablesResolver, theme } from '../../../web/theme';

// The address picker alone on a page, for tests/e2e/address-picker.e2e.test.ts (served by Vite, API proxied).

function Page() {
  const [address, setAddress] = useState<AustralianAddress | null>(null);
  return (
    <Stack p="xl" maw={480}>
      <AddressPicker label="Property address" required value={address} onChange={setAddress} />
      <Button variant="default" onClick={() => setAddress(null)}>
        Reset
      </Button>
      {/* Wrapped: a block that scrolls sideways would need to take the keyboard's focus. */}
      <Code block data-testid="address" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {JSON.stringify(address)}
      </Code>
    </Stack>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={createQueryClient()}>
        <Page />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
