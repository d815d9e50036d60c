import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePermissions, permissionsContainerOf } from '../../application/users/change-permissions';
import { userNotFound } from '../../application/users/refusals';
import { userErrors } from '../../domain/user/decider';
import {
  effectivePermissions,
  managersMayChange,
  permissionKeys,
  permissionsPatchBody,
  permissionsView,
  toPermissionsView,
} from '../../domain/user/permissions';
import { findUser } from '../../projections/users/queries';
import type { UserRow } from '../../projections/users/users';
import { allow, callerOf, forbidden } from '../access';
import type { AppDependencies } from '../dependencies';
import type { Caller } from '../authentication';
import { commandContext } from '../command-context';
import { domainProblem } from '../domain-problems';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerOnceProjected } from '../read-your-writes';

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
    const { db, clock } = deps;
    const sendUserNotFound = (reply: FastifyReply) => sendProblem(reply, domainProblem(userNotFound));

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
        if (!target || !mayView(caller, target)) return target ? sendProblem(reply, forbidden()) : sendUserNotFound(reply);
        return toPermissionsView(permissionsContainerOf(target.uuid), target.uuid, effectivePermissions(target.user_type, target.permissions));
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
        if (!target || request.params.container !== permissionsContainerOf(target.uuid)) return sendUserNotFound(reply);
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
        const result = await changePermissions(deps, { userId: target.uuid, changes, changedBy: caller.userId }, commandContext(request, clock));
        if (!result.ok) return sendProblem(reply, domainProblem(result.error, result.error.code === userErrors.notFound ? {} : { field: 'base' }));
        // The new permissions count from the next request, which reads the users table.
        await answerOnceProjected(db, reply, ['users'], result.position);
        const row = (await findUser(db, target.uuid)) ?? target;
        return toPermissionsView(permissionsContainerOf(row.uuid), row.uuid, effectivePermissions(row.user_type, row.permissions));
      },
    );
  };
