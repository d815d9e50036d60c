import { Modal, Stack, Text } from '@mantine/core';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { browserFeatures, isUnsupportedBrowser, outdatedBrowserDelayMs } from '../lib/browser-support';

/**
 * spec 1 §1, §9: on an unsupported browser (Internet Explorer), a blocking dialog 1200 ms after the first route
 * change (the first page shown counts). It cannot be closed: the app does not work there (docs/site-chrome.md).
 */
export function OutdatedBrowserDialog() {
  const router = useRouter();
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!isUnsupportedBrowser(navigator.userAgent, browserFeatures())) return;
    let timer: number | undefined;
    const start = () => {
      if (timer === undefined) timer = window.setTimeout(() => setOpened(true), outdatedBrowserDelayMs);
    };
    const unsubscribe = router.subscribe('onResolved', () => {
      start();
      unsubscribe();
    });
    // The first route may have resolved before this mounted.
    if (router.state.resolvedLocation) start();
    return () => {
      unsubscribe();
      if (timer !== undefined) window.clearTimeout(timer);
    };
  }, [router]);
  return (
    <Modal opened={opened} onClose={() => {}} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered title="Your browser is out of date">
      <Stack gap="sm">
        <Text size="sm">Home Loan Auction does not work in Internet Explorer or other outdated browsers.</Text>
        <Text size="sm">Please open it in an up-to-date browser such as Chrome, Edge, Firefox or Safari.</Text>
      </Stack>
    </Modal>
  );
}
