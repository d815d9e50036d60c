import { describe, expect, it } from 'vitest';
import { isSendable } from '../../../domain/conversation/schemas';
import type { ConversationView } from '../../../contracts/conversation';
import { counterpartOf } from './chat-format';

describe('the chat screens', () => {
  const conversation = (my_side: ConversationView['my_side']): ConversationView => ({
    uuid: '0b1e9d0a-0000-4000-8000-000000000001',
    post_id: '0b1e9d0a-0000-4000-8000-000000000002',
    customer: { uuid: '0b1e9d0a-0000-4000-8000-000000000003', name: my_side === 'provider' ? 'Jane' : 'Jane Citizen' },
    provider: { uuid: '0b1e9d0a-0000-4000-8000-000000000004', name: 'Paula Lender', organisation_name: 'Harbour Lending' },
    started_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    message_count: 0,
    unread_count: 0,
    last_message: null,
    my_side,
  });

  it('name the other party: the provider with its organisation for the customer, the customer for the provider, both for an admin', () => {
    expect(counterpartOf(conversation('customer'))).toBe('Paula Lender, Harbour Lending');
    expect(counterpartOf(conversation('provider'))).toBe('Jane');
    expect(counterpartOf(conversation(null))).toBe('Jane Citizen and Paula Lender, Harbour Lending');
  });

  it('do not send a message that is blank after trimming (spec 1 §5)', () => {
    expect(['', '  ', '\n\t '].map(isSendable)).toEqual([false, false, false]);
    expect(isSendable(' Hi ')).toBe(true);
    expect(isSendable('x'.repeat(2001))).toBe(false);
  });
});
