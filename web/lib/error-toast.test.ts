import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { errorText } from './error-toast';

describe("the 'Error!' toast text (spec 2 §8)", () => {
  it('lists field errors as the capitalised field name with underscores as spaces, then the message', () => {
    const error = new ApiError({ status: 422, title: 'Unprocessable Content', detail: 'The request has invalid fields.', errors: { 'user.acl_number': ['Should be at least 4 characters'], base: ['No.'] } });
    expect(errorText(error)).toBe('Acl number Should be at least 4 characters\nBase No.');
  });
  it("shows the detail otherwise, and blames the connection when there was no answer", () => {
    expect(errorText(new ApiError({ status: 429, title: 'Too Many Requests', detail: 'Rate limit exceeded, retry in 10 minutes' }))).toBe('Rate limit exceeded, retry in 10 minutes');
    expect(errorText(new TypeError('Failed to fetch'))).toBe('Something is wrong with internet connection.');
  });
});
