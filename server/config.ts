/**
 * Configuration: the only reader of `process.env` (CONVENTIONS.md section 3).
 *
 * Every variable is documented in README.md ("Configuration"). `loadConfig()` validates the
 * environment with zod and returns a frozen, typed object; an invalid value throws a ZodError
 * at start-up, before anything listens.
 */
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional().transform((v) => (v ? v : undefined)),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().optional().transform((v) => (v ? v : undefined)),
  APP_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  COOKIE_SECURE: bool,
  TRUST_PROXY: bool,
  API_DOCS_URL: z.string().url().default('https://api.example.com/docs'),
  COMPANY_PAGE_URL: z
    .string()
    .refine((v) => v.includes('{siren}'), 'must contain {siren}')
    .default('https://annuaire-entreprises.data.gouv.fr/entreprise/{siren}'),
  REGISTER_PAGE_URL: z
    .string()
    .refine((v) => v.includes('{siren}'), 'must contain {siren}')
    .default('https://data.inpi.fr/entreprises/{siren}'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Typed application configuration (all durations in seconds). */
export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the data directory (embedded database, generated key). */
  dataDir: string;
  /** PostgreSQL URL; undefined means the embedded PGlite database under `dataDir/pglite`. */
  databaseUrl?: string;
  adminEmail: string;
  adminPassword?: string;
  /** Raw `APP_KEY` value (`base64:...` or 64 hex chars); undefined: generated into `dataDir`. */
  appKey?: string;
  cookieSecure: boolean;
  /** Behind a reverse proxy: take the client IP (sign-in throttle, sessions) from X-Forwarded-For. */
  trustProxy: boolean;
  apiDocsUrl: string;
  /** External company page, `{siren}` replaced by the SIREN (update log links). */
  companyPageUrl: string;
  /** External register-manager page, `{siren}` replaced by the SIREN. */
  registerPageUrl: string;
  logLevel: string;
  /** Absolute session lifetime (12 h) and idle timeout (2 h), in seconds. */
  sessionMaxAge: number;
  sessionIdle: number;
}

/**
 * Reads and validates the environment.
 * @param env - the environment to read (default `process.env`)
 * @throws ZodError when a variable has an invalid value
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = envSchema.parse(env);
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    adminEmail: e.ADMIN_EMAIL.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    appKey: e.APP_KEY,
    cookieSecure: e.COOKIE_SECURE,
    trustProxy: e.TRUST_PROXY,
    apiDocsUrl: e.API_DOCS_URL,
    companyPageUrl: e.COMPANY_PAGE_URL,
    registerPageUrl: e.REGISTER_PAGE_URL,
    logLevel: e.LOG_LEVEL,
    sessionMaxAge: 12 * 3600,
    sessionIdle: 2 * 3600,
  });
}
