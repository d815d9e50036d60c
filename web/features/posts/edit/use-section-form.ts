import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '../../../../domain/post/schemas';
import type { PostView } from '../../../../contracts/post';
import { isApiError } from '../../../lib/api-error';
import { messagesOf, scrollToFirstError, valueAt } from '../wizard/use-step-form';
import { postQueryOptions } from '../api/get-post';

// One section of the post edit screen (the loan, the preferences, the people): its form starts from the loaded
// post; Save checks it with the domain's rules (messages only after a submit), an invalid submit scrolls to the
// first message, the server's 422 goes under the fields it names; once saved, the post is read again and the form
// starts over from it, so it is no longer dirty.

type Options<Values> = {
  post: PostView;
  valuesOf: (post: PostView) => Values;
  validate: (values: Values) => FieldErrors;
  save: (values: Values) => Promise<unknown>;
  /** The 422's field errors as form paths, and the messages no field shows. */
  placeErrors: (errors: Readonly<Record<string, readonly string[]>>) => { fields: FieldErrors; unplaced: string[] };
  /** The toast's title after saving (spec 1 §8, spec 3 §8). */
  savedTitle: string;
  savedMessage: string;
  onDirtyChange: (dirty: boolean) => void;
};

/** A 422's keys without the body's wrapper (`home_loan.loan_amount` → `loan_amount`). */
export const withoutPrefix =
  (prefix: string) =>
  (errors: Readonly<Record<string, readonly string[]>>): { fields: FieldErrors; unplaced: string[] } => ({
    fields: Object.fromEntries(Object.entries(errors).map(([key, messages]) => [key.startsWith(`${prefix}.`) ? key.slice(prefix.length + 1) : key, [...messages]])),
    unplaced: [],
  });

export function useSectionForm<Values extends object>({ post, valuesOf, validate, save, placeErrors, savedTitle, savedMessage, onDirtyChange }: Options<Values>) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [saving, setSaving] = useState(false);
  /** Server messages that no field of the form shows. */
  const [unplaced, setUnplaced] = useState<string | null>(null);
  const form = useForm<Values>({ initialValues: valuesOf(post), validate: (values) => messagesOf(validate(values)) });

  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  async function submit(values: Values) {
    setSaving(true);
    setUnplaced(null);
    try {
      await save(values);
      const saved = await queryClient.fetchQuery({ ...postQueryOptions(post.uuid), staleTime: 0 });
      const fresh = valuesOf(saved);
      form.setInitialValues(fresh);
      form.setValues(fresh);
      notifications.show({ color: 'teal', title: savedTitle, message: savedMessage });
    } catch (error) {
      if (isApiError(error, 422) && Object.keys(error.errors).length > 0) {
        const placed = placeErrors(error.errors);
        // A message under a path no field of the form draws is shown above the form.
        const drawn = Object.entries(placed.fields).filter(([path]) => valueAt(form.getValues(), path) !== undefined);
        const elsewhere = Object.entries(placed.fields).filter(([path]) => valueAt(form.getValues(), path) === undefined);
        form.setErrors(messagesOf(Object.fromEntries(drawn)));
        const rest = [...placed.unplaced, ...elsewhere.flatMap(([, messages]) => messages)];
        setUnplaced(rest.length > 0 ? [...new Set(rest)].join(' ') : null);
        scrollToFirstError(formRef.current);
        return;
      }
      // spec 2 §8: other failures in a toast titled 'Error!'; no answer at all is the connection's fault.
      const message = isApiError(error) ? (error.detail ?? error.title) : 'Something is wrong with internet connection.';
      notifications.show({ color: 'red', title: 'Error!', message });
    } finally {
      setSaving(false);
    }
  }

  return {
    form,
    formRef,
    saving,
    unplaced,
    onSubmit: form.onSubmit(submit, () => scrollToFirstError(formRef.current)),
  };
}
