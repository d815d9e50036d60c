import { z } from 'zod';
import { firstStep, isStepNumber, type StepNumber } from './wizard-steps';

// What the wizard keeps in the browser (spec 2 §2, §4): the post being created, the furthest step reached, whether
// the wizard made the customer's account, and each step's unsaved form values (drafts). A draft is written a while
// after the last change and removed when its step is saved; the server's post is the truth after that.

/** The part of storage the wizard needs (localStorage in the browser, a map in the tests). */
export type DraftStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const prefix = 'hla.create-post.';
const stateKey = `${prefix}state`;
const draftKey = (step: StepNumber) => `${prefix}draft.step-${step}`;
/** Bumped when a step's form changes shape, so an old draft is dropped instead of filling the wrong fields. */
const draftVersion = 1;

const wizardState = z.object({
  post_uuid: z.uuid().nullable(),
  /** The furthest step opened; the steps before it are saved. */
  reached: z.number().refine(isStepNumber),
  /** The wizard made this customer's account: a reset or a lost post logs it out (spec 2 §3 "new-customer flag"). */
  new_customer: z.boolean(),
  /** The campaign of the link the customer came with (`/create-post?slug=`). */
  campaign_slug: z.string().nullable(),
});
export type WizardState = { post_uuid: string | null; reached: StepNumber; new_customer: boolean; campaign_slug: string | null };

export const initialWizardState: WizardState = { post_uuid: null, reached: firstStep, new_customer: false, campaign_slug: null };

export function readWizardState(store: DraftStore): WizardState {
  const parsed = wizardState.safeParse(readJson(store, stateKey));
  return parsed.success ? (parsed.data as WizardState) : initialWizardState;
}

export function writeWizardState(store: DraftStore, changes: Partial<WizardState>): WizardState {
  const next = { ...readWizardState(store), ...changes };
  store.setItem(stateKey, JSON.stringify(next));
  return next;
}

/** Marks `step` reached; going back to an earlier step keeps the furthest one. */
export function reachStep(store: DraftStore, step: StepNumber): WizardState {
  const state = readWizardState(store);
  return step > state.reached ? writeWizardState(store, { reached: step }) : state;
}

/**
 * A step's draft laid over `defaults`: only the fields the form has are taken, so a draft of another shape cannot
 * add fields; no draft (or an unreadable one) answers null.
 */
export function readDraft<Values extends object>(store: DraftStore, step: StepNumber, defaults: Values): Values | null {
  const stored = readJson(store, draftKey(step));
  if (typeof stored !== 'object' || stored === null || !('version' in stored) || stored.version !== draftVersion || !('values' in stored)) return null;
  const values = stored.values;
  if (typeof values !== 'object' || values === null) return null;
  const known = Object.entries(values).filter(([key, value]) => key in defaults && value !== undefined);
  return { ...defaults, ...Object.fromEntries(known) };
}

export function writeDraft(store: DraftStore, step: StepNumber, values: object): void {
  store.setItem(draftKey(step), JSON.stringify({ version: draftVersion, values }));
}

export function clearDraft(store: DraftStore, step: StepNumber): void {
  store.removeItem(draftKey(step));
}

/** Everything the wizard kept: the reset and a lost post start again from step 1 (spec 2 §2, §8). */
export function clearWizard(store: DraftStore): void {
  store.removeItem(stateKey);
  for (let step = 1; step <= 7; step++) store.removeItem(draftKey(step as StepNumber));
}

/**
 * How long a draft waits after the last change before it is written (spec 2 §4: post 1 s, home loan 5 s,
 * preferences 3 s). The step's main part decides: Priorities are the preferences, Loan Details the home loan, the
 * other steps the post's own parts.
 */
export function draftDelayOf(step: StepNumber): number {
  if (step === 2) return 3_000;
  if (step === 3) return 5_000;
  return 1_000;
}

function readJson(store: DraftStore, key: string): unknown {
  try {
    const text = store.getItem(key);
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
}
