import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { browserScheduling, fetchServedBuildId, ownBuildId, watchBuildVersion } from '../lib/build-version';

/** spec 1 §2 "Other screens": on the dashboard, a banner with Reload once a newer build is served (docs/site-chrome.md). */
export function OutdatedVersionBanner() {
  const [outdated, setOutdated] = useState(false);
  useEffect(() => watchBuildVersion({ ...browserScheduling, ownBuildId, fetchServedBuildId, onOutdated: () => setOutdated(true) }), []);
  if (!outdated) return null;
  return (
    <Alert color="blue" variant="light" role="status" aria-label="New version available">
      <Group justify="space-between" gap="sm">
        <Text size="sm">A new version of Home Loan Auction is available. Reload the page to use it.</Text>
        <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => window.location.reload()}>
          Reload
        </Button>
      </Group>
    </Alert>
  );
}
