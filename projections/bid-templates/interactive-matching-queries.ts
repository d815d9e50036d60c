import type { Database } from '../../infrastructure/database/database';
import type { BidTemplateRow } from './bid-templates';

// The comparison tool's candidates (docs/bid-templates.md "Interactive matching: the evaluation"): the templates
// ticked on for interactive matching and not past their expiry day, each with its provider's standing and the bid's
// organisation. The partial index `bid_templates_interactive_matching` (bid-templates.ts) keeps this to the few
// templates offered, however many templates there are; the rules are then tested in memory by the pure evaluation.

export type InteractiveCandidateRow = Pick<
  BidTemplateRow,
  'uuid' | 'details' | 'qualifying_rules' | 'conditional_rules' | 'location_list_type' | 'location_rules' | 'interactive_matching' | 'interactive_matching_expiration_date'
> & { provider_type: string; provider_status: string; organisation_uuid: string; organisation_name: string | null; organisation_logo_file_id: string | null };

/** The templates offered on `today` (Sydney, YYYY-MM-DD); the provider's standing is checked by the caller. */
export async function interactiveMatchCandidates(db: Database, today: string): Promise<InteractiveCandidateRow[]> {
  return db
    .selectFrom('bid_templates')
    .innerJoin('users', 'users.uuid', 'bid_templates.owner_id')
    .leftJoin('organisations', 'organisations.uuid', 'bid_templates.organisation_uuid')
    .select([
      'bid_templates.uuid',
      'bid_templates.details',
      'bid_templates.qualifying_rules',
      'bid_templates.conditional_rules',
      'bid_templates.location_list_type',
      'bid_templates.location_rules',
      'bid_templates.interactive_matching',
      'bid_templates.interactive_matching_expiration_date',
      'bid_templates.organisation_uuid',
      'users.user_type as provider_type',
      'users.status as provider_status',
      'organisations.name as organisation_name',
      'organisations.logo_file_id as organisation_logo_file_id',
    ])
    .where('bid_templates.interactive_matching', '=', true)
    .where('bid_templates.interactive_matching_expiration_date', '>=', today)
    .execute();
}
