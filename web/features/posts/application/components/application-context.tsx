import { createContext, type ReactNode, use, useCallback, useMemo, useState } from 'react';
import {
  type ApplicationAnswers,
  type ApplicationState,
  clearApplicationState,
  type CreatedParts,
  initialApplicationState,
  noCreatedParts,
  readApplicationState,
  writeApplicationState,
} from '../answers';

type ApplicationContextValue = {
  state: ApplicationState;
  answers: ApplicationAnswers;
  setAnswers: (changes: Partial<ApplicationAnswers>) => void;
  /** The customer made at the mobile-number step. */
  setCustomer: (uuid: string) => void;
  setCreated: (created: CreatedParts) => void;
  /** Forgets everything kept (after success, or when the post was lost). */
  reset: () => void;
};

const ApplicationContext = createContext<ApplicationContextValue | null>(null);

/** Holds the stepper's state for its screens and keeps it in localStorage after every change (spec 2 §2). */
export function ApplicationProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ApplicationState>(() => readApplicationState(localStorage));
  const update = useCallback((change: (previous: ApplicationState) => ApplicationState) => {
    setState((previous) => {
      const next = change(previous);
      writeApplicationState(localStorage, next);
      return next;
    });
  }, []);
  const value = useMemo<ApplicationContextValue>(
    () => ({
      state,
      answers: state.answers,
      setAnswers: (changes) => update((previous) => ({ ...previous, answers: { ...previous.answers, ...changes } })),
      // Parts made for another customer are not this one's.
      setCustomer: (uuid) => update((previous) => ({ ...previous, customer: { uuid }, created: noCreatedParts })),
      setCreated: (created) => update((previous) => ({ ...previous, created })),
      reset: () => {
        clearApplicationState(localStorage);
        setState(initialApplicationState);
      },
    }),
    [state, update],
  );
  return <ApplicationContext value={value}>{children}</ApplicationContext>;
}

export function useApplication(): ApplicationContextValue {
  const value = use(ApplicationContext);
  if (!value) throw new Error('useApplication needs the ApplicationProvider of /application');
  return value;
}
