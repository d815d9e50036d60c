import { useDebouncedCallback } from '@mantine/hooks';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createElement, Fragment, type ReactNode, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '../../../../domain/post/schemas';
import type { PostView } from '../../../../contracts/post';
import { isApiError } from '../../../lib/api-error';
import { getPost } from '../api/get-post';
import { postKeys } from '../api/post-keys';
import { clearDraft, draftDelayOf, readDraft, readWizardState, reachStep, writeDraft } from './draft-storage';
import { nextStepOf, type StepNumber, stepOf } from './wizard-steps';
import { forgetLostPost, wizardStore } from './wizard-session';

// One step's form: its values start from the draft kept in this browser, else from the saved post; every change is
// kept as a draft after the step's delay (spec 2 §4); Next checks the step with the domain's rules, sends it, clears
// the draft and opens the next step. An invalid Next scrolls to the first message.

/** What `save` sends; it answers the post as saved (one request: PATCH /v2/posts/{id}, see api/save-steps.ts). */
type Options<Values> = {
  step: StepNumber;
  initialValues: Values;
  validate: (values: Values) => FieldErrors;
  save: (values: Values) => Promise<PostView>;
  /** Keeps only what may stay on this device (the overview leaves the passwords out). */
  toDraft?: (values: Values) => object;
  /** Fits a draft to the saved post (a draft may name an applicant removed since). */
  adoptDraft?: (draft: Values) => Values;
  /** Where to go once saved; the next step by default. */
  onSaved?: (post: PostView, values: Values) => Promise<void>;
};

/** A field's messages, one a line (a field may break two rules, e.g. both preference conflicts). */
export const messagesOf = (errors: FieldErrors): Record<string, ReactNode> =>
  Object.fromEntries(
    Object.entries(errors).map(([path, messages]) => {
      const distinct = [...new Set(messages)];
      return [path, distinct.length === 1 ? distinct[0] : createElement(Fragment, null, ...distinct.map((message) => createElement('div', { key: message }, message)))];
    }),
  );

/** Follows a dotted path through the form values; undefined when it names nothing there. */
export function valueAt(values: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined), values);
}

/** Scrolls to the first field showing a message (after React has drawn the messages). */
export function scrollToFirstError(root: HTMLElement | null): void {
  requestAnimationFrame(() => {
    const first = root?.querySelector<HTMLElement>('[aria-invalid="true"], .mantine-InputWrapper-error, [data-step-error]');
    if (!first) return;
    first.scrollIntoView({ behavior: 'smooth', block: 'center' });
    if (first instanceof HTMLInputElement) first.focus({ preventScroll: true });
  });
}

export function useStepForm<Values extends object>({ step, initialValues, validate, save, toDraft = (values) => values, adoptDraft = (draft) => draft, onSaved }: Options<Values>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [startValues] = useState(() => {
    const draft = readDraft(wizardStore(), step, initialValues);
    return draft ? adoptDraft(draft) : initialValues;
  });
  const [saving, setSaving] = useState(false);
  /** Server messages that no field of the form shows. */
  const [unplaced, setUnplaced] = useState<string | null>(null);

  const keepDraft = useDebouncedCallback((values: Values) => writeDraft(wizardStore(), step, toDraft(values)), { delay: draftDelayOf(step), flushOnUnmount: true });
  // A reload or a closed tab does not unmount: the draft waiting for its delay is written as the page goes away.
  useEffect(() => {
    const flush = () => keepDraft.flush();
    window.addEventListener('pagehide', flush);
    return () => window.removeEventListener('pagehide', flush);
  }, [keepDraft]);

  /** The fields the last Next found wrong; a message goes as soon as its rule passes (new ones wait for Next). */
  const checked = useRef(new Set<string>());
  const form = useForm<Values>({
    initialValues: startValues,
    validate: (values) => {
      const errors = validate(values);
      checked.current = new Set(Object.keys(errors));
      return messagesOf(errors);
    },
    onValuesChange: (values) => {
      keepDraft(values);
      if (checked.current.size === 0) return;
      // Rules across fields (the yearly total, the coverage by living expenses) pass by changing other fields.
      const still = validate(values);
      const fixed = [...checked.current].filter((path) => !(path in still));
      if (fixed.length === 0) return;
      for (const path of fixed) checked.current.delete(path);
      form.setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => !fixed.includes(path))));
    },
  });

  async function next(values: Values) {
    setSaving(true);
    setUnplaced(null);
    try {
      const post = await save(values);
      // The answer is the post as saved: the next step starts from it without reading it again.
      queryClient.setQueryData(postKeys.detail(post.uuid), post);
      keepDraft.cancel();
      clearDraft(wizardStore(), step);
      if (onSaved) return await onSaved(post, values);
      const following = nextStepOf(step);
      reachStep(wizardStore(), following);
      await navigate({ to: stepOf(following).path });
    } catch (error) {
      await showSaveError(error);
    } finally {
      setSaving(false);
    }
  }

  async function showSaveError(error: unknown) {
    if (isApiError(error, 422) && Object.keys(error.errors).length > 0) {
      const errors = Object.fromEntries(Object.entries(error.errors).map(([path, messages]) => [path, [...messages]]));
      form.setErrors(messagesOf(errors));
      const elsewhere = Object.entries(errors).filter(([path]) => valueAt(form.getValues(), path) === undefined);
      setUnplaced(elsewhere.length > 0 ? elsewhere.flatMap(([, messages]) => messages).join(' ') : null);
      scrollToFirstError(formRef.current);
      return;
    }
    if (isApiError(error, 404) && (await postIsGone())) {
      await forgetLostPost(queryClient);
      await navigate({ to: stepOf(1).path, replace: true });
      return;
    }
    // spec 2 §8: other failures in a toast titled 'Error!'; no answer at all is the connection's fault.
    const message = isApiError(error) ? (error.detail ?? error.title) : 'Something is wrong with internet connection.';
    notifications.show({ color: 'red', title: 'Error!', message });
  }

  /** A 404 from a part may mean only that part is gone; the post itself decides. */
  async function postIsGone(): Promise<boolean> {
    const uuid = readWizardState(wizardStore()).post_uuid;
    if (!uuid) return true;
    try {
      await getPost(uuid);
      return false;
    } catch (error) {
      return isApiError(error, 404);
    }
  }

  return {
    form,
    formRef,
    saving,
    unplaced,
    onSubmit: form.onSubmit(next, () => scrollToFirstError(formRef.current)),
  };
}
