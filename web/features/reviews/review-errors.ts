import { isApiError } from '../../lib/api-error';

const fieldName = (key: string) => {
  const name = (key.split('.').pop() ?? key).replace(/_/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * spec 1 §8 "Rating errors are composed from an errors object (base message, else key plus value)": the `base`
 * messages when there are any, otherwise each field's name followed by its message ('Rating must be at least 1').
 * Without an errors object, the problem's detail; without an answer, the connection.
 */
export function reviewErrorMessages(error: unknown): string[] {
  if (!isApiError(error)) return ['Something is wrong with internet connection.'];
  const base = error.errors.base ?? [];
  if (base.length > 0) return [...base];
  const composed = Object.entries(error.errors).flatMap(([key, messages]) => messages.map((message) => `${fieldName(key)} ${message}`));
  return composed.length > 0 ? composed : [error.detail ?? error.title];
}
