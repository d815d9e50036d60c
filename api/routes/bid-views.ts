import { placeLabels } from '../../domain/bid/rules';
import { bidStatusLabelOf, isDealStatus } from '../../domain/bid/schemas';
import type { PostSortKey } from '../../domain/post/schemas';
import { bidGroupOf, type BidView } from '../../contracts/bid';
import { fileUrl } from '../../infrastructure/files';
import type { BidRow } from '../../projections/bids/bids';
import { productNamesOf } from '../../projections/financial-institution-products/queries';
import { namedProductView } from './product-views';
import { templateActorOf } from '../../application/bid-templates/template-request';
import { maySeeTemplate } from '../../domain/bid-template/access';
import { templateOwnershipsOf } from '../../projections/bid-templates/queries';
import { type BidOrganisation, findBids, organisationsOf, providerNamesOf, rankedBidsOf } from '../../projections/bids/queries';
import type { Caller } from '../authentication';
import type { AppDependencies } from '../dependencies';

// Bids as a caller may see them (docs/bids.md "Privacy"): the views the bid routes answer.

/** What a caller may see of a bid. */
export type BidAudience = {
  caller: Caller;
  /** The customer who owns the bid's post. */
  postOwnerId: string;
};

/** The organisation and provider of an anonymous bid with show_private are hidden from everyone but the customer. */
export function organisationHidden(row: Pick<BidRow, 'bid_type' | 'show_private' | 'provider_id' | 'organisation_uuid'>, audience: BidAudience): boolean {
  if (row.bid_type !== 'anonymous' || !row.show_private) return false;
  const { caller, postOwnerId } = audience;
  if (caller.userId === postOwnerId || caller.userType === 'admin') return false;
  // Its own provider and colleagues know whose bid it is (spec 1 §6: an fsp "sees own anonymous bids").
  return caller.userId !== row.provider_id && caller.organisationUuid !== row.organisation_uuid;
}

/**
 * The lenders of other bids on a post, as the caller may see them (an auto-bid's improvements name the bid that beat
 * it): the organisation's name, or null where the caller may not learn it (an anonymous bid with show_private) or the
 * bid is gone (deleted). Never the provider person.
 */
export async function lendersOfBids(deps: Pick<AppDependencies, 'db'>, bidIds: readonly string[], audience: BidAudience): Promise<Map<string, string | null>> {
  const rows = await findBids(deps.db, bidIds);
  const organisations = await organisationsOf(deps.db, rows.map((row) => row.organisation_uuid));
  return new Map(rows.map((row) => [row.uuid, row.deleted || organisationHidden(row, audience) ? null : (organisations.get(row.organisation_uuid)?.name ?? null)]));
}

/** The provider's name: admins, the post's customer and the organisation's own people. */
function providerNameShown(row: BidRow, audience: BidAudience): boolean {
  const { caller, postOwnerId } = audience;
  return caller.userType === 'admin' || caller.userId === postOwnerId || caller.organisationUuid === row.organisation_uuid;
}

/**
 * The bid's own side: its organisation's people and admins. They see which template placed a bid; the customer sees
 * only that it was placed automatically, a competing provider neither (docs/auto-bidding.md "Placed automatically").
 */
function bidsOwnSide(row: Pick<BidRow, 'provider_id' | 'organisation_uuid'>, caller: Caller): boolean {
  return caller.userType === 'admin' || caller.userId === row.provider_id || (caller.organisationUuid !== null && caller.organisationUuid === row.organisation_uuid);
}

