import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findSystemConfiguration } from '../../domain/system-configuration/catalogue';
import { settingsOf, systemConfigurationDecider, systemConfigurationErrors } from '../../domain/system-configuration/decider';
import { SYSTEM_CONFIGURATION_STREAM } from '../../domain/system-configuration/events';
import {
  changeSystemConfigurationBody,
  systemConfigurationList,
  systemConfigurationView,
  systemConfigurationViews,
} from '../../domain/system-configuration/schemas';
import { handleCommand } from '../../infrastructure/command-handler';
import { readSettings } from '../../infrastructure/system-settings';
import { allow, callerOf } from '../access';
import type { AppDependencies } from '../dependencies';
import { problem, problemResponses, sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';

const TAGS = ['system configurations'];
const notFound = () => problem(404, systemConfigurationErrors.notFound, 'System configuration not found.');

/**
 * Spec 3 §7 "System configurations". Any admin, also one without the `view` permission: spec 1 §2 keeps System
 * Configurations in that admin's sidebar. Reads fold the settings stream, so they never lag a change.
 */
export const systemConfigurationRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { store, clock, ids } = deps;

    app.addHook('onRequest', allow(deps, { userTypes: ['admin'] }));

    app.get(
      '/v1/system_configurations',
      {
        schema: {
          tags: TAGS,
          summary: 'Every system configuration with its current value (defaults where unchanged)',
          response: { 200: systemConfigurationList, ...problemResponses },
        },
      },
      async () => {
        const result = systemConfigurationViews(await readSettings(store));
        return { total_records: result.length, result };
      },
    );

    app.get(
      '/v1/system_configurations/:uuid',
      {
        schema: {
          tags: TAGS,
          summary: 'One system configuration (by uuid; its key is accepted too)',
          params: z.object({ uuid: z.string().max(100) }),
          response: { 200: systemConfigurationView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const setting = findSystemConfiguration(request.params.uuid);
        if (!setting) return sendProblem(reply, notFound());
        const view = systemConfigurationViews(await readSettings(store)).find((v) => v.key === setting.key);
        return view ?? sendProblem(reply, notFound());
      },
    );

    app.patch(
      '/v1/system_configurations',
      {
        schema: {
          tags: TAGS,
          summary: 'Change one system configuration: {system_configuration: {key or uuid, value}}',
          body: changeSystemConfigurationBody,
          response: { 200: systemConfigurationView, ...problemResponses },
        },
      },
      async (request, reply) => {
        const { key, uuid, value } = request.body.system_configuration;
        const caller = callerOf(request);
        const result = await handleCommand({
          store,
          ids,
          streamId: SYSTEM_CONFIGURATION_STREAM,
          decider: systemConfigurationDecider,
          command: { type: 'ChangeSystemConfiguration', data: { key: uuid ?? key ?? '', value, changed_by: caller.userId } },
          context: { userId: caller.userId, correlationId: request.id, causationId: null, now: clock.now() },
        });
        if (!result.ok) {
          if (result.error.code === systemConfigurationErrors.notFound) return sendProblem(reply, notFound());
          return sendProblem(reply, problem(422, result.error.code, result.error.message, { value: [result.error.message] }));
        }
        answerPosition(reply, result.position);
        // The decider found the setting, so its view is in the list.
        const changedKey = findSystemConfiguration(uuid ?? key ?? '')?.key;
        return systemConfigurationViews(settingsOf(result.state)).find((v) => v.key === changedKey) ?? sendProblem(reply, notFound());
      },
    );
  };
