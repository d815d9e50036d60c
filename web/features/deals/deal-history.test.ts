import { describe, expect, it } from 'vitest';
import { historyEntryText } from './deal-history';

const activity = (activity_type: string) => ({ activity_id: 'a', activity_type, amount: null });

describe("the deal history's lines", () => {
  it('says what each event did', () => {
    expect(historyEntryText({ type: 'DealOpened', data: { activity: activity('accept'), stage: 'accepted' } })).toBe('Deal opened (Accepted)');
    expect(historyEntryText({ type: 'DealOpened', data: { activity: activity('external_created'), stage: 'accepted' } })).toBe('Deal opened (External deal created)');
    expect(historyEntryText({ type: 'DealActivityAdded', data: { activity: activity('application'), stage: 'applied' } })).toBe('Application added; stage Applied');
    expect(historyEntryText({ type: 'DealActivityEdited', data: { activity_id: 'a' } })).toBe('Activity edited');
    expect(historyEntryText({ type: 'DealActivityDeleted', data: { activity_id: 'a', stage: 'contacted' } })).toBe('Activity deleted; stage Contacted');
    expect(historyEntryText({ type: 'DealContactPreferenceChanged', data: {} })).toBe('Contact preference changed');
    expect(historyEntryText({ type: 'BidEdited', data: { bid_id: 'b' } })).toBe('Bid updated');
  });

  it('still shows an event it does not know, or data it cannot read', () => {
    expect(historyEntryText({ type: 'DealArchived', data: {} })).toBe('DealArchived');
    expect(historyEntryText({ type: 'DealActivityAdded', data: { activity: { activity_type: 'sold' } } })).toBe('Activity added');
  });
});
