import { Alert, Button, Stack, Text } from '@mantine/core';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { isApiError } from '../lib/api-error';
import { IconAlertCircle } from '@tabler/icons-react';

/** What a page shows when its data could not be loaded. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const status = isApiError(error) ? error.status : undefined;
  return (
    <Alert color="red" icon={<IconAlertCircle />} title="This page could not be loaded" maw={720}>
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          {status === undefined
            ? 'Something went wrong while showing this page.'
            : status >= 500
              ? 'The server had a problem answering. Please try again in a moment.'
              : `The server refused the request (${status}).`}
        </Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}
