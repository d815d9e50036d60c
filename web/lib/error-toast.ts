import { notifications } from '@mantine/notifications';
import { isApiError } from './api-error';

const capitalised = (field: string) => {
  const name = (field.split('.').pop() ?? field).replace(/_/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
};

/**
 * The text of the 'Error!' toast (spec 2 §8): field errors as "Field name message", otherwise the error's detail;
 * no answer at all is the connection's fault.
 */
export function errorText(error: unknown): string {
  if (!isApiError(error)) return 'Something is wrong with internet connection.';
  const fieldErrors = Object.entries(error.errors).flatMap(([field, messages]) => messages.map((m) => `${capitalised(field)} ${m}`));
  return fieldErrors.length > 0 ? fieldErrors.join('\n') : (error.detail ?? error.title);
}

export function showErrorToast(error: unknown): void {
  notifications.show({ color: 'red', title: 'Error!', message: errorText(error), style: { whiteSpace: 'pre-line' } });
}
