/**
 * The NOTIFY channel that names a user (payload: the user's id) whenever who that user is as a caller changed: the
 * users read model's row (projections/users) or the user's sessions (infrastructure/tokens.ts). Each API process
 * listens and reads that caller again (api/known-callers.ts).
 */
export const CALLERS_CHANNEL = 'users_changed';
