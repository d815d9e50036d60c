import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { specFor } from '../shared/decider-spec';
import type { UserCommand } from './commands';
import { userDecider, userErrors } from './decider';
import type { PersonalDetails, ProviderDetails, UserEvent } from './events';
import { statusesByType, userStatuses } from './schemas';

const given = specFor(userDecider);

describe('user', () => {
  describe('when nobody is registered', () => {
    it('a provider signs up and waits as pending', () => {
      expect(given([]).when(signUp)).toEqual({ ok: true, events: [signedUp] });
    });
    it('an admin is created by another admin', () => {
      expect(given([]).when({ type: 'CreateAdmin', data: { user_id: id, personal, password_hash: 'h', created_by: 'admin-0' } })).toEqual({
        ok: true,
        events: [{ type: 'AdminCreated', data: { user_id: id, personal, password_hash: 'h', created_by: 'admin-0' } }],
      });
    });
    it('nothing else can happen to the user', () => {
      expect(given([]).when({ type: 'VerifyEmail', data: { user_id: id } })).toMatchObject({ ok: false, error: { code: userErrors.notFound } });
    });
  });

  describe('when a provider is pending', () => {
    it('cannot sign up twice', () => {
      expect(given([signedUp]).when(signUp)).toMatchObject({ ok: false, error: { code: userErrors.alreadyExists } });
    });
    it('verifies the e-mail once', () => {
      expect(given([signedUp]).when(verify)).toEqual({ ok: true, events: [{ type: 'UserEmailVerified', data: { user_id: id } }] });
      expect(given([signedUp, { type: 'UserEmailVerified', data: { user_id: id } }]).when(verify)).toEqual({ ok: true, events: [] });
    });
    it('is approved into a known organisation', () => {
      expect(given([signedUp]).when(approve(organisation))).toEqual({
        ok: true,
        events: [{ type: 'ProviderApproved', data: { user_id: id, organisation_uuid: organisation } }],
      });
    });
    it("is not approved while the organisation isn't in the database", () => {
      expect(given([signedUp]).when(approve(null))).toEqual({
        ok: false,
        error: { code: userErrors.unknownOrganisation, message: "Organisation isn't in our database!" },
      });
    });
    it('is rejected only with a message', () => {
      expect(given([signedUp]).when(rejectWith('  '))).toMatchObject({ ok: false, error: { code: userErrors.messageRequired } });
      expect(given([signedUp]).when(rejectWith(' No licence '))).toEqual({
        ok: true,
        events: [{ type: 'ProviderRejected', data: { user_id: id, message: 'No licence' } }],
      });
    });
    it('cannot complete the profile before approval', () => {
      expect(given([signedUp]).when(complete)).toMatchObject({ ok: false, error: { code: userErrors.notApproved } });
    });
  });

  describe('when a provider is approved', () => {
    const approved: UserEvent[] = [signedUp, { type: 'ProviderApproved', data: { user_id: id, organisation_uuid: organisation } }];
    it('completes the profile and becomes active', () => {
      expect(given(approved).when(complete)).toEqual({ ok: true, events: [{ type: 'ProviderProfileCompleted', data: { user_id: id, avatar_file_id: 'f1' } }] });
    });
    it('saves the answers and completes the profile in one decision, answers first', () => {
      const answers = [{ question_uuid: organisation, answer: 'Since 2010.' }];
      expect(given(approved).when({ type: 'CompleteProviderProfile', data: { user_id: id, avatar_file_id: null, answers } })).toEqual({
        ok: true,
        events: [
          { type: 'ProviderAnswersSaved', data: { user_id: id, answers } },
          { type: 'ProviderProfileCompleted', data: { user_id: id, avatar_file_id: null } },
        ],
      });
    });
    it('cannot complete the profile twice', () => {
      expect(given([...approved, { type: 'ProviderProfileCompleted', data: { user_id: id, avatar_file_id: null } }]).when(complete)).toMatchObject({
        ok: false,
        error: { code: userErrors.notApproved },
      });
    });
    it('is not reviewed again', () => {
      expect(given(approved).when(approve(organisation))).toMatchObject({ ok: false, error: { code: userErrors.notPending } });
    });
  });

  describe('activation and password recovery', () => {
    const verified: UserEvent[] = [signedUp, { type: 'UserEmailVerified', data: { user_id: id } }];
    it('sends the activation mail again only while the e-mail is unconfirmed', () => {
      expect(given([signedUp]).when(requestActivation)).toEqual({ ok: true, events: [{ type: 'ActivationMailRequested', data: { user_id: id } }] });
      expect(given(verified).when(requestActivation)).toMatchObject({ ok: false, error: { code: userErrors.alreadyActivated } });
    });
    it('records each password reset request under its own id, whatever the status', () => {
      const reset: UserCommand = { type: 'RequestPasswordReset', data: { user_id: id, reset_id: organisation } };
      expect(given(verified).when(reset)).toEqual({ ok: true, events: [{ type: 'PasswordResetRequested', data: { user_id: id, reset_id: organisation } }] });
    });
    it('asks nothing of a deleted user', () => {
      expect(given([signedUp, { type: 'UserDeleted', data: { user_id: id } }]).when(requestActivation)).toMatchObject({ ok: false, error: { code: userErrors.notFound } });
    });
  });

  describe('status changes by an admin', () => {
    it('records where from and where to', () => {
      expect(given([signedUp]).when(changeStatus('suspended'))).toEqual({
        ok: true,
        events: [{ type: 'UserStatusChanged', data: { user_id: id, from: 'pending', to: 'suspended' } }],
      });
    });
    it('refuses a status the user type does not have, and does nothing for the current one', () => {
      expect(given([signedUp]).when(changeStatus('creating'))).toMatchObject({ ok: false, error: { code: userErrors.invalidStatus } });
      expect(given([signedUp]).when(changeStatus('pending'))).toEqual({ ok: true, events: [] });
    });
  });

  describe('when the user was deleted', () => {
    it('accepts nothing more', () => {
      const deleted: UserEvent[] = [signedUp, { type: 'UserDeleted', data: { user_id: id } }];
      for (const command of [verify, complete, changeStatus('active'), signUp]) expect(given(deleted).when(command).ok).toBe(false);
    });
  });

  it('property: a user only ever holds a status of its type, and only approved providers become active by completing the profile', () => {
    const command: fc.Arbitrary<UserCommand> = fc.oneof(
      fc.constant(signUp),
      fc.constant(verify),
      fc.constantFrom(approve(organisation), approve(null), rejectWith('No'), rejectWith('')),
      fc.constant(complete),
      fc.constantFrom(...userStatuses).map(changeStatus),
      fc.constant<UserCommand>({ type: 'ChangePassword', data: { user_id: id, password_hash: 'h2' } }),
      fc.constant<UserCommand>({ type: 'DeleteUser', data: { user_id: id } }),
    );
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        let state = userDecider.initialState();
        for (const c of commands) {
          const decision = userDecider.decide(c, state);
          if (!decision.ok) continue;
          const before = state;
          state = decision.events.reduce(userDecider.evolve, state);
          if (state.stage === 'registered') expect(statusesByType[state.user_type]).toContain(state.status);
          if (decision.events.some((e) => e.type === 'ProviderProfileCompleted')) {
            expect(before.stage === 'registered' && before.status).toBe('approved');
          }
        }
      }),
    );
  });
});

