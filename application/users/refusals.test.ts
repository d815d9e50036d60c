import { describe, expect, it } from 'vitest';
import { fieldRefusal } from './refusals';

describe('a field refusal', () => {
  it("carries the first field's message as its own, as the forms show it", () => {
    expect(fieldRefusal('MOBILE_NOT_VERIFIED', { mobile_number: ['Verify it first.'], other: ['Later.'] })).toEqual({
      code: 'MOBILE_NOT_VERIFIED',
      message: 'Verify it first.',
      errors: { mobile_number: ['Verify it first.'], other: ['Later.'] },
    });
  });
});
