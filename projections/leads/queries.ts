import type { LeadListQuery } from '../../domain/lead/schemas';
import { leadSortable } from '../../domain/lead/schemas';
import type { ListResult } from '../../domain/shared/list-query';
import type { Database } from '../../infrastructure/database/database';
import { pageOf, sortOrder } from '../../infrastructure/database/list-queries';
import type { LeadRow } from './leads';

/** The open leads (not yet converted), last seen first unless sorted otherwise. */
export async function listLeads(db: Database, query: LeadListQuery): Promise<ListResult<LeadRow>> {
  let filtered = db.selectFrom('leads').where('converted_at', 'is', null);
  const { min_step, origin, campaign_uuid } = query.filter ?? {};
  if (min_step !== undefined) filtered = filtered.where('step', '>=', min_step);
  if (origin) filtered = filtered.where('origin', '=', origin);
  if (campaign_uuid) filtered = filtered.where('campaign_id', '=', campaign_uuid);
  let ordered = filtered.selectAll();
  for (const [field, direction] of sortOrder(leadSortable, query.sorting, ['last_seen_at', 'desc'])) ordered = ordered.orderBy(field, direction);
  return pageOf(ordered.orderBy('customer_id'), filtered, query);
}
