import { Button, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { lvrBlock } from '../../../../domain/bid/rules';
import { formatPercent } from '../../../../domain/bid/schemas';

export type LvrBlockFacts = { post_lvr: number; maximum_lvr: number };

/**
 * spec 1 §4: the error dialog 'Your bid doesn't suit this {product}' with both percentages; the bid is not placed.
 * 750 wide like the spec's other bid dialogs.
 */
export function LvrBlockModal({ facts, product, onClose }: { facts: LvrBlockFacts | null; product: string; onClose: () => void }) {
  // The texts are the domain's, so the dialog says exactly what the server decided.
  const block = facts ? lvrBlock(facts.post_lvr, facts.maximum_lvr, product) : null;
  return (
    <Modal opened={block !== null} onClose={onClose} title={block?.message} size={750} centered>
      {block && facts && (
        <Stack gap="md">
          <Text size="sm">{block.detail}</Text>
          <SimpleGrid cols={2}>
            <Paper withBorder p="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                The {product}'s LVR
              </Text>
              <Text size="xl" fw={700} c="red" data-testid="post-lvr">
                {formatPercent(facts.post_lvr)}
              </Text>
            </Paper>
            <Paper withBorder p="md">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Your maximum LVR
              </Text>
              <Text size="xl" fw={700} data-testid="bid-maximum-lvr">
                {formatPercent(facts.maximum_lvr)}
              </Text>
            </Paper>
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            Raise the maximum LVR of your bid to at least the {product}'s LVR to place it.
          </Text>
          <Group justify="flex-end">
            <Button onClick={onClose}>Change my bid</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
