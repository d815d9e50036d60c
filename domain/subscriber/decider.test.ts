import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { EraseSubscriber, Subscribe } from './commands';
import { subscriberDecider, subscriberErrors } from './decider';
import type { MailingListSubscribed, MailingListSubscriberErased } from './events';
import { alreadySubscribedMessage, mailingListName, subscribeBody, textBeforeLink } from './schemas';

const given = specFor(subscriberDecider);

describe('mailing-list subscriber', () => {
  describe('when the address is not on the list', () => {
    it('subscribes it', () => {
      expect(given([]).when(subscribe)).toEqual({ ok: true, events: [subscribed] });
    });
  });

  describe('when the address is on the list', () => {
    it("is refused with the 'already subscribed' message and its link", () => {
      expect(given([subscribed]).when(subscribe)).toEqual({
        ok: false,
        error: { code: subscriberErrors.alreadySubscribed, message: alreadySubscribedMessage('ann@example.com') },
      });
    });

    it('may join another list', () => {
      const other: Subscribe = { ...subscribe, data: { ...subscribe.data, list: 'Car Loans' } };
      expect(given([subscribed]).when(other)).toMatchObject({ ok: true, events: [{ data: { list: 'Car Loans' } }] });
    });
  });
});

describe("when the address's user account is deleted", () => {
  const erase: EraseSubscriber = { type: 'EraseSubscriber', data: { subscriber_id: subscribe.data.subscriber_id }, metadata: { now: '2026-11-27T15:00:00.000Z' } };
  const erased: MailingListSubscriberErased = { type: 'MailingListSubscriberErased', data: { subscriber_id: subscribe.data.subscriber_id, erased_at: '2026-11-27T15:00:00.000Z' } };

  it('a subscriber leaves every list', () => {
    expect(given([subscribed]).when(erase)).toEqual({ ok: true, events: [erased] });
  });

  it('an address that never subscribed, or left already, records nothing', () => {
    expect(given([]).when(erase)).toEqual({ ok: true, events: [] });
    expect(given([subscribed, erased]).when(erase)).toEqual({ ok: true, events: [] });
  });

  it('an erased address may subscribe again', () => {
    expect(given([subscribed, erased]).when(subscribe)).toMatchObject({ ok: true, events: [{ type: 'MailingListSubscribed' }] });
  });
});

describe('the already-subscribed message', () => {
  it('shows only the text before the link (spec 1 §1)', () => {
    const message = alreadySubscribedMessage('ann@example.com');
    expect(message).toContain('<a href=');
    expect(textBeforeLink(message)).toBe(`ann@example.com is already subscribed to list ${mailingListName}.`);
  });

  it('leaves a message without a link whole', () => {
    expect(textBeforeLink('Invalid email format')).toBe('Invalid email format');
  });
});

describe('the subscribe body', () => {
  it('lower-cases and trims the address', () => {
    expect(subscribeBody.parse({ email: ' Ann@Example.COM ' })).toEqual({ email: 'ann@example.com' });
  });

  it('refuses what is not an address', () => {
    expect(subscribeBody.safeParse({ email: 'ann' }).success).toBe(false);
    expect(subscribeBody.safeParse({}).success).toBe(false);
  });
});

const now = '2026-11-21T10:00:00.000Z';
const subscribe: Subscribe = { type: 'Subscribe', data: { subscriber_id: 'key-1', email: 'ann@example.com', list: mailingListName }, metadata: { now } };
const subscribed: MailingListSubscribed = {
  type: 'MailingListSubscribed',
  data: { subscriber_id: 'key-1', email: 'ann@example.com', list: mailingListName, subscribed_at: now },
};
