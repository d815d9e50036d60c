import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  clearWizard,
  type DraftStore,
  draftDelayOf,
  initialWizardState,
  reachStep,
  readDraft,
  readWizardState,
  writeDraft,
  writeWizardState,
} from './draft-storage';

/** localStorage's behaviour over a map. */
function memoryStore(): DraftStore & { keys(): string[] } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    keys: () => [...items.keys()],
  };
}

const postUuid = '33333333-3333-4333-8333-333333333333';

describe('the wizard state kept in the browser', () => {
  it('starts at step 1 without a post', () => {
    expect(readWizardState(memoryStore())).toEqual(initialWizardState);
  });

  it('keeps the post and the furthest step reached; going back keeps the furthest', () => {
    const store = memoryStore();
    writeWizardState(store, { post_uuid: postUuid, new_customer: true });
    reachStep(store, 4);
    reachStep(store, 2);
    expect(readWizardState(store)).toEqual({ post_uuid: postUuid, reached: 4, new_customer: true, campaign_slug: null });
  });

  it('reads a broken or foreign value as the start', () => {
    const store = memoryStore();
    store.setItem('hla.create-post.state', '{"post_uuid":"nope","reached":12}');
    expect(readWizardState(store)).toEqual(initialWizardState);
    store.setItem('hla.create-post.state', 'not json');
    expect(readWizardState(store)).toEqual(initialWizardState);
  });
});

describe('a step draft', () => {
  const defaults = { loan_amount: '' as number | '', user_address: null as string | null };

  it('is laid over the defaults, taking only the form’s fields', () => {
    const store = memoryStore();
    writeDraft(store, 3, { loan_amount: 450000, stranger: 'x' });
    expect(readDraft(store, 3, defaults)).toEqual({ loan_amount: 450000, user_address: null });
  });

  it('is none when missing, unreadable or of another version', () => {
    const store = memoryStore();
    expect(readDraft(store, 3, defaults)).toBeNull();
    store.setItem('hla.create-post.draft.step-3', '{"version":0,"values":{"loan_amount":1}}');
    expect(readDraft(store, 3, defaults)).toBeNull();
    store.setItem('hla.create-post.draft.step-3', '{');
    expect(readDraft(store, 3, defaults)).toBeNull();
  });

  it('is cleared when its step is saved; a reset clears everything', () => {
    const store = memoryStore();
    writeDraft(store, 1, { urgency: 'asap' });
    writeDraft(store, 2, { rate_type: 'any' });
    writeWizardState(store, { post_uuid: postUuid });
    clearDraft(store, 1);
    expect(readDraft(store, 1, { urgency: null })).toBeNull();
    expect(readDraft(store, 2, { rate_type: null })).toEqual({ rate_type: 'any' });
    clearWizard(store);
    expect(store.keys()).toEqual([]);
  });

  it('waits as spec 2 §4 says: preferences 3 s, home loan 5 s, the post’s parts 1 s', () => {
    expect(draftDelayOf(2)).toBe(3_000);
    expect(draftDelayOf(3)).toBe(5_000);
    expect([1, 4, 5, 6, 7].map((s) => draftDelayOf(s as 1))).toEqual([1_000, 1_000, 1_000, 1_000, 1_000]);
  });
});