const id = '7d3c1a52-0e5b-4e0e-9d7c-0f8f5f1b2a33';
const organisation = '0b6f9e0a-3c39-4f7e-9a59-8f0f3c2b1a10';
const personal: PersonalDetails = { first_name: 'Jane', last_name: 'Citizen', email: 'jane@example.com', country_code: '61', mobile_number: '0412345678' };
const provider: ProviderDetails = {
  organisation_uuid: organisation,
  organisation_name: 'Harbour Bank',
  provider_type: 'financial_institution',
  membership_type: 'MFAA',
  membership_value: '12345',
  acl_number: '654321',
  lender_since: 2010,
};
const signUp: UserCommand = { type: 'SignUpProvider', data: { user_id: id, personal, provider, password_hash: 'h' } };
const signedUp: UserEvent = { type: 'ProviderSignedUp', data: { user_id: id, personal, provider, password_hash: 'h' } };
const verify: UserCommand = { type: 'VerifyEmail', data: { user_id: id } };
const approve = (organisation_uuid: string | null): UserCommand => ({ type: 'ReviewProvider', data: { user_id: id, decision: 'approve', organisation_uuid } });
const rejectWith = (message: string): UserCommand => ({ type: 'ReviewProvider', data: { user_id: id, decision: 'reject', message } });
const complete: UserCommand = { type: 'CompleteProviderProfile', data: { user_id: id, avatar_file_id: 'f1' } };
const changeStatus = (status: (typeof userStatuses)[number]): UserCommand => ({ type: 'ChangeUserStatus', data: { user_id: id, status } });
const requestActivation: UserCommand = { type: 'RequestActivationMail', data: { user_id: id } };
