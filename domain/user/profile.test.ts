import { describe, expect, it } from 'vitest';
import { answersErrors, answersMessages, changePasswordFields, ownDetails } from './profile';

describe('answers to the active questions', () => {
  const a = '11111111-1111-4111-8111-111111111111';
  const b = '22222222-2222-4222-8222-222222222222';
  const answer = (question_uuid: string) => ({ question_uuid, answer: 'Yes' });

  it('fit when every active question is answered once, in any order', () => {
    expect(answersErrors([a, b], [answer(b), answer(a)])).toEqual({});
    expect(answersErrors([], [])).toEqual({});
  });
  it('name the missing, the not-asked and the repeated answers', () => {
    expect(answersErrors([a, b], [answer(a)])).toEqual({ questions: [answersMessages.unanswered] });
    expect(answersErrors([a], [answer(a), answer(b)])).toEqual({ 'questions.1.question_uuid': [answersMessages.inactive] });
    expect(answersErrors([a], [answer(a), answer(a)])).toEqual({ 'questions.1.question_uuid': [answersMessages.duplicate] });
  });
});

describe('own details and password change forms', () => {
  it('keep the mobile number as digits and refuse a country code starting with 0', () => {
    const details = { first_name: 'Mary', last_name: 'Citizen', country_code: '61', mobile_number: '0412 345 678' };
    expect(ownDetails.parse(details).mobile_number).toBe('0412345678');
    expect(ownDetails.safeParse({ ...details, country_code: '061' }).success).toBe(false);
  });
  it("say 'Passwords are different' on the confirmation", () => {
    const result = changePasswordFields.safeParse({ current_password: 'Old-Pass-1', password: 'New-Pass-12', password_confirmation: 'New-Pass-13' });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['password_confirmation'], message: 'Passwords are different' })]);
  });
});
