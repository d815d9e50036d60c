import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { CampaignFigures as Figures } from '../../../../domain/campaign/schemas';
import { formatAud } from '../../../lib/format';

/** A campaign's posts, deals and settled volume, as the campaigns projection keeps them. */
export function CampaignFigures({ figures }: { figures: Figures }) {
  const items = [
    { label: 'Posts started', value: String(figures.posts) },
    { label: 'Published', value: String(figures.published_posts) },
    { label: 'Deals', value: String(figures.deals) },
    { label: 'Settled', value: String(figures.settled_deals) },
    { label: 'Settled volume', value: formatAud(figures.settled_volume) },
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" maw={760}>
      {items.map((item) => (
        <Paper key={item.label} p="sm" withBorder data-testid="campaign-figure">
          <Text size="xs" c="dimmed">
            {item.label}
          </Text>
          <Text fw={600} size="lg">
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
