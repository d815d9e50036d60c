import { Paper, Stack, Text, Title } from '@mantine/core';

/**
 * The provider's reviews (spec 1 §2 "provider profile lists reviews 5 per page"). Reviews arrive with the trade
 * flow; until then every provider has none.
 */
export function ReviewsSection() {
  return (
    <Paper p="lg">
      <Stack gap="xs">
        <Title order={4}>Reviews</Title>
        <Text size="sm" c="dimmed">
          No reviews yet
        </Text>
      </Stack>
    </Paper>
  );
}
