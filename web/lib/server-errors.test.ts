import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { applyServerErrors } from './server-errors';

describe('applyServerErrors', () => {
  it('puts each field message on its field and answers the rest', () => {
    const error = new ApiError({
      status: 422,
      title: 'Unprocessable Content',
      errors: { 'organisation.name': ['Name is required.'], 'organisation.logo': ['Only images are allowed!'], organisation: ['Unknown field: colour'] },
    });
    const placed: Record<string, string> = {};
    const unplaced = applyServerErrors(error, {
      prefix: 'organisation',
      fields: ['name', 'logo'] as const,
      setFieldError: (field, message) => {
        placed[field] = message;
      },
    });
    expect(placed).toEqual({ name: 'Name is required.', logo: 'Only images are allowed!' });
    expect(unplaced).toEqual(['Unknown field: colour']);
  });
});
