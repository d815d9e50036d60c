import type { InjectOptions } from 'fastify';
import { userDecider } from '../../domain/user/decider';
import { userStream } from '../../domain/user/events';
import type { UserStatus, UserType } from '../../domain/user/schemas';
import { type CommandContext, handleCommand } from '../../infrastructure/command-handler';
import type { EventStore, Position } from '../../infrastructure/event-store/event-store';
import { randomIds } from '../../infrastructure/ids';
import type { AppSecrets } from '../../infrastructure/secrets';
import { issueAccessToken, newSessionId } from '../../infrastructure/tokens';
import { registerUser } from '../../application/users/register-user';
import type { UserCommand } from '../../domain/user/commands';

// Users for tests, made through the same commands as the product makes them, with a real access token.

export const testPassword = 'Harbour-Bank-9';

export type TestUser = {
  id: string;
  email: string;
  userType: UserType;
  token: string;
  headers: { authorization: string };
};

export type UserSpec = {
  userType: UserType;
  /** Providers: pending (just signed up), approved, active (profile completed), rejected, suspended … */
  status?: UserStatus;
  organisationUuid?: string;
  email?: string;
  firstName?: string;
  /** The surname (`<Role> <letters>` otherwise). */
  lastName?: string;
  /** A number of this user's own (tests that look for it in answers); everyone shares 0412345678 otherwise. */
  mobileNumber?: string;
  /** A customer in `creating` who already gave the details and a password at the wizard's overview (can log in). */
  detailsGiven?: boolean;
};

let counter = 0;

/** Creates the user, moves it to the status asked for, and answers it with an access token. */
export async function createUser(
  deps: { store: EventStore; secrets: AppSecrets },
  spec: UserSpec,
): Promise<TestUser & { position: Position | null }> {
  counter += 1;
  const email = spec.email ?? `${spec.userType}-${counter}-${Date.now()}@test.example`;
  const context: CommandContext = { userId: null, correlationId: 'test', causationId: null, now: new Date() };
  // Letters only, so the names pass the name rule when a test saves them in a form.
  const suffix = [...counter.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('');
  const role = spec.userType === 'fsp' ? 'Provider' : spec.userType === 'admin' ? 'Admin' : 'Customer';
  const personal = { first_name: spec.firstName ?? 'Test', last_name: spec.lastName ?? `${role} ${suffix}`, email, country_code: '61', mobile_number: spec.mobileNumber ?? '0412345678' };
  const account =
    spec.userType === 'fsp'
      ? {
          user_type: 'fsp' as const,
          personal,
          password: testPassword,
          provider: {
            organisation_uuid: spec.organisationUuid ?? null,
            organisation_name: 'Harbour Bank',
            provider_type: 'broker' as const,
            membership_type: 'MFAA',
            membership_value: '123456',
            acl_number: '654321',
            lender_since: 2010,
          },
        }
      : spec.userType === 'admin'
        ? { user_type: 'admin' as const, personal, password: testPassword, created_by: null }
        : spec.status === 'creating' && spec.detailsGiven
          ? { user_type: 'customer' as const, personal, password: testPassword, status: 'creating' as const }
          : spec.status === 'creating'
          ? // The post wizard's visitor: no personal data yet.
            { user_type: 'customer' as const, personal: null, password: null, status: 'creating' as const }
          : { user_type: 'customer' as const, personal, password: testPassword, status: 'active' as const };
  const created = await registerUser({ ...deps, ids: randomIds }, account, context);
  if (!created.ok) throw new Error(`createUser: ${created.error.message}`);
  const userId = created.userId;
  let position = created.position;
  const run = async (command: UserCommand) => {
    const result = await handleCommand({ store: deps.store, ids: randomIds, streamId: userStream(userId), decider: userDecider, command, context });
    if (!result.ok) throw new Error(`createUser: ${result.error.message}`);
    position = result.position ?? position;
  };
  const status = spec.status ?? (spec.userType === 'fsp' ? 'active' : 'active');
  if (spec.userType === 'fsp' && status !== 'pending') {
    if (status === 'rejected') {
      await run({ type: 'ReviewProvider', data: { user_id: userId, decision: 'reject', message: 'Not now.' } });
    } else {
      const organisation = spec.organisationUuid ?? randomIds.uuid();
      await run({ type: 'ReviewProvider', data: { user_id: userId, decision: 'approve', organisation_uuid: organisation } });
      if (status !== 'approved') await run({ type: 'CompleteProviderProfile', data: { user_id: userId, avatar_file_id: null } });
    }
  }
  if (!['pending', 'approved', 'rejected', 'active', 'creating'].includes(status) || (spec.userType !== 'fsp' && status !== 'active' && status !== 'creating')) {
    await run({ type: 'ChangeUserStatus', data: { user_id: userId, status } });
  }
  const token = await issueAccessToken(deps.secrets.accessTokenKey, { userId, userType: spec.userType, sessionId: newSessionId() }, new Date());
  return { id: userId, email, userType: spec.userType, token, headers: { authorization: `Bearer ${token}` }, position };
}

/** Inject options with the user's token added. */
export const as = (user: Pick<TestUser, 'headers'>, options: InjectOptions): InjectOptions => ({
  ...options,
  headers: { ...options.headers, ...user.headers },
});
