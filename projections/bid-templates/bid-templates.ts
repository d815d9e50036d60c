import { type Selectable, sql } from 'kysely';
import { comparisonRate } from '../../domain/bid/comparison-rate';
import type { BidTemplateEvent } from '../../domain/bid-template/events';
import { bidTemplateEventTypes } from '../../domain/bid-template/events';
import { detailsAfterDocumentEvent } from '../../domain/bid-template/documents';
import type { BidTemplateDetails } from '../../domain/bid-template/schemas';
import type { Database } from '../../infrastructure/database/database';
import type { RecordedEvent } from '../../infrastructure/event-store/event-store';
import type { Projection } from '../projection';
import type { BidTemplatesTable } from './tables';

// The templates list (spec 3 §2, 25 a page) and each template as the wizard shows it (docs/bid-templates.md).
// `revision` is the stream's: a save names the revision it started from, so a later save by someone else is a 409.

export type BidTemplateRow = Selectable<BidTemplatesTable>;

const handledTypes = new Set<string>(bidTemplateEventTypes);
const jsonb = <T>(value: T) => sql<T>`${JSON.stringify(value)}::jsonb`;

export const bidTemplatesProjection: Projection = {
  kind: 'projection',
  name: 'bid_templates',
  eventTypes: handledTypes,
  // 2: auto-bidding's status, validity, expiry, public, review period and execution option; interactive matching (issue 29).
  // 3: the index of the templates offered to the comparison tool. 4: `improvement`, the floor and step (issue 29 item 7).
  version: 4,
  tables: ['bid_templates'],
  async createTables(trx) {
    await sql`
      create table bid_templates (
        uuid uuid primary key,
        owner_id uuid not null,
        owner_organisation_uuid uuid not null,
        organisation_uuid uuid not null,
        name text not null,
        bid_type text not null,
        interest_rate double precision not null,
        comparison_rate double precision not null,
        computed_comparison_rate double precision not null,
        maximum_lvr double precision not null,
        auto_bidding text not null,
        valid_for integer,
        expiry_on timestamptz,
        public boolean not null,
        auto_bidding_review_period integer,
        auto_bidding_scope text,
        interactive_matching boolean not null,
        interactive_matching_valid_for integer,
        interactive_matching_expiration_date text,
        improvement jsonb,
        details jsonb not null,
        qualifying_rules jsonb not null,
        conditional_rules jsonb not null,
        location_list_type text,
        location_rules jsonb not null,
        cloned_from uuid,
        revision integer not null,
        created_at timestamptz not null,
        updated_at timestamptz not null
      )`.execute(trx);
    // The list: newest first, within an owner or an organisation.
    await sql`create index bid_templates_created on bid_templates (created_at desc, uuid)`.execute(trx);
    await sql`create index bid_templates_owner on bid_templates (owner_id, created_at desc)`.execute(trx);
    await sql`create index bid_templates_owner_organisation on bid_templates (owner_organisation_uuid, created_at desc)`.execute(trx);
    // The auto-bidder's question: the active templates (issue 29 item 2).
    await sql`create index bid_templates_auto_bidding on bid_templates (auto_bidding, expiry_on)`.execute(trx);
    // The comparison tool's question: the templates offered for interactive matching (interactive-matching-queries.ts).
    await sql`create index bid_templates_interactive_matching on bid_templates (interactive_matching_expiration_date) where interactive_matching`.execute(trx);
  },
  async handle(events, trx) {
    for (const recorded of events) {
      if (!handledTypes.has(recorded.type)) continue;
      // The bid template decider wrote these events; their type names are checked above.
      await apply(trx, recorded as RecordedEvent & BidTemplateEvent);
    }
  },
};

/** The columns the details fill. */
const detailColumns = (details: BidTemplateDetails) => ({
  organisation_uuid: details.organisation_uuid,
  name: details.name,
  bid_type: details.bid_type,
  interest_rate: details.interest_rate,
  comparison_rate: details.comparison_rate,
  computed_comparison_rate: comparisonRate(details),
  maximum_lvr: details.maximum_lvr,
  details: jsonb(details),
});

