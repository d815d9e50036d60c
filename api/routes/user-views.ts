import type { FastifyReply } from 'fastify';
import { maxAutoBiddingReviewPeriodOf } from '../../application/bid-templates/change-auto-bidding';
import { providerTypeLabels, type UserView } from '../../domain/user/schemas';
import type { Database } from '../../infrastructure/database/database';
import type { Position } from '../../infrastructure/event-store/event-store';
import { fileUrl } from '../../infrastructure/files';
import { findUser } from '../../projections/users/queries';
import type { UserRow } from '../../projections/users/users';
import { answerOnceProjected } from '../read-your-writes';

// A user as the API answers it (identity, profile, the admin's user management).

export function toUserView(row: UserRow): UserView {
  const fullName = [row.first_name, row.last_name].filter(Boolean).join(' ') || null;
  return {
    uuid: row.uuid,
    user_type: row.user_type,
    status: row.status,
    first_name: row.first_name,
    last_name: row.last_name,
    full_name: fullName,
    email: row.email,
    email_verified: row.email_verified,
    country_code: row.country_code,
    mobile_number: row.mobile_number,
    fsp:
      row.user_type === 'fsp'
        ? {
            organisation: { uuid: row.organisation_uuid, name: row.organisation_name },
            provider_type: row.provider_type,
            provider_type_label: providerTypeLabels[row.provider_type === 'financial_institution' ? 'financial_institution' : 'broker'],
            membership_type: row.membership_type,
            membership_value: row.membership_value,
            acl_number: row.acl_number,
            lender_since: row.lender_since,
            bids_accepted_limit: row.bids_accepted_limit,
            bids_contacted_limit: row.bids_contacted_limit,
            // A provider's deals now accepted and now contacted: /v1/users/me reads them (the deals counters); the
            // user lists do not, one query per row.
            total_accepted_bids: 0,
            total_contacted_bids: 0,
            // spec 3 §4 "Auto-bidding": the review period choices go up to this (default 14).
            max_auto_bidding_review_period: maxAutoBiddingReviewPeriodOf(row.uuid),
          }
        : null,
    address: row.address,
    avatar_url: row.avatar_file_id ? fileUrl(row.avatar_file_id) : null,
    date_of_birth: row.date_of_birth,
    created_at: row.created_at.toISOString(),
  };
}

/** The user once the change is readable; 202 with the id if the users read model lags. */
export async function answerUser(db: Database, reply: FastifyReply, userId: string, position: Position | null, status: 200 | 201 = 200) {
  await answerOnceProjected(db, reply, ['users'], position);
  const row = await findUser(db, userId);
  return row ? reply.code(status).send(toUserView(row)) : reply.code(202).send({ uuid: userId });
}
