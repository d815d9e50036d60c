import { expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import { emailReservationDecider, type EmailReservationEvent, emailTakenError } from './email-reservation';

const given = specFor(emailReservationDecider);
const reserved = (user_id: string): EmailReservationEvent => ({ type: 'EmailReserved', data: { user_id } });

it('a free address is reserved; the holder reserving again changes nothing', () => {
  expect(given([]).when({ type: 'ReserveEmail', data: { user_id: 'a', holder_exists: false } })).toEqual({ ok: true, events: [reserved('a')] });
  expect(given([reserved('a')]).when({ type: 'ReserveEmail', data: { user_id: 'a', holder_exists: true } })).toEqual({ ok: true, events: [] });
});

it('an address held by an existing user is taken', () => {
  expect(given([reserved('a')]).when({ type: 'ReserveEmail', data: { user_id: 'b', holder_exists: true } })).toMatchObject({ ok: false, error: { code: emailTakenError } });
});

it('an address whose holder never finished signing up, or released it, can be reserved again', () => {
  expect(given([reserved('a')]).when({ type: 'ReserveEmail', data: { user_id: 'b', holder_exists: false } })).toEqual({ ok: true, events: [reserved('b')] });
  const released: EmailReservationEvent[] = [reserved('a'), { type: 'EmailReleased', data: { user_id: 'a' } }];
  expect(given(released).when({ type: 'ReserveEmail', data: { user_id: 'b', holder_exists: true } })).toEqual({ ok: true, events: [reserved('b')] });
  expect(given([reserved('a')]).when({ type: 'ReleaseEmail', data: { user_id: 'b' } })).toEqual({ ok: true, events: [] });
});