async function apply(db: Database, event: RecordedEvent & BidTemplateEvent): Promise<void> {
  const at = new Date(event.metadata.occurred_at);
  const template = db.updateTable('bid_templates').where('uuid', '=', event.data.template_id);
  const touched = { revision: event.revision, updated_at: at };
  const current = () => db.selectFrom('bid_templates').select(['conditional_rules', 'location_rules']).where('uuid', '=', event.data.template_id).executeTakeFirst();
  switch (event.type) {
    case 'BidTemplateCreated': {
      const { data } = event;
      await db
        .insertInto('bid_templates')
        .values({
          uuid: data.template_id,
          owner_id: data.owner_id,
          owner_organisation_uuid: data.owner_organisation_uuid,
          ...detailColumns(data.details),
          auto_bidding: 'pending',
          valid_for: null,
          expiry_on: null,
          public: false,
          auto_bidding_review_period: null,
          auto_bidding_scope: null,
          interactive_matching: false,
          interactive_matching_valid_for: null,
          interactive_matching_expiration_date: null,
          improvement: null,
          qualifying_rules: jsonb(data.qualifying_rules),
          conditional_rules: jsonb(data.conditional_rules),
          location_list_type: data.location_list_type,
          location_rules: jsonb(data.location_rules),
          cloned_from: data.cloned_from,
          revision: event.revision,
          created_at: at,
          updated_at: at,
        })
        .onConflict((oc) => oc.column('uuid').doNothing())
        .execute();
      return;
    }
    case 'BidTemplateDetailsChanged':
      await template.set({ ...detailColumns(event.data.details), ...touched }).execute();
      return;
    case 'QualifyingRulesSet':
      await template.set({ qualifying_rules: jsonb(event.data.rules), ...touched }).execute();
      return;
    case 'ConditionalRuleSaved': {
      const row = await current();
      if (!row) return;
      const { rule } = event.data;
      const exists = row.conditional_rules.some((r) => r.uuid === rule.uuid);
      const rules = exists ? row.conditional_rules.map((r) => (r.uuid === rule.uuid ? rule : r)) : [...row.conditional_rules, rule];
      await template.set({ conditional_rules: jsonb(rules), ...touched }).execute();
      return;
    }
    case 'ConditionalRuleDeleted': {
      const row = await current();
      if (!row) return;
      await template.set({ conditional_rules: jsonb(row.conditional_rules.filter((r) => r.uuid !== event.data.rule_id)), ...touched }).execute();
      return;
    }
    case 'LocationListTypeSet':
      await template.set({ location_list_type: event.data.location_list_type, ...touched }).execute();
      return;
    case 'LocationRuleAdded': {
      const row = await current();
      if (!row) return;
      await template.set({ location_rules: jsonb([...row.location_rules, event.data.rule]), ...touched }).execute();
      return;
    }
    case 'LocationRuleDeleted': {
      const row = await current();
      if (!row) return;
      await template.set({ location_rules: jsonb(row.location_rules.filter((r) => r.uuid !== event.data.rule_id)), ...touched }).execute();
      return;
    }
    case 'BidTemplateDeleted':
      await db.deleteFrom('bid_templates').where('uuid', '=', event.data.template_id).execute();
      return;
    case 'RequiredDocumentSaved':
    case 'RequiredDocumentRemoved':
    case 'OptionalDocumentSaved':
    case 'OptionalDocumentRemoved':
    case 'TemplateFileAttached': {
      const row = await db.selectFrom('bid_templates').select('details').where('uuid', '=', event.data.template_id).executeTakeFirst();
      if (!row) return;
      await template.set({ ...detailColumns(detailsAfterDocumentEvent(row.details, event)), ...touched }).execute();
      return;
    }
    case 'AutoBiddingActivated': {
      const { valid_for, expiry_on, review_period, scope } = event.data;
      await template
        .set({ auto_bidding: 'active', valid_for, expiry_on: new Date(expiry_on), auto_bidding_review_period: review_period, ...(scope ? { auto_bidding_scope: scope } : {}), ...touched })
        .execute();
      return;
    }
    case 'AutoBiddingDeactivated':
    case 'AutoBiddingExpired':
    case 'AutoBiddingStopped':
      await template.set({ auto_bidding: event.type === 'AutoBiddingDeactivated' ? 'deactivated' : 'inactive', valid_for: null, expiry_on: null, public: false, ...touched }).execute();
      return;
    case 'InteractiveMatchingSet': {
      const { interactive_matching, valid_for, expiration_date } = event.data;
      await template.set({ interactive_matching, interactive_matching_valid_for: valid_for, interactive_matching_expiration_date: expiration_date, ...touched }).execute();
      return;
    }
    case 'AutoBidImprovementSet':
      await template.set({ improvement: event.data.improvement === null ? null : jsonb(event.data.improvement), ...touched }).execute();
      return;
  }
}
