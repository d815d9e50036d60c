import { z } from 'zod';
import { bidWarningCodes, type BidWarning } from '../../../domain/bid/rules';
import { isApiError } from '../../lib/api-error';

// The two refusals of a bid that the bid screen answers with a dialog rather than a form error (docs/bids.md):
// 422 BID_LVR_TOO_HIGH (the spec's block, both percentages) and 409 BID_NEEDS_CONFIRMATION (the warnings that need
// 'Yes, continue!'). Their details travel as problem+json extension members, checked here like any API data.

const lvrMember = z.object({ post_lvr: z.number(), maximum_lvr: z.number() });
const warningsMember = z.array(z.object({ code: z.enum(bidWarningCodes), message: z.string() })).min(1);

export type BidRefusal =
  /** The dialog's texts come from `lvrBlock` (domain/bid/rules.ts) with these two percentages. */
  | { kind: 'lvr'; post_lvr: number; maximum_lvr: number }
  | { kind: 'warnings'; warnings: BidWarning[] };

/** The dialog a failed save opens, or null when the failure belongs on the form. */
export function bidRefusalOf(error: unknown): BidRefusal | null {
  if (isApiError(error, 422) && error.code === 'BID_LVR_TOO_HIGH') {
    const lvr = lvrMember.safeParse(error.extensions.lvr);
    if (lvr.success) return { kind: 'lvr', ...lvr.data };
  }
  if (isApiError(error, 409) && error.code === 'BID_NEEDS_CONFIRMATION') {
    const warnings = warningsMember.safeParse(error.extensions.warnings);
    if (warnings.success) return { kind: 'warnings', warnings: warnings.data };
  }
  return null;
}
