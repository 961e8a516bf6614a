/**
 * Configuration: the only reader of `process.env` (CONVENTIONS.md section 3).
 *
 * Every variable is documented in README.md ("Configuration"). `loadConfig()` validates the
 * environment with zod and returns a frozen, typed object; an invalid value throws a ZodError
 * at start-up, before anything listens.
 */
import path from 'node:path';
import { z } from 'zod';
import { NEWS_IMPORT_MAX_BYTES, NEWS_IMPORT_MAX_ROWS } from '../contract/limits';
import { TITLE_MAX } from '../contract/news';
import { MAX_QUEUE_SIRENS } from '../contract/rne';

/** Memory (KiB) and iterations of an argon2id hash. */
export interface PasswordHashCost {
  memoryCost: number;
  timeCost: number;
}

/** OWASP's argon2id parameters: 19 MiB, 2 iterations (the default of ARGON2_MEMORY_KIB / ARGON2_ITERATIONS). */
export const PRODUCTION_PASSWORD_HASH_COST: Readonly<PasswordHashCost> = Object.freeze({ memoryCost: 19456, timeCost: 2 });

/**
 * The limits of a stock file. The real files (INSEE, 2025-2026): StockUniteLegale about 29 M rows and 4 GB of CSV,
 * StockEtablissement about 42 M rows and 9 GB, lines under 2 KB, zips that inflate about 5 times.
 */
export interface SireneLimits {
  /** Longest line, in bytes (SIRENE_MAX_LINE_BYTES). */
  maxLineBytes: number;
  /** Most data rows (lines after the header; SIRENE_MAX_ROWS). */
  maxRows: number;
  /** Most bytes of CSV, counted once inflated (SIRENE_MAX_CSV_BYTES). */
  maxCsvBytes: number;
  /** Most times a zip's CSV may outgrow the zip read so far (SIRENE_MAX_ZIP_RATIO). */
  maxZipRatio: number;
  /** CSV bytes read before the ratio is checked (a small file compresses better than a stock). */
  zipRatioFloorBytes: number;
}

