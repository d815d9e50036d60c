import { Badge } from '@mantine/core';
import type { DealStage } from '../../domain/deal/stages';

// A deal's stage as every screen shows it: the deals board, the deal page, the opportunities, a campaign's posts.

/** The board's columns: the stage and what it is waiting for (spec 1 §2). */
export const stageTitles: Record<DealStage, { title: string; waiting: string | null }> = {
  accepted: { title: 'Accepted', waiting: 'Not yet contacted' },
  contacted: { title: 'Contacted', waiting: 'Pending application' },
  applied: { title: 'Applied', waiting: 'Pending settlement' },
  closed_won: { title: 'Closed Won', waiting: null },
  closed_lost: { title: 'Closed Lost', waiting: null },
  on_hold: { title: 'On Hold', waiting: null },
};

export const stageColours: Record<DealStage, string> = {
  accepted: 'blue',
  contacted: 'cyan',
  applied: 'violet',
  closed_won: 'teal',
  closed_lost: 'red',
  on_hold: 'gray',
};

export function DealStageBadge({ stage }: { stage: DealStage }) {
  return (
    <Badge color={stageColours[stage]} variant="light" data-testid="deal-stage">
      {stageTitles[stage].title}
    </Badge>
  );
}
