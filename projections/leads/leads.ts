import { type Selectable, sql } from 'kysely';
import { lastLeadStep } from '../../domain/lead/schemas';
import type { PostEvent } from '../../domain/post/events';
import type { UserDeleted, UserEvent } from '../../domain/user/events';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import { BatchRows, stretchesBetween } from '../batch-rows';
import type { Projection } from '../projection';
import type { LeadsTable } from './tables';

// The admin's leads (docs/leads-and-opportunities.md): every customer account the marketplace made (the post wizard,
// the comparison tool, sign-up, demo data; not the customers an admin records with an external deal), how far each
// got, and when each last did something. Publishing a post converts the lead. Names and addresses stay in `users`.

export type LeadRow = Selectable<LeadsTable>;

/** Post events and the wizard step each shows the customer reached (the others only mark the customer as seen). */
const stepOfPostEvent: Partial<Record<PostEvent['type'], number>> = {
  PostStarted: 1,
  PreferencesSet: 2,
  ApplicantAdded: 4,
  IncomeAdded: 5,
  ExpenseAdded: 6,
};
const postTypes = [
  'PostStarted',
  'PostDetailsChanged',
  'HomeLoanSet',
  'HomeLoanChanged',
  'PreferencesSet',
  'PreferencesChanged',
  'ApplicantAdded',
  'ApplicantChanged',
  'ApplicantRemoved',
  'IncomeAdded',
  'IncomeChanged',
  'IncomeRemoved',
  'ExpenseAdded',
  'ExpenseChanged',
  'ExpenseRemoved',
  'PostPublished',
  'PostCancelled',
  'PostDeleted',
] as const satisfies readonly PostEvent['type'][];
const userTypes = ['CustomerCreated', 'CustomerRegistered', 'IncompletePostLinkRequested', 'UserDeleted'] as const satisfies readonly UserEvent['type'][];
const handledTypes = new Set<string>([...postTypes, ...userTypes]);

type Handled = Extract<PostEvent, { type: (typeof postTypes)[number] }> | Extract<UserEvent, { type: (typeof userTypes)[number] }>;

export const leadsProjection: Projection = {
  kind: 'projection',
  name: 'leads',
  eventTypes: handledTypes,
  // 2: set-based handling (projections/batch-rows.ts).
  version: 2,
  tables: ['leads'],
  async createTables(trx) {
    await sql`
      create table leads (
        customer_id uuid primary key,
        registered_at timestamptz not null,
        step smallint not null,
        draft_post_id uuid,
        origin text,
        campaign_id uuid,
        last_seen_at timestamptz not null,
        converted_at timestamptz
      )`.execute(trx);
    // The list: open leads, last seen first.
    await sql`create index leads_open_seen on leads (last_seen_at desc, customer_id) where converted_at is null`.execute(trx);
  },
  async handle(events, db) {
    // Set-based (projections/batch-rows.ts): the batch's customers' leads are read once, the events applied in
    // memory, the changed leads written together. An erasure deletes the lead in SQL between the stretches.
    for (const stretch of stretchesBetween(events, (event) => event.type === 'UserDeleted')) {
      if (stretch.barrier) {
        await db.deleteFrom('leads').where('customer_id', '=', (stretch.barrier as RecordedEvent & UserDeleted).data.user_id).execute();
        continue;
      }
      // The post and user deciders wrote these events; their type names are checked by handledTypes.
      const handled = stretch.events.filter((event) => handledTypes.has(event.type)) as (RecordedEvent & Exclude<Handled, UserDeleted>)[];
      if (handled.length === 0) continue;
      const leads = new BatchRows<LeadRow>(db, { table: 'leads', key: 'customer_id', keyType: 'uuid' });
      await leads.load(handled.map(customerOf));
      for (const event of handled) apply(leads, event);
      await leads.flush();
    }
  },
};

/** The customer an event is about: the post's owner, or the user. */
function customerOf(event: Handled): string {
  return 'owner_id' in event.data ? event.data.owner_id : event.data.user_id;
}

const later = (a: Date, b: Date): Date => (b.getTime() > a.getTime() ? b : a);

/** The step a home loan's save reaches: the loan details once it carries an amount. */
function loanStep(event: Extract<Handled, { type: 'HomeLoanSet' | 'HomeLoanChanged' }>): number | null {
  const fields = event.type === 'HomeLoanSet' ? event.data.home_loan : event.data.changes;
  return fields && typeof fields.loan_amount === 'number' ? 3 : null;
}

function apply(leads: BatchRows<LeadRow>, event: RecordedEvent & Exclude<Handled, UserDeleted>): void {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'CustomerCreated':
      // An admin's external-deal customer (docs/external-deals.md) came from outside the marketplace.
      if (event.data.origin === 'external') return;
      leads.insert({ customer_id: event.data.user_id, registered_at: at, step: 0, draft_post_id: null, origin: null, campaign_id: null, last_seen_at: at, converted_at: null });
      return;
    case 'CustomerRegistered':
      touch(leads, event.data.user_id, at, lastLeadStep);
      return;
    case 'IncompletePostLinkRequested':
      touch(leads, event.data.user_id, at, null);
      return;
    case 'PostPublished': {
      const lead = leads.get(event.data.owner_id);
      if (lead) leads.update(lead.customer_id, { converted_at: lead.converted_at ?? at, draft_post_id: null });
      return;
    }
    case 'PostCancelled':
    case 'PostDeleted':
      // A reset draft is gone; how far the customer got stays.
      if (leads.get(event.data.owner_id)?.draft_post_id === event.data.post_id) leads.update(event.data.owner_id, { draft_post_id: null });
      return;
    case 'PostStarted': {
      const lead = leads.get(event.data.owner_id);
      if (!lead || lead.converted_at !== null) return;
      const seen = event.metadata.user_id === event.data.owner_id;
      leads.update(lead.customer_id, {
        step: Math.max(lead.step, 1),
        draft_post_id: event.data.post_id,
        origin: event.data.origin,
        campaign_id: event.data.campaign_id ?? lead.campaign_id,
        ...(seen ? { last_seen_at: later(lead.last_seen_at, at) } : {}),
      });
      return;
    }
    default: {
      // A part of a post: the step it shows, seen only when the customer did it (not an admin's edit).
      if (event.metadata.user_id !== event.data.owner_id) return;
      const step = event.type === 'HomeLoanSet' || event.type === 'HomeLoanChanged' ? loanStep(event) : (stepOfPostEvent[event.type] ?? null);
      touch(leads, event.data.owner_id, at, step);
    }
  }
}

/** The customer was seen at `at`, reaching `step` (null: no step) while still a lead. */
function touch(leads: BatchRows<LeadRow>, customerId: string, at: Date, step: number | null): void {
  const lead = leads.get(customerId);
  if (!lead || lead.converted_at !== null) return;
  leads.update(customerId, { last_seen_at: later(lead.last_seen_at, at), ...(step === null ? {} : { step: Math.max(lead.step, step) }) });
}
