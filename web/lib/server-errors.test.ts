import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { applyServerErrors, failedSaveMessage } from './server-errors';

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

describe('failedSaveMessage', () => {
  const words = { prefix: 'user', fields: ['first_name'] as const, byStatus: { 409: 'Someone else changed it.' }, otherwise: 'Not saved. Try again.' };

  it('places the field errors of a 422 and answers null when none is left over', () => {
    const placed: Record<string, string> = {};
    const error = new ApiError({ status: 422, title: 'Unprocessable Content', errors: { 'user.first_name': ['First name is required.'] } });
    expect(failedSaveMessage(error, { ...words, setFieldError: (field, message) => (placed[field] = message) })).toBeNull();
    expect(placed).toEqual({ first_name: 'First name is required.' });
  });

  it('answers the messages of a 422 that no field shows', () => {
    const error = new ApiError({ status: 422, title: 'Unprocessable Content', errors: { user: ['Unknown field: colour'] } });
    expect(failedSaveMessage(error, { ...words, setFieldError: () => undefined })).toBe('Unknown field: colour');
  });

  it("answers the form's words for a status, else its fallback, never the server's text", () => {
    const conflict = new ApiError({ status: 409, title: 'Conflict', detail: 'Stream version mismatch' });
    const failure = new ApiError({ status: 500, title: 'Internal Server Error', detail: 'Database down' });
    expect(failedSaveMessage(conflict, { ...words, setFieldError: () => undefined })).toBe('Someone else changed it.');
    expect(failedSaveMessage(failure, { ...words, setFieldError: () => undefined })).toBe('Not saved. Try again.');
    expect(failedSaveMessage(new TypeError('Failed to fetch'), { ...words, setFieldError: () => undefined })).toBe('Not saved. Try again.');
  });
});
