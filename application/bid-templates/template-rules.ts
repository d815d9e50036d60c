import type { TemplateRules } from '../../domain/bid-template/evaluation';
import type { LocationListType } from '../../domain/bid-template/rules';
import type { BidForm } from '../../domain/bid/schemas';
import type { BidTemplatesTable } from '../../projections/bid-templates/tables';

/** What of a saved template the evaluation takes (the auto-bidder, the simulation, interactive matching). */
export type TemplateRulesRow = Pick<BidTemplatesTable, 'uuid' | 'details' | 'qualifying_rules' | 'conditional_rules' | 'location_list_type' | 'location_rules'>;

/** The template's rules and bid as `evaluateTemplate` takes them; the bid names its template. */
export function rulesOf(row: TemplateRulesRow): TemplateRules {
  const { name: _name, ...bid } = row.details;
  return {
    bid: { ...bid, home_loan_bid_template_uuid: row.uuid } as BidForm,
    qualifying_rules: row.qualifying_rules,
    conditional_rules: row.conditional_rules,
    location_list_type: (row.location_list_type ?? 'whitelist') as LocationListType,
    location_rules: row.location_rules,
  };
}
