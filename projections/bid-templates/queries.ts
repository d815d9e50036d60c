import { sql } from 'kysely';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import { type BidTemplateListQuery, bidTemplateSortable } from '../../contracts/bid-template';
import { pageOf, sortOrder } from '../../infrastructure/database/list-queries';
import type { BidTemplateRow } from './bid-templates';

// What the templates screens read (spec 3 §2 "List screen"): newest first, 25 a page, filtered by provider,
// organisation and auto-bidding status, within what the caller may see.

/** Whose templates the caller may see (spec 3 §6): all (admins), an organisation's, or an owner's own. */
export type TemplateScope = { kind: 'all' } | { kind: 'organisation'; organisationUuid: string } | { kind: 'owner'; ownerId: string };

function scoped(db: Database, scope: TemplateScope) {
  const all = db.selectFrom('bid_templates');
  if (scope.kind === 'owner') return all.where('bid_templates.owner_id', '=', scope.ownerId);
  if (scope.kind === 'organisation') return all.where('bid_templates.owner_organisation_uuid', '=', scope.organisationUuid);
  return all;
}

export async function listBidTemplates(db: Database, scope: TemplateScope, query: BidTemplateListQuery): Promise<ListResult<BidTemplateRow>> {
  let filtered = scoped(db, scope);
  const { fsp_user_uuid, organisation_uuid, auto_bidding } = query.filter ?? {};
  if (fsp_user_uuid) filtered = filtered.where('bid_templates.owner_id', '=', fsp_user_uuid);
  // An organisation's templates: those of its providers, and those bidding for it (a broker's for a lender).
  if (organisation_uuid) filtered = filtered.where((eb) => eb.or([eb('bid_templates.owner_organisation_uuid', '=', organisation_uuid), eb('bid_templates.organisation_uuid', '=', organisation_uuid)]));
  if (auto_bidding) filtered = filtered.where('bid_templates.auto_bidding', '=', auto_bidding);

  let ordered = filtered.selectAll();
  for (const [field, direction] of sortOrder(bidTemplateSortable, query.sorting, ['created_at', 'desc'])) ordered = ordered.orderBy(field, direction);
  // The uuid breaks ties, so pages never overlap.
  return pageOf(ordered.orderBy('uuid'), filtered, query);
}

export async function findBidTemplate(db: Database, uuid: string): Promise<BidTemplateRow | undefined> {
  return db.selectFrom('bid_templates').selectAll().where('uuid', '=', uuid).executeTakeFirst();
}

/** The template holding a conditional or a location rule (rules are addressed by their own uuid, spec 3 §7). */
export async function findBidTemplateByRule(db: Database, kind: 'conditional_rules' | 'location_rules', ruleId: string): Promise<BidTemplateRow | undefined> {
  const holding = sql<boolean>`${sql.ref(kind)} @> ${JSON.stringify([{ uuid: ruleId }])}::jsonb`;
  return db.selectFrom('bid_templates').selectAll().where(holding).executeTakeFirst();
}

/** The template holding a required or an optional document (`/v3/required_documents/{id}`, `/v3/template_optional_documents/{id}`). */
export async function findBidTemplateByDocument(db: Database, kind: 'required_documents' | 'optional_documents', documentId: string): Promise<BidTemplateRow | undefined> {
  const holding = sql<boolean>`details -> ${kind} @> ${JSON.stringify([{ uuid: documentId }])}::jsonb`;
  return db.selectFrom('bid_templates').selectAll().where(holding).executeTakeFirst();
}

export type TemplateOwnership = { uuid: string; name: string; owner_id: string; owner_organisation_uuid: string };

/** The templates that placed a page of bids, by uuid: their names and owners (who may open them, spec 3 §6). */
export async function templateOwnershipsOf(db: Database, uuids: readonly (string | null)[]): Promise<Map<string, TemplateOwnership>> {
  const wanted = [...new Set(uuids.filter((uuid): uuid is string => uuid !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom('bid_templates').select(['uuid', 'name', 'owner_id', 'owner_organisation_uuid']).where('uuid', 'in', wanted).execute();
  return new Map(rows.map((row) => [row.uuid, row]));
}
