import type { ApiError } from './api-error';

/**
 * Puts the messages of a 422 `errors` map (keys like `organisation.name`) on the form fields they belong to and
 * answers the messages that no field can show.
 */
export function applyServerErrors<Field extends string>(
  error: ApiError,
  { prefix, fields, setFieldError }: { prefix: string; fields: readonly Field[]; setFieldError: (field: Field, message: string) => void },
): string[] {
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const path = key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : key;
    const field = fields.find((candidate) => candidate === path);
    if (field) setFieldError(field, messages.join(' '));
    else unplaced.push(...messages);
  }
  return unplaced;
}