/** Bid rows as the caller may see them, with the names and logos they need. */
export async function toBidViews(
  deps: Pick<AppDependencies, 'db'>,
  rows: readonly BidRow[],
  audienceOf: (row: BidRow) => BidAudience,
  placeOf: (row: BidRow) => string | null = () => null,
  /** Organisations and names already read (placing a bid), instead of looking them up. */
  known?: { organisations: Map<string, BidOrganisation>; names: Map<string, string> },
): Promise<BidView[]> {
  const [[organisations, names], products, templates] = await Promise.all([
    known
      ? [known.organisations, known.names]
      : Promise.all([organisationsOf(deps.db, rows.map((row) => row.organisation_uuid)), providerNamesOf(deps.db, rows.map((row) => row.provider_id))]),
    productNamesOf(deps.db, rows.map((row) => row.form.financial_institution_product)),
    templateOwnershipsOf(deps.db, rows.map((row) => row.auto_bid_template_id)),
  ]);
  return rows.map((row) => {
    const audience = audienceOf(row);
    const hidden = organisationHidden(row, audience);
    const organisation = organisations.get(row.organisation_uuid);
    const ownSide = bidsOwnSide(row, audience.caller);
    const template = row.auto_bid_template_id ? templates.get(row.auto_bid_template_id) : undefined;
    const mayOpen = template !== undefined && maySeeTemplate(templateActorOf({ caller: audience.caller, correlationId: '' }), template);
    // The why quotes the template's rules: its own side who may see the template (its provider always, also once the
    // template is deleted), and admins (docs/auto-bidding.md "Why this bid").
    const whyShown = ownSide && (mayOpen || audience.caller.userType === 'admin' || audience.caller.userId === row.provider_id);
    return {
      uuid: row.uuid,
      post_id: row.post_id,
      status: row.status,
      status_label: bidStatusLabelOf(row.status, row.not_chosen),
      not_chosen: row.not_chosen,
      bid_type: row.bid_type,
      show_private: row.show_private,
      origin: row.origin,
      placed_automatically: ownSide || audience.caller.userId === audience.postOwnerId ? row.auto_bid_template_id !== null : null,
      auto_bid_template:
        ownSide && row.auto_bid_template_id
          ? { uuid: row.auto_bid_template_id, name: template?.name ?? null, may_open: mayOpen }
          : null,
      auto_bid_why: whyShown ? row.auto_bid_why : null,
      organisation: hidden
        ? null
        : { uuid: row.organisation_uuid, name: organisation?.name ?? null, logo: organisation?.logo_file_id ? fileUrl(organisation.logo_file_id) : null },
      provider: hidden ? null : { uuid: row.provider_id, full_name: providerNameShown(row, audience) ? (names.get(row.provider_id) ?? null) : null },
      interest_rate: row.interest_rate,
      comparison_rate: row.comparison_rate,
      maximum_lvr: row.maximum_lvr,
      rate_type: row.rate_type,
      fixed_period: row.fixed_period,
      repayment_type: row.repayment_type,
      loan_amount: row.loan_amount,
      monthly_repayment: row.monthly_repayment,
      monthly_savings: row.monthly_savings,
      auto_declare_eligible: row.auto_declare_eligible,
      home_loan_bid: {
        ...row.form,
        organisation_uuid: hidden ? null : row.form.organisation_uuid,
        home_loan_bid_template_uuid: ownSide ? row.form.home_loan_bid_template_uuid : null,
        financial_institution_product: hidden ? null : row.form.financial_institution_product,
      },
      financial_institution_product: hidden ? null : namedProductView(products.get(row.form.financial_institution_product ?? '')),
      place_label: placeOf(row),
      group: bidGroupOf(row),
      winning: isWinning(row),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  });
}

/** The post's accepted bid: it became a deal (or is on hold as one). */
export const isWinning = (row: Pick<BidRow, 'status'>) => isDealStatus(row.status) || row.status === 'on_hold';

/** The place labels of a post's bids (spec 1 §4), by bid id. */
export async function placesOfPost(deps: Pick<AppDependencies, 'db'>, postId: string, sortBy: PostSortKey): Promise<Map<string, string>> {
  return placeLabels(await rankedBidsOf(deps.db, postId), sortBy);
}
