import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import qs from 'qs';
import type { AppDependencies, ExtraRoutes } from './dependencies';
import { onReadModelsReached } from '../projections/projection-status';
import { usersProjection } from '../projections/users/users';
import type { KnownCaller } from './authentication';
import { KnownCallers } from './known-callers';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import { registerTextInputCheck } from './plugins/text-input';
import { acceptanceRoutes } from './routes/acceptance';
import { bidRoutes } from './routes/bids';
import { bidTemplateRoutes } from './routes/bid-templates';
import { interactiveMatchRoutes } from './routes/interactive-matches';
import { activationRoutes } from './routes/activation';
import { dealActivityRoutes } from './routes/deal-activities';
import { dealRoutes } from './routes/deals';
import { externalDealRoutes } from './routes/external-deals';
import { conversationRoutes } from './routes/conversations';
import { messageRoutes } from './routes/messages';
import { reviewModerationRoutes } from './routes/review-moderation';
import { reviewRoutes } from './routes/reviews';
import { emailLinkRoutes } from './routes/email-links';
import { postNoteRoutes } from './routes/post-notes';
import { identityRoutes } from './routes/identity';
import { localityRoutes } from './routes/localities';
import { oauthRoutes } from './routes/oauth';
import { organisationRoutes } from './routes/organisations';
import { campaignRoutes } from './routes/campaigns';
import { leadRoutes } from './routes/leads';
import { financialInstitutionProductRoutes } from './routes/financial-institution-products';
import { offeredProductRoutes } from './routes/offered-products';
import { outboxRoutes } from './routes/outbox';
import { permissionRoutes } from './routes/permissions';
import { postListRoutes } from './routes/post-lists';
import { postPartRoutes } from './routes/post-parts';
import { postRoutes } from './routes/posts';
import { profileRoutes } from './routes/profile';
import { providerProfileRoutes } from './routes/provider-profile';
import { questionRoutes } from './routes/questions';
import { systemRoutes } from './routes/system';
import { systemConfigurationRoutes } from './routes/system-configurations';
import { documentTypeRoutes } from './routes/document-types';
import { userAdminRoutes } from './routes/users';
import { userManagementRoutes } from './routes/user-management';
import { teamRoutes } from './routes/team';
import { siteRoutes } from './routes/site';
import { statisticsRoutes } from './routes/statistics';
import { registerWebUi } from './web-ui';

export async function buildApp(given: AppDependencies, options: { logger?: FastifyServerOptions['logger']; routes?: readonly ExtraRoutes[] } = {}): Promise<FastifyInstance> {
  const callers = given.callers ?? (given.listen ? new KnownCallers<KnownCaller>({ listen: given.listen }) : undefined);
  const deps: AppDependencies = { ...given, ...(callers ? { callers } : {}) };
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: () => deps.ids.uuid(),
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorHandler,
    // `sorting[name]=asc&filter[status]=active` arrive as nested objects (DESIGN.md §5); depth and count bounded.
    routerOptions: { querystringParser: (text) => qs.parse(text, { depth: 2, arrayLimit: 20, parameterLimit: 100 }) },
  });
  // Graceful shutdown: responses finished after close() began ask the client to drop the connection, so keep-alive
  // sockets do not hold the server open until their timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const stopForgetting = callers
    ? onReadModelsReached(deps.db, (names) => {
        if (names.includes(usersProjection.name)) callers.forgetAll();
      })
    : null;
  app.addHook('onClose', async () => {
    stopForgetting?.();
    await callers?.close();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerTextInputCheck(app);

  // Security headers on every answer, from helmet's middleware made once (@fastify/helmet made it again for every
  // request, parsing the policy each time: 1% of the server's CPU per bid).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // Mantine sets CSS variables in style attributes and <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        // The product also runs on plain http (localhost, a private network); TLS is the proxy's job.
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));

  await app.register(swagger, {
    openapi: {
      info: { title: 'Home-loan auction marketplace API', version: '1.0.0', description: 'See docs/api.md for the conventions.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  await app.register(systemRoutes(deps));
  await app.register(organisationRoutes(deps));
  await app.register(campaignRoutes(deps));
  await app.register(leadRoutes(deps));
  await app.register(financialInstitutionProductRoutes(deps));
  await app.register(offeredProductRoutes(deps));
  await app.register(oauthRoutes(deps));
  await app.register(identityRoutes(deps));
  await app.register(userAdminRoutes(deps));
  await app.register(permissionRoutes(deps));
  await app.register(outboxRoutes(deps));
  await app.register(questionRoutes(deps));
  await app.register(profileRoutes(deps));
  await app.register(providerProfileRoutes(deps));
  await app.register(activationRoutes(deps));
  await app.register(userManagementRoutes(deps));
  await app.register(teamRoutes(deps));
  await app.register(localityRoutes(deps));
  await app.register(postRoutes(deps));
  await app.register(bidRoutes(deps));
  await app.register(bidTemplateRoutes(deps));
  await app.register(interactiveMatchRoutes(deps));
  await app.register(postPartRoutes(deps));
  await app.register(postListRoutes(deps));
  await app.register(systemConfigurationRoutes(deps));
  await app.register(documentTypeRoutes(deps));
  await app.register(acceptanceRoutes(deps));
  await app.register(dealRoutes(deps));
  await app.register(dealActivityRoutes(deps));
  await app.register(externalDealRoutes(deps));
  await app.register(messageRoutes(deps));
  await app.register(conversationRoutes(deps));
  await app.register(reviewRoutes(deps));
  await app.register(reviewModerationRoutes(deps));
  await app.register(statisticsRoutes(deps));
  await app.register(siteRoutes(deps));
  await app.register(emailLinkRoutes(deps));
  await app.register(postNoteRoutes(deps));
  for (const routes of options.routes ?? []) await app.register(routes(deps));

  await registerWebUi(app);
  return app;
}
