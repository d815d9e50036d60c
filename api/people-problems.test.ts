import { describe, expect, it } from 'vitest';
import { imageMessagesByReason } from '../application/images';
import { userRefusalCodes } from '../application/users/refusals';
import { emailTakenError } from '../domain/user/email-reservation';
import { domainProblem, statusOfCode } from './domain-problems';

describe("the users' workflows' own refusals in the error table", () => {
  it('are all 422: a field of the request is at fault', () => {
    const codes = [...Object.values(userRefusalCodes), ...Object.keys(imageMessagesByReason), emailTakenError];
    expect(codes.map((code) => [code, statusOfCode[code]])).toEqual(codes.map((code) => [code, 422]));
  });

  it('name the field under the body\'s wrapper', () => {
    const answer = domainProblem({ code: emailTakenError, message: 'taken', errors: { email: ['takenEmail'] } }, { wrapper: 'user' });
    expect(answer).toMatchObject({ status: 422, errors: { 'user.email': ['takenEmail'] } });
  });
});
