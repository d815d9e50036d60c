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
});

export type Config = Readonly<{
  databaseUrl: string | undefined;
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
}>;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' ? undefined : v]));
  const parsed = configSchema.safeParse(blankToUndefined);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const c = parsed.data;
  return Object.freeze({
    databaseUrl: c.DATABASE_URL,
    eventStoreUrl: c.EVENTSTORE_URL,
    smtpUrl: c.SMTP_URL,
    port: c.PORT,
    host: c.HOST,
    dataDir: c.DATA_DIR,
    developmentMode: c.NODE_ENV !== 'production',
    logLevel: c.LOG_LEVEL,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
  });
}
