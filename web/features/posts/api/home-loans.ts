import type { HomeLoanDraft, HomeLoanPreferences, HomeLoanPreferencesChanges } from '../../../../domain/post/schemas';
import { homeLoanPreferencesView, homeLoanView } from '../../../../contracts/post';
import { apiFetch } from '../../../lib/api-fetch';

// The primary home loan and its preferences (spec 2 §7). Errors name `home_loan.<field>` and
// `home_loan_preferences.<field>` (web/lib/server-errors.ts strips the prefix).

/** `POST /v2/posts/{id}/home_loans {home_loan}`: a draft while the post is pending (only given fields checked). */
export function createHomeLoan(postUuid: string, homeLoan: HomeLoanDraft) {
  return apiFetch(`/v2/posts/${encodeURIComponent(postUuid)}/home_loans`, { method: 'POST', body: { home_loan: homeLoan }, schema: homeLoanView });
}

/** `PATCH /v2/home_loans/{id} {home_loan}`: only the fields sent change; null clears one (while pending). */
export function updateHomeLoan(homeLoanUuid: string, changes: HomeLoanDraft) {
  return apiFetch(`/v2/home_loans/${encodeURIComponent(homeLoanUuid)}`, { method: 'PATCH', body: { home_loan: changes }, schema: homeLoanView });
}

/** `POST /v2/home_loans/{id}/home_loan_preferences {home_loan_preferences}` (`defaultPreferences` at first). */
export function createPreferences(homeLoanUuid: string, preferences: HomeLoanPreferences) {
  return apiFetch(`/v2/home_loans/${encodeURIComponent(homeLoanUuid)}/home_loan_preferences`, {
    method: 'POST',
    body: { home_loan_preferences: preferences },
    schema: homeLoanPreferencesView,
  });
}

/** `PATCH /v2/home_loan_preferences/{id} {home_loan_preferences}`. */
export function updatePreferences(preferencesUuid: string, changes: HomeLoanPreferencesChanges) {
  return apiFetch(`/v2/home_loan_preferences/${encodeURIComponent(preferencesUuid)}`, {
    method: 'PATCH',
    body: { home_loan_preferences: changes },
    schema: homeLoanPreferencesView,
  });
}
