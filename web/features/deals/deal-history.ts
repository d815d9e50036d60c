import { z } from 'zod';
import { activityLabel } from '../../../domain/deal/figures';
import { dealActivityTypes } from '../../../domain/deal/schemas';
import { dealStages } from '../../../domain/deal/stages';
import { stageTitles } from '../../components/deal-stage';

// The admin's History panel (issue 5 item 4 "Auditors can replay any deal's full history"): one line per event of
// the deal's stream saying what happened, read from the event's data (domain/deal/events.ts), and one per update of
// the deal's bid ("Update bid" on the deal page: the bid stream's BidEdited).

const eventData = z.object({
  activity: z.object({ activity_type: z.enum(dealActivityTypes) }).optional(),
  stage: z.enum(dealStages).optional(),
});

export function historyEntryText(event: { type: string; data: Record<string, unknown> }): string {
  const data = eventData.safeParse(event.data);
  const activity = data.success && data.data.activity ? activityLabel(data.data.activity.activity_type) : null;
  const stage = data.success && data.data.stage ? stageTitles[data.data.stage].title : null;
  switch (event.type) {
    case 'DealOpened':
      return `Deal opened${activity ? ` (${activity})` : ''}`;
    case 'DealActivityAdded':
      return `${activity ?? 'Activity'} added${stage ? `; stage ${stage}` : ''}`;
    case 'DealActivityEdited':
      return 'Activity edited';
    case 'DealActivityDeleted':
      return `Activity deleted${stage ? `; stage ${stage}` : ''}`;
    case 'DealContactPreferenceChanged':
      return 'Contact preference changed';
    case 'BidEdited':
      return 'Bid updated';
    default:
      // A later event type this screen does not know yet still shows up, by its name.
      return event.type;
  }
}
