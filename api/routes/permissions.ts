import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userDecider, userErrors } from '../../domain/user/decider';
import { userStream } from '../../domain/user/events';
import {
  effectivePermissions,
  managersMayChange,
  permissionKeys,
  permissionsPatchBody,
  permissionsView,
  toPermissionsView,
} from '../../domain/user/permissions';
import { handleCommand } from '../../infrastructure/command-handler';
import { derivedUuid } from '../../infrastructure/ids';
import { waitForProjections } from '../../projections/projection-status';
import { findUser } from '../../projections/users/queries';
import type { UserRow } from '../../projections/users/users';
import { allow, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import type { Caller } from '../authentication';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';

/** The permissions container of a user (spec 3 §7 "plus uuid"): one per user, so derived from the user's id. */
const containerUuid = (userId: string) => derivedUuid(userId, 'permissions');

/** A manager provider acts on the providers of the own organisation only (spec 3 §6). */
const managesWithinOrganisation = (caller: Caller, target: UserRow) =>
  caller.userType === 'fsp' &&
  caller.permissions.manage_permissions_for_fsps_within_org &&
  target.user_type === 'fsp' &&
  caller.organisationUuid !== null &&
  caller.organisationUuid === target.organisation_uuid;

const mayView = (caller: Caller, target: UserRow) =>
  caller.userId === target.uuid ||
  (caller.userType === 'admin' && (caller.permissions.view_permission || caller.permissions.update_permission)) ||
  managesWithinOrganisation(caller, target);

const mayChange = (caller: Caller, target: UserRow) =>
  (caller.userType === 'admin' && caller.permissions.update_permission) || managesWithinOrganisation(caller, target);

/** The permissions panel (spec 3 §2, §6, §7): read and change a user's stored permissions. */
export const permissionRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, store, clock, ids } = deps;
    const userNotFound = (reply: FastifyReply) => sendProblem(reply, problem(404, userErrors.notFound, 'User not found.'));

    app.get(
      '/v2/users/:id/permissions',
      {
        onRequest: allow(deps, { allowApproved: true }),
        schema: {
          tags: ['permissions'],
          summary: "A user's permissions grouped view, manage and bid (own, an admin's view, or a manager's team)",
          params: z.object({ id: z.uuid() }),
          response: { 200: permissionsView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const target = await findUser(db, request.params.id);
        // Whether someone exists is not told to those who may not see them.
        if (!target || !mayView(caller, target)) return target ? sendProblem(reply, forbidden()) : userNotFound(reply);
        return toPermissionsView(containerUuid(target.uuid), target.uuid, effectivePermissions(target.user_type, target.permissions));
      },
    );

    app.patch(
      '/v2/users/:id/permissions/:container',
      {
        onRequest: allow(deps),
        schema: {
          tags: ['permissions'],
          summary: 'Change some of a user\'s permissions (admins with update_permission; managers within the organisation)',
          params: z.object({ id: z.uuid(), container: z.uuid() }),
          body: permissionsPatchBody,
          response: { 200: permissionsView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const target = await findUser(db, request.params.id);
        if (!target || request.params.container !== containerUuid(target.uuid)) return userNotFound(reply);
        if (!mayChange(caller, target)) return sendProblem(reply, forbidden());
        if (caller.userId === target.uuid) {
          return sendProblem(reply, problem(403, 'OWN_PERMISSIONS', 'You cannot change your own permissions.'));
        }
        const changes = request.body.permissions;
        if (caller.userType !== 'admin') {
          const reserved = permissionKeys.filter((key) => changes[key] !== undefined && !managersMayChange(key));
          if (reserved.length > 0) {
            return sendProblem(reply, problem(403, 'PERMISSION_RESERVED', `Only an admin may change: ${reserved.join(', ')}.`));
          }
        }
        const result = await handleCommand({
          store,
          ids,
          streamId: userStream(target.uuid),
          decider: userDecider,
          command: { type: 'ChangePermissions', data: { user_id: target.uuid, permissions: changes, changed_by: caller.userId } },
          context: { userId: caller.userId, correlationId: request.id, causationId: null, now: clock.now() },
        });
        if (!result.ok) {
          if (result.error.code === userErrors.notFound) return userNotFound(reply);
          return sendProblem(reply, problem(422, result.error.code, result.error.message, { base: [result.error.message] }));
        }
        answerPosition(reply, result.position);
        // The new permissions count from the next request, which reads the users table.
        if (result.position) await waitForProjections(db, ['users'], result.position, { timeoutMs: 5000 });
        const row = (await findUser(db, target.uuid)) ?? target;
        return toPermissionsView(containerUuid(row.uuid), row.uuid, effectivePermissions(row.user_type, row.permissions));
      },
    );
  };
