import { z } from 'zod';

// Configuration is read here once, checked, and frozen; nothing else reads process.env.
const configSchema = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  EVENTSTORE_URL: z.string().regex(/^(esdb|kurrentdb|kdb)(\+discover)?:\/\//, 'must be an esdb:// connection string').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  // The reverse proxies whose X-Forwarded-For is believed: addresses, CIDRs or loopback/linklocal/uniquelocal, comma-separated.
  TRUST_PROXY: z
    .string()
    .regex(/^([0-9a-fA-F.:/]+|loopback|linklocal|uniquelocal)(\s*,\s*([0-9a-fA-F.:/]+|loopback|linklocal|uniquelocal))*$/, 'must be proxy addresses or CIDRs separated by commas')
    .optional(),
  // Connections this process may hold on the PostgreSQL server; several processes share its max_connections.
  DATABASE_POOL_SIZE: z.coerce.number().int().min(8).max(500).default(20),
  // Process roles (docs/operations.md "Process roles"): which parts this process runs.
  ROLE: z.enum(['all', 'api', 'worker'], { error: "must be 'all', 'api' or 'worker'" }).default('all'),
  PROJECTIONS: z
    .string()
    .regex(/^\s*[a-z0-9_-]+(\s*,\s*[a-z0-9_-]+)*\s*$/, "must be 'all' or consumer names separated by commas")
    .default('all'),
});

export type Config = Readonly<{
  databaseUrl: string | undefined;
  /** The pool's size on a PostgreSQL server (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  eventStoreUrl: string | undefined;
  smtpUrl: string | undefined;
  port: number;
  host: string;
  dataDir: string;
  /** Development mode opens screens that have no log-in yet (the organisations, until identity lands). */
  developmentMode: boolean;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  /** Where users reach the product: the base of the links in e-mails (activation, password recovery), no trailing slash. */
  publicUrl: string;
  /** Fastify's `trustProxy`: behind a proxy the client address (which rate limits count by) comes from X-Forwarded-For. */
  trustProxy: string | false;
  /** `all`: API, projections, scheduler and outbox; `api`: HTTP only; `worker`: projections, scheduler and outbox. */
  role: z.infer<typeof configSchema>['ROLE'];
  /** The consumers (projections and reactors) this process runs, by name; `all`: every one. Checked at start. */
  projections: 'all' | readonly string[];
}>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = configSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  const projections = c.PROJECTIONS.trim() === 'all' ? ('all' as const) : Object.freeze([...new Set(c.PROJECTIONS.split(',').map((name) => name.trim()))]);
  // Embedded PGlite belongs to one process: the parts cannot be split over several.
  if (c.ROLE !== 'all' && !c.DATABASE_URL) throw new Error(`Invalid configuration:\n  ROLE: '${c.ROLE}' needs a PostgreSQL server (DATABASE_URL); embedded PGlite runs only ROLE=all`);
  if (c.ROLE === 'api' && projections !== 'all') throw new Error('Invalid configuration:\n  PROJECTIONS: an api process runs no projections; set PROJECTIONS on the worker processes');
  return Object.freeze({
    databaseUrl: c.DATABASE_URL,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    eventStoreUrl: c.EVENTSTORE_URL,
    smtpUrl: c.SMTP_URL,
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    developmentMode: c.NODE_ENV !== 'production',
    logLevel: c.LOG_LEVEL,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    trustProxy: c.TRUST_PROXY ?? false,
    role: c.ROLE,
    projections,
  });
}
