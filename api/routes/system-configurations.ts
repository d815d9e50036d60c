import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeSystemConfiguration } from '../../application/system-configurations/change-system-configuration';
import { findSystemConfiguration } from '../../domain/system-configuration/catalogue';
import { systemConfigurationErrors } from '../../domain/system-configuration/decider';
import {
  changeSystemConfigurationBody,
  systemConfigurationList,
  systemConfigurationView,
  systemConfigurationViews,
} from '../../domain/system-configuration/schemas';
import { readSettings } from '../../infrastructure/system-settings';
import { allow, callerOf } from '../access';
import { commandContext } from '../command-context';
import type { AppDependencies } from '../dependencies';
import { domainProblem } from '../domain-problems';
import { problemResponses, sendProblem } from '../problem';
import { answerPosition } from '../read-your-writes';

const TAGS = ['system configurations'];
const notFound = () => domainProblem({ code: systemConfigurationErrors.notFound, message: 'System configuration not found.' });

/**
 * Spec 3 §7 "System configurations". Any admin, also one without the `view` permission: spec 1 §2 keeps System
 * Configurations in that admin's sidebar. Reads fold the settings stream, so they never lag a change.
 */
export const systemConfigurationRoutes =
  (deps: AppDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const { store, clock } = deps;

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
        const result = await changeSystemConfiguration(deps, { key: uuid ?? key ?? '', value, changedBy: callerOf(request).userId }, commandContext(request, clock));
        // A wrong value is the value field's fault; an unknown setting is nobody's field.
        if (!result.ok) return sendProblem(reply, domainProblem(result.error, result.error.code === systemConfigurationErrors.notFound ? {} : { field: 'value' }));
        answerPosition(reply, result.position);
        return systemConfigurationViews(result.settings).find((v) => v.key === result.key) ?? sendProblem(reply, notFound());
      },
    );
  };
