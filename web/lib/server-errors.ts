import { type ApiError, isApiError } from './api-error';

type FieldTarget<Field extends string> = {
  /** The body's wrapper (`organisation`), stripped from keys like `organisation.name`. */
  prefix: string;
  fields: readonly Field[];
  setFieldError: (field: Field, message: string) => void;
};

/**
 * Puts the messages of a 422 `errors` map (keys like `organisation.name`) on the form fields they belong to and
 * answers the messages that no field can show.
 */
export function applyServerErrors<Field extends string>(error: ApiError, { prefix, fields, setFieldError }: FieldTarget<Field>): string[] {
  const unplaced: string[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const path = key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : key;
    const field = fields.find((candidate) => candidate === path);
    if (field) setFieldError(field, messages.join(' '));
    else unplaced.push(...messages);
  }
  return unplaced;
}

/**
 * What a form shows above its fields after a failed save. A 422 with field errors puts them on their fields and
 * shows only the messages no field can (null when none is left). Any other failure shows the form's own words for
 * its status, else `otherwise`: the server's text is not shown (spec 3 §8 "Failed save").
 */
export function failedSaveMessage<Field extends string>(
  error: unknown,
  { byStatus = {}, otherwise, ...target }: FieldTarget<Field> & { byStatus?: Readonly<Record<number, string>>; otherwise: string },
): string | null {
  if (isApiError(error, 422) && Object.keys(error.errors).length > 0) {
    const unplaced = applyServerErrors(error, target);
    return unplaced.length > 0 ? unplaced.join(' ') : null;
  }
  return (isApiError(error) ? byStatus[error.status] : undefined) ?? otherwise;
}
