import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../infrastructure/config';

/**
 * pino through Fastify. Requests are logged by method, route pattern and status only: query strings, bodies and
 * credentials may hold personal data or secrets and never reach the logs.
 */
export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'], remove: true },
    serializers: {
      req: (request: { method: string; routeOptions?: { url?: string }; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        route: request.routeOptions?.url ?? request.url.split('?')[0],
      }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
  };
}
