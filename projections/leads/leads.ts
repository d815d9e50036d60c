import { type Selectable, sql } from 'kysely';
import { lastLeadStep } from '../../domain/lead/schemas';
import type { PostEvent } from '../../domain/post/events';
import type { UserEvent } from '../../domain/user/events';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
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
  version: 1,
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
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The user and post deciders wrote these events; their type names are checked above.
      await apply(db, recorded as RecordedEvent & Handled);
    }
  },
};

/** The step a home loan's save reaches: the loan details once it carries an amount. */
function loanStep(event: Extract<Handled, { type: 'HomeLoanSet' | 'HomeLoanChanged' }>): number | null {
  const fields = event.type === 'HomeLoanSet' ? event.data.home_loan : event.data.changes;
  return fields && typeof fields.loan_amount === 'number' ? 3 : null;
}

async function apply(db: Database, event: RecordedEvent & Handled): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  switch (event.type) {
    case 'CustomerCreated':
      // An admin's external-deal customer (docs/external-deals.md) came from outside the marketplace.
      if (event.data.origin === 'external') return;
      await db
        .insertInto('leads')
        .values({ customer_id: event.data.user_id, registered_at: at, step: 0, draft_post_id: null, origin: null, campaign_id: null, last_seen_at: at, converted_at: null })
        .onConflict((oc) => oc.column('customer_id').doNothing())
        .execute();
      return;
    case 'CustomerRegistered':
      await touch(db, event.data.user_id, at, lastLeadStep);
      return;
    case 'IncompletePostLinkRequested':
      await touch(db, event.data.user_id, at, null);
      return;
    case 'UserDeleted':
      await db.deleteFrom('leads').where('customer_id', '=', event.data.user_id).execute();
      return;
    case 'PostPublished':
      await db
        .updateTable('leads')
        .set({ converted_at: sql<Date>`coalesce(converted_at, ${at})`, draft_post_id: null })
        .where('customer_id', '=', event.data.owner_id)
        .execute();
      return;
    case 'PostCancelled':
    case 'PostDeleted':
      // A reset draft is gone; how far the customer got stays.
      await db.updateTable('leads').set({ draft_post_id: null }).where('customer_id', '=', event.data.owner_id).where('draft_post_id', '=', event.data.post_id).execute();
      return;
    case 'PostStarted': {
      const seen = event.metadata.user_id === event.data.owner_id;
      await db
        .updateTable('leads')
        .set({
          step: sql<number>`greatest(step, 1)`,
          draft_post_id: event.data.post_id,
          origin: event.data.origin,
          campaign_id: sql<string | null>`coalesce(${event.data.campaign_id ?? null}::uuid, campaign_id)`,
          ...(seen ? { last_seen_at: sql<Date>`greatest(last_seen_at, ${at})` } : {}),
        })
        .where('customer_id', '=', event.data.owner_id)
        .where('converted_at', 'is', null)
        .execute();
      return;
    }
    default: {
      // A part of a post: the step it shows, seen only when the customer did it (not an admin's edit).
      if (event.metadata.user_id !== event.data.owner_id) return;
      const step = event.type === 'HomeLoanSet' || event.type === 'HomeLoanChanged' ? loanStep(event) : (stepOfPostEvent[event.type] ?? null);
      await touch(db, event.data.owner_id, at, step);
    }
  }
}

/** The customer was seen at `at`, reaching `step` (null: no step) while still a lead. */
async function touch(db: Database, customerId: string, at: Date, step: number | null): Promise<void> {
  await db
    .updateTable('leads')
    .set({ last_seen_at: sql<Date>`greatest(last_seen_at, ${at})`, ...(step === null ? {} : { step: sql<number>`greatest(step, ${step})` }) })
    .where('customer_id', '=', customerId)
    .where('converted_at', 'is', null)
    .execute();
}