/** Default limits: about twice the real stock files (see SireneLimits). */
export const DEFAULT_SIRENE_LIMITS: Readonly<SireneLimits> = Object.freeze({
  maxLineBytes: 64 * 1024,
  maxRows: 100_000_000,
  maxCsvBytes: 32 * 1024 ** 3,
  maxZipRatio: 50,
  zipRatioFloorBytes: 16 * 1024 * 1024,
});

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Names proxy-addr (Fastify's `trustProxy`) accepts beside addresses and CIDRs. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const proxyEntry = z.union([z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()]);

/**
 * TRUST_PROXY: unset / `false` / `0` = no proxy (X-Forwarded-For ignored);
 * a hop count `n` = trust the n nearest hops (the peer and n - 1 X-Forwarded-For entries); else a
 * comma-separated list of proxy addresses, CIDRs or proxy-addr names (`loopback`, `linklocal`,
 * `uniquelocal`). Either way the client IP is the first untrusted hop counted from the right of
 * X-Forwarded-For, never the leftmost entry, which the client writes. `true` (the old "trust everything")
 * is refused with a message saying what to write instead.
 */
const trustProxyValue = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const v = (raw ?? '').trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (v === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true is no longer accepted: it took the leftmost X-Forwarded-For entry, which the client writes. ' +
          'Name the proxies (e.g. TRUST_PROXY=127.0.0.1 or TRUST_PROXY=10.0.0.0/8) or give their number (TRUST_PROXY=1).',
      });
      return z.NEVER;
    }
    if (/^[0-9]{1,2}$/.test(v)) return Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !PROXY_NAMES.has(e) && !proxyEntry.safeParse(e).success);
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `TRUST_PROXY must be false, a hop count, or a comma-separated list of proxy addresses or CIDRs; invalid: ${bad.map((e) => JSON.stringify(e)).join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** An http(s) URL, or unset / empty (the scheduled fetch of that feed is off). */
const optionalHttpUrl = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined))
  .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s) URL');

/** A five-field cron expression (minute hour day-of-month month day-of-week), as pg-boss reads it. */
const cron = z.string().regex(/^\s*(\S+\s+){4}\S+\s*$/, 'must be a cron expression of 5 fields, e.g. "0 6 * * *"');

/** A whole number of at least `min` (`unit` names it in the message); unset or empty: `fallback`. */
function wholeNumberOr(fallback: number, min: number, unit: string, digits = 10) {
  return z
    .string()
    .optional()
    .transform((v) => (v ? v : String(fallback)))
    .pipe(z.string().regex(new RegExp(`^[0-9]{1,${digits}}$`), `must be a whole number of ${unit}`).transform(Number))
    .refine((v) => v >= min, `must be at least ${min} ${unit}`);
}

/** Default time limit of one SQL statement on PostgreSQL (DB_STATEMENT_TIMEOUT_MS), in milliseconds. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().optional().transform((v) => (v ? v : undefined)),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().optional().transform((v) => (v ? v : undefined)),
  APP_KEY: z.string().optional().transform((v) => (v ? v : undefined)),
  COOKIE_SECURE: bool,
  MFA_REQUIRED: bool,
  TRUST_PROXY: trustProxyValue,
  API_DOCS_URL: z.string().url().default('https://api.example.com/docs'),
  COMPANY_PAGE_URL: z
    .string()
    .refine((v) => v.includes('{siren}'), 'must contain {siren}')
    .default('https://annuaire-entreprises.data.gouv.fr/entreprise/{siren}'),
  REGISTER_PAGE_URL: z
    .string()
    .refine((v) => v.includes('{siren}'), 'must contain {siren}')
    .default('https://data.inpi.fr/entreprises/{siren}'),
  DB_STATEMENT_TIMEOUT_MS: z
    .string()
    .regex(/^[0-9]{1,9}$/, 'must be a whole number of milliseconds (0: no limit)')
    .default(String(DEFAULT_STATEMENT_TIMEOUT_MS))
    .transform(Number),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  FEED_BODACC_URL: optionalHttpUrl,
  FEED_SIRENE_URL: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(/[\s,]+/).filter(Boolean))
    .refine((list) => list.every((u) => /^https?:\/\/\S+$/.test(u)), 'must be http(s) URLs, separated by commas or spaces'),
  FEED_BODACC_CRON: cron.default('0 6 * * *'),
  FEED_SIRENE_CRON: cron.default('0 5 2 * *'),
  FEED_INBOX: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  FEED_INBOX_SETTLE_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  FEED_CONFIRM_THRESHOLD: z.coerce.number().int().min(0).default(10_000),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(400),
  AUDIT_PURGE_CRON: cron.default('15 3 * * *'),
  RNE_API_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
    .default('https://registre-national-entreprises.inpi.fr')
    .transform((v) => v.replace(/\/+$/, '')),
  RNE_WORKER: z
    .enum(['on', 'off', 'true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'on' || v === 'true' || v === '1'),
  RNE_REQUESTS_PER_MINUTE: z
    .string()
    .regex(/^[0-9]{1,6}$/, 'must be a whole number of requests per minute (0: no limit)')
    .default('0')
    .transform(Number),
  RNE_TIMEOUT_MS: z
    .string()
    .regex(/^[0-9]{1,7}$/, 'must be a whole number of milliseconds')
    .default('20000')
    .transform(Number),
  RNE_MAX_RESPONSE_BYTES: wholeNumberOr(32 * 1024 * 1024, 1024, 'bytes'),
  RNE_MAX_ITEMS: wholeNumberOr(10_000, 1, 'items'),
  FEED_HTTP_TIMEOUT_MS: wholeNumberOr(60_000, 100, 'milliseconds'),
  FEED_HTTP_IDLE_MS: wholeNumberOr(30_000, 100, 'milliseconds'),
  FEED_BODACC_MAX_BYTES: wholeNumberOr(32 * 1024 * 1024, 1024, 'bytes'),
  FEED_SIRENE_MAX_BYTES: wholeNumberOr(4 * 1024 ** 3, 1024, 'bytes'),
  FEED_SIRENE_TIMEOUT_MS: wholeNumberOr(3_600_000, 100, 'milliseconds'),
  FEED_FETCH_ATTEMPTS: wholeNumberOr(4, 1, 'attempts'),
  FEED_FETCH_BACKOFF_MS: wholeNumberOr(5000, 0, 'milliseconds'),
  FEED_TOKEN: z.string().optional().transform((v) => (v ? v : undefined)),
  FEED_PUSH_MAX_SIRENS: wholeNumberOr(MAX_QUEUE_SIRENS, 1, 'SIRENs').refine((v) => v <= MAX_QUEUE_SIRENS, `must be at most ${MAX_QUEUE_SIRENS} SIRENs`),
  FEED_PUSH_MAX_WAITING: wholeNumberOr(1_000_000, 1, 'SIRENs'),
  ARGON2_MEMORY_KIB: wholeNumberOr(PRODUCTION_PASSWORD_HASH_COST.memoryCost, 8, 'KiB'),
  ARGON2_ITERATIONS: wholeNumberOr(PRODUCTION_PASSWORD_HASH_COST.timeCost, 1, 'iterations'),
  NEWS_IMPORT_MAX_BYTES: wholeNumberOr(NEWS_IMPORT_MAX_BYTES, 1024 * 1024, 'bytes'),
  NEWS_IMPORT_MAX_ROWS: wholeNumberOr(NEWS_IMPORT_MAX_ROWS, 1, 'rows'),
  NEWS_TEMPORARY_TITLE_MAX_CHARS: wholeNumberOr(1000, TITLE_MAX + 1, 'characters'),
  SIRENE_MAX_LINE_BYTES: wholeNumberOr(DEFAULT_SIRENE_LIMITS.maxLineBytes, 2048, 'bytes'),
  SIRENE_MAX_ROWS: wholeNumberOr(DEFAULT_SIRENE_LIMITS.maxRows, 1, 'rows'),
  SIRENE_MAX_CSV_BYTES: wholeNumberOr(DEFAULT_SIRENE_LIMITS.maxCsvBytes, 1024 * 1024, 'bytes', 15),
  SIRENE_MAX_ZIP_RATIO: wholeNumberOr(DEFAULT_SIRENE_LIMITS.maxZipRatio, 2, 'times'),
  API_ONLY: bool,
  API_TOKEN_TTL_SECONDS: wholeNumberOr(3600, 60, 'seconds'),
  API_RATE_LIMIT: wholeNumberOr(600, 1, 'requests'),
  API_RATE_LIMIT_SANDBOX: wholeNumberOr(120, 1, 'requests'),
  API_RATE_LIMIT_WINDOW_MS: wholeNumberOr(60_000, 1000, 'milliseconds'),
  API_TOKEN_RATE_LIMIT: wholeNumberOr(60, 1, 'requests'),
  API_USAGE_FLUSH_MS: wholeNumberOr(5000, 50, 'milliseconds'),
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^rediss?:\/\/\S+$/.test(v), 'must be a redis:// or rediss:// URL'),
  REDIS_PREFIX: z
    .string()
    .optional()
    .transform((v) => v || 'vigie')
    .refine((v) => /^[A-Za-z0-9_.:-]{1,64}$/.test(v), 'at most 64 letters, digits and _ . : -'),
  SANDBOX_DATABASE_URL: z.string().optional().transform((v) => (v ? v : undefined)),
});

/** Typed application configuration; each duration says its unit (`…Ms` in milliseconds, the session's in seconds). */
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
  /** Every administrator must use a second factor (TOTP): one without it may only enrol until done. */
  mfaRequired: boolean;
  /**
   * Fastify's `trustProxy`: false (no proxy), a hop count, or proxy addresses / CIDRs. The client IP (sign-in
   * throttle, sessions) is the first untrusted X-Forwarded-For hop from the right.
   */
  trustProxy: false | number | string[];
  apiDocsUrl: string;
  /** External company page, `{siren}` replaced by the SIREN (update log links). */
  companyPageUrl: string;
  /** External register-manager page, `{siren}` replaced by the SIREN. */
  registerPageUrl: string;
  logLevel: string;
  /**
   * `statement_timeout` of every PostgreSQL connection, in milliseconds (0: none); a cancelled query answers
   * 503. Not applied by PGlite (one connection, no timer). Migrations run without it.
   */
  dbStatementTimeoutMs: number;
  /**
   * Scheduled fetch, off while the URL is unset: the Opendatasoft records endpoint of
   * `annonces-commerciales` (v2.1), read daily, and the INSEE monthly stock zips (StockUniteLegale, then
   * StockEtablissement if given), read monthly.
   */
  feedBodaccUrl?: string;
  feedSireneUrls: string[];
  /** Cron expressions (Europe/Paris time) of the two fetches. */
  feedBodaccCron: string;
  feedSireneCron: string;
  /** Whether the inbox folders `dataDir/inbox/{sirene,bodacc}/` are watched (default true). */
  feedInbox: boolean;
  /** Quiet time (ms) before a file of the inbox is taken: its size and modification time unchanged for that long. */
  feedInboxSettleMs: number;
  /**
   * Most update-log entries, or SIRENs queued for the RNE, that a feed file uploaded from the screens may write
   * before the operator is asked to confirm (FEED_CONFIRM_THRESHOLD, default 10,000; server/jobs/confirmation.ts).
   * The CLI, the inbox and the scheduled fetch are never asked.
   */
  feedConfirmThreshold: number;
  /** Days an audit entry is kept (AUDIT_RETENTION_DAYS, default 400; 0: for ever); server/modules/audit/retention.ts. */
  auditRetentionDays: number;
  /** Cron expression (Europe/Paris) of the daily audit purge (AUDIT_PURGE_CRON, default 03:15). */
  auditPurgeCron: string;
  /** Base URL of the INPI RNE API, without a trailing slash: `/api/sso/login`, `/api/companies/{siren}`… are appended. */
  rneApiUrl: string;
  /** Whether the RNE worker starts with the server (`RNE_WORKER=on`). `npm run worker` runs it alone. */
  rneWorker: boolean;
  /** Requests per minute allowed per RNE account (0: no limit). */
  rneRequestsPerMinute: number;
  /** Total time limit of one RNE API call, headers and body, in milliseconds. */
  rneTimeoutMs: number;
  /** Most bytes of one RNE answer (login, company record, attachments) read before it is dropped. */
  rneMaxResponseBytes: number;
  /** Most items in one list of an RNE record (officers, beneficial owners, each kind of filing); a larger record is refused. */
  rneMaxItems: number;
  /**
   * Limits of the scheduled fetch's calls (server/lib/outside-http.ts): total time of one BODACC page or HEAD,
   * longest wait between two chunks of any body, bytes of one BODACC page, bytes and total time of one stock
   * download attempt (a timed-out download resumes at the next attempt), attempts and first back-off of the retries.
   */
  feedHttp: { timeoutMs: number; idleMs: number; bodaccMaxBytes: number; sireneMaxBytes: number; sireneTimeoutMs: number; attempts: number; backoffMs: number };
  /** Bearer token of `POST /api/feeds/queues/{queue}`; undefined: the call is off (404). Never logged. */
  feedToken?: string;
  /** Most SIRENs one feed push may carry (FEED_PUSH_MAX_SIRENS, at most the contract's 10,000 of one add). */
  feedPushMaxSirens: number;
  /** Most entries a queue may hold waiting for a feed push to add to it (FEED_PUSH_MAX_WAITING); past it the push is refused (429). */
  feedPushMaxWaiting: number;
  /**
   * Cost of the argon2id hash of new passwords (ARGON2_MEMORY_KIB, ARGON2_ITERATIONS); OWASP's 19 MiB and 2
   * iterations unless set. The tests lower it: a hash keeps its own cost, so either cost verifies.
   */
  passwordHashCost: PasswordHashCost;
  /**
   * Limits of the news CSV import (NEWS_IMPORT_MAX_BYTES, whole MiB in the refusal; NEWS_IMPORT_MAX_ROWS): the
   * contract's 50 MiB and 1,000,000 data rows unless set. The tests lower them to reach them quickly; the screens
   * state the contract's values.
   */
  newsImport: { maxBytes: number; maxRows: number };
  /**
   * Characters an imported news row keeps of a title over the 500 allowed (NEWS_TEMPORARY_TITLE_MAX_CHARS, 1,000
   * unless set, at least 501): the row is in error anyway; its title is cut with « … » and its error gives the real length.
   */
  newsTemporaryTitleMaxChars: number;
  /**
   * Limits of an INSEE Sirene stock file (SIRENE_MAX_LINE_BYTES, SIRENE_MAX_ROWS, SIRENE_MAX_CSV_BYTES once
   * inflated, SIRENE_MAX_ZIP_RATIO): about twice the real stock unless set; past one the import is refused
   * (SireneLimits above).
   */
  sireneLimits: Readonly<SireneLimits>;
  /** Absolute session lifetime (12 h) and idle timeout (2 h), in seconds. */
  sessionMaxAge: number;
  sessionIdle: number;
  /** The customer API (server/api): `/oauth/token` and `/v1`. */
  api: Readonly<{
    /** API_ONLY: the process serves `/oauth`, `/v1` and `/healthz` only (no back-office, no background jobs). */
    only: boolean;
    tokenTtlSeconds: number;
    /** Calls per customer and environment per `rateLimitWindowMs`, Prod and Sandbox. */
    rateLimit: number;
    rateLimitSandbox: number;
    rateLimitWindowMs: number;
    /** Token requests per client IP per `rateLimitWindowMs`. */
    tokenRateLimit: number;
    /** How often each process adds its usage counters to `api_usage_daily`. */
    usageFlushMs: number;
    /** Redis shared by the rate limits of several processes; in memory when unset. */
    redisUrl?: string;
    /** REDIS_PREFIX: first part of the rate-limit keys in Redis ('vigie'); deployments sharing one Redis each need their own. */
    redisPrefix: string;
    /** PostgreSQL database of the sandbox data set; an embedded in-memory database per process when unset. */
    sandboxDatabaseUrl?: string;
  }>;
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
    mfaRequired: e.MFA_REQUIRED,
    trustProxy: e.TRUST_PROXY,
    apiDocsUrl: e.API_DOCS_URL,
    companyPageUrl: e.COMPANY_PAGE_URL,
    registerPageUrl: e.REGISTER_PAGE_URL,
    logLevel: e.LOG_LEVEL,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    feedBodaccUrl: e.FEED_BODACC_URL,
    feedSireneUrls: e.FEED_SIRENE_URL,
    feedBodaccCron: e.FEED_BODACC_CRON.trim(),
    feedSireneCron: e.FEED_SIRENE_CRON.trim(),
    feedInbox: e.FEED_INBOX,
    feedInboxSettleMs: e.FEED_INBOX_SETTLE_MS,
    feedConfirmThreshold: e.FEED_CONFIRM_THRESHOLD,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    auditPurgeCron: e.AUDIT_PURGE_CRON.trim(),
    rneApiUrl: e.RNE_API_URL,
    rneWorker: e.RNE_WORKER,
    rneRequestsPerMinute: e.RNE_REQUESTS_PER_MINUTE,
    rneTimeoutMs: e.RNE_TIMEOUT_MS,
    rneMaxResponseBytes: e.RNE_MAX_RESPONSE_BYTES,
    rneMaxItems: e.RNE_MAX_ITEMS,
    feedHttp: Object.freeze({
      timeoutMs: e.FEED_HTTP_TIMEOUT_MS,
      idleMs: e.FEED_HTTP_IDLE_MS,
      bodaccMaxBytes: e.FEED_BODACC_MAX_BYTES,
      sireneMaxBytes: e.FEED_SIRENE_MAX_BYTES,
      sireneTimeoutMs: e.FEED_SIRENE_TIMEOUT_MS,
      attempts: e.FEED_FETCH_ATTEMPTS,
      backoffMs: e.FEED_FETCH_BACKOFF_MS,
    }),
    feedToken: e.FEED_TOKEN,
    feedPushMaxSirens: e.FEED_PUSH_MAX_SIRENS,
    feedPushMaxWaiting: e.FEED_PUSH_MAX_WAITING,
    passwordHashCost: Object.freeze({ memoryCost: e.ARGON2_MEMORY_KIB, timeCost: e.ARGON2_ITERATIONS }),
    newsImport: Object.freeze({ maxBytes: e.NEWS_IMPORT_MAX_BYTES, maxRows: e.NEWS_IMPORT_MAX_ROWS }),
    newsTemporaryTitleMaxChars: e.NEWS_TEMPORARY_TITLE_MAX_CHARS,
    sireneLimits: Object.freeze({
      ...DEFAULT_SIRENE_LIMITS,
      maxLineBytes: e.SIRENE_MAX_LINE_BYTES,
      maxRows: e.SIRENE_MAX_ROWS,
      maxCsvBytes: e.SIRENE_MAX_CSV_BYTES,
      maxZipRatio: e.SIRENE_MAX_ZIP_RATIO,
    }),
    sessionMaxAge: 12 * 3600,
    sessionIdle: 2 * 3600,
    api: Object.freeze({
      only: e.API_ONLY,
      tokenTtlSeconds: e.API_TOKEN_TTL_SECONDS,
      rateLimit: e.API_RATE_LIMIT,
      rateLimitSandbox: e.API_RATE_LIMIT_SANDBOX,
      rateLimitWindowMs: e.API_RATE_LIMIT_WINDOW_MS,
      tokenRateLimit: e.API_TOKEN_RATE_LIMIT,
      usageFlushMs: e.API_USAGE_FLUSH_MS,
      redisUrl: e.REDIS_URL,
      redisPrefix: e.REDIS_PREFIX,
      sandboxDatabaseUrl: e.SANDBOX_DATABASE_URL,
    }),
  });
}
