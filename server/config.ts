/**
 * Configuration: the only reader of `process.env` (CONVENTIONS.md section 3).
 *
 * Every variable is documented on its schema in `envSchema` (EnvDoc metadata), from which `npm run config:docs`
 * generates docs/configuration.md. `loadConfig()` validates the environment with zod and returns a frozen, typed
 * object; an invalid value throws a ZodError at start-up, before anything listens.
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

/** The sections of docs/configuration.md, in the order they appear there. */
export const ENV_GROUPS = {
  server: 'Server, database and log',
  security: 'Security and sign-in',
  links: 'Links shown on the screens',
  feeds: 'Data feeds (INSEE Sirene, BODACC)',
  rne: 'Register (RNE)',
  imports: 'Import limits',
  audit: 'Audit trail',
  api: 'Customer API',
} as const;

/**
 * The documentation of one variable, kept on its zod schema as metadata (`.meta(…)`) and written into
 * docs/configuration.md by `npm run config:docs` (scripts/config-docs.ts), which refuses a variable without a
 * group, a description or its accepted values. Texts are Markdown; links are relative to docs/.
 */
export type EnvDoc = {
  /** The section of docs/configuration.md (a key of ENV_GROUPS). */
  group: keyof typeof ENV_GROUPS;
  /** What the variable does. */
  description: string;
  /** The values accepted, in words (the helpers below fill it in for the kinds they build). */
  values?: string;
  /** What leaving it unset means, when its default value alone does not say it. */
  unset?: string;
};

/** `true`/`1` or `false`/`0`/empty/unset (false). */
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1')
  .meta({ values: '`true` or `1`; `false`, `0` or empty' });

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
  .refine((v) => v === undefined || /^https?:\/\/[^\s]+$/.test(v), 'must be an http(s) URL')
  .meta({ values: 'an `http://` or `https://` URL' });

/** A five-field cron expression (minute hour day-of-month month day-of-week), as pg-boss reads it; `fallback` when unset. */
function cronOr(fallback: string) {
  return z
    .string()
    .regex(/^\s*(\S+\s+){4}\S+\s*$/, 'must be a cron expression of 5 fields, e.g. "0 6 * * *"')
    .default(fallback)
    .meta({ values: 'a cron expression of 5 fields (minute hour day-of-month month day-of-week), Europe/Paris time' });
}

/** A whole number of at least `min` (`unit` names it in the message); unset or empty: `fallback`. */
function wholeNumberOr(fallback: number, min: number, unit: string, digits = 10) {
  return z
    .string()
    .optional()
    .transform((v) => (v ? v : String(fallback)))
    .pipe(z.string().regex(new RegExp(`^[0-9]{1,${digits}}$`), `must be a whole number of ${unit}`).transform(Number))
    .refine((v) => v >= min, `must be at least ${min} ${unit}`)
    .meta({ values: `a whole number of ${unit}, at least ${min}` });
}

/** An optional string: empty counts as unset. */
const optionalText = () =>
  z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined));

/** Default time limit of one SQL statement on PostgreSQL (DB_STATEMENT_TIMEOUT_MS), in milliseconds. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5000;

/**
 * The environment variables read by vigie, each with its documentation (EnvDoc) as zod metadata:
 * docs/configuration.md is generated from this object (`npm run config:docs`), and `npm run typecheck` fails
 * when that file is stale or a variable has no documentation.
 */
export const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080).meta({
    group: 'server',
    description: 'HTTP port the server listens on.',
    values: 'a port number, 0 to 65535',
  } satisfies EnvDoc),
  HOST: z.string().min(1).default('127.0.0.1').meta({
    group: 'server',
    description: 'Listen address (`0.0.0.0` behind a proxy).',
    values: 'an IP address or a host name',
  } satisfies EnvDoc),
  DATA_DIR: z.string().min(1).default('./data').meta({
    group: 'server',
    description:
      'Folder of the embedded database (`pglite/`), the generated `app.key`, the feed inbox (`inbox/`, see ' +
      '[the inbox](operations.md#the-feed-inbox)), the stock downloads of the scheduled fetch (`feeds/sirene/`), and ' +
      'the uploads spooled for a job this process runs, while it runs (`uploads/`).',
    values: 'a folder path, relative to the working directory or absolute',
  } satisfies EnvDoc),
  DATABASE_URL: optionalText().meta({
    group: 'server',
    description:
      'PostgreSQL database of vigie (`postgres://user@host:5432/db`). Several processes may share it ' +
      '(see [Several processes](operations.md#several-processes)).',
    values: 'a PostgreSQL connection URL',
    unset: 'the embedded PGlite database in `DATA_DIR/pglite` (one process)',
  } satisfies EnvDoc),
  ADMIN_EMAIL: z.string().email().default('admin@example.com').meta({
    group: 'server',
    description: 'Email of the super administrator (id 1) created on an empty database (stored in lower case).',
    values: 'an email address',
  } satisfies EnvDoc),
  ADMIN_PASSWORD: optionalText().meta({
    group: 'server',
    description:
      'Password of that super administrator, used only when it is created. Unset, a random password is generated and ' +
      'printed on the console at that first start only (only its hash is stored).',
    values: 'a password; give it 12 to 128 characters, the rule of every administrator password (not checked here)',
    unset: 'random, printed once',
  } satisfies EnvDoc),
  APP_KEY: optionalText().meta({
    group: 'security',
    description:
      'The 32-byte key that encrypts API secrets at rest and signs CSRF tokens. Give every process of one ' +
      'deployment the same key; losing it makes stored secrets unreadable.',
    values: '`base64:` and 32 bytes in base64, or 64 hexadecimal characters',
    unset: 'generated once into `DATA_DIR/app.key`',
  } satisfies EnvDoc),
  COOKIE_SECURE: bool.meta({
    group: 'security',
    description: '`true` behind HTTPS: cookies get `Secure`, and HSTS is sent.',
  } satisfies EnvDoc),
  MFA_REQUIRED: bool.meta({
    group: 'security',
    description:
      '`true`: every administrator must sign in with a second factor (TOTP app code, or a single-use recovery code); ' +
      'one not enrolled yet is sent to « Double authentification » on /profile, and every other `/api` call answers ' +
      '403 until enrolled.',
  } satisfies EnvDoc),
  TRUST_PROXY: trustProxyValue.meta({
    group: 'security',
    description:
      'Behind reverse proxies, where the client IP (sign-in throttle, sessions) comes from `X-Forwarded-For`: the ' +
      'proxies\u2019 addresses or CIDRs (`127.0.0.1`, `10.0.0.0/8,::1`, or `loopback`), or their number (`1` = the ' +
      'peer is the one proxy; only when the server is reachable through the proxies alone). The client IP is the ' +
      'first untrusted hop from the right, never the leftmost entry, which the client writes. Unset or `false`: the ' +
      'header is ignored. `true` is refused at start-up (it trusted that leftmost entry).',
    values:
      '`false`, `0` or empty; a number of hops (1 or 2 digits); or a comma-separated list of IP addresses, CIDRs and ' +
      'the names `loopback`, `linklocal`, `uniquelocal`',
  } satisfies EnvDoc),
  API_DOCS_URL: z.string().url().default('https://api.example.com/docs').meta({
    group: 'links',
    description: 'Target of the « Documentation de l\u2019api » link on the customers page.',
    values: 'a URL',
  } satisfies EnvDoc),
  COMPANY_PAGE_URL: z
    .string()
    .refine((v) => v.includes('{siren}'), 'must contain {siren}')
    .default('https://annuaire-entreprises.data.gouv.fr/entreprise/{siren}')
    .meta({
      group: 'links',
      description: 'Company page linked from each SIREN of the update log (`{siren}` is replaced by the SIREN).',
      values: 'a URL containing `{siren}`',
    } satisfies EnvDoc),
  REGISTER_PAGE_URL: z
    .string()
    .refine((v) => v.includes('{siren}'), 'must contain {siren}')
    .default('https://data.inpi.fr/entreprises/{siren}')
    .meta({
      group: 'links',
      description: 'Register-manager page linked from the last column of the update log (`{siren}` is replaced).',
      values: 'a URL containing `{siren}`',
    } satisfies EnvDoc),
  DB_STATEMENT_TIMEOUT_MS: z
    .string()
    .regex(/^[0-9]{1,9}$/, 'must be a whole number of milliseconds (0: no limit)')
    .default(String(DEFAULT_STATEMENT_TIMEOUT_MS))
    .transform(Number)
    .meta({
      group: 'server',
      description:
        'PostgreSQL: time limit of every SQL statement, set on every pool connection (`statement_timeout`); a query ' +
        'over it is cancelled and the call answers 503 « Le serveur n\u2019a pas pu répondre à temps… ». `0` = no ' +
        'limit. Migrations run without it. PGlite ignores it (its reads are bounded by the ' +
        '[deep-page rules](performance.md#deep-pages)).',
      values: 'a whole number of milliseconds, up to 9 digits (0: no limit)',
    } satisfies EnvDoc),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').meta({
    group: 'server',
    description:
      'pino level. Cookies and CSRF headers are redacted; a failed query is logged with its SQL text and error code, ' +
      'never its bound values (hashes, secrets, emails). In a terminal (stdout a TTY) the log is pretty-printed ' +
      '(pino-pretty), each request is logged at `debug`, and the listening URL stands on its own line; otherwise ' +
      'one JSON object per line, requests at `info`.',
    values: '`fatal`, `error`, `warn`, `info`, `debug`, `trace`, `silent`',
  } satisfies EnvDoc),
  FEED_BODACC_URL: optionalHttpUrl.meta({
    group: 'feeds',
    description:
      'Opendatasoft records endpoint of the BODACC dataset, API v2.1, e.g. ' +
      '`https://bodacc-datadila.opendatasoft.com/api/explore/v2.1/catalog/datasets/annonces-commerciales/records`: ' +
      'the daily fetch reads the notices published since its last success and imports them ' +
      '(see [Scheduled fetch](feeds.md#scheduled-fetch)).',
    unset: 'the BODACC fetch is off',
  } satisfies EnvDoc),
  FEED_SIRENE_URL: z
    .string()
    .optional()
    .transform((v) => (v ?? '').split(/[\s,]+/).filter(Boolean))
    .refine((list) => list.every((u) => /^https?:\/\/\S+$/.test(u)), 'must be http(s) URLs, separated by commas or spaces')
    .meta({
      group: 'feeds',
      description:
        'The INSEE monthly stock zip(s), e.g. `https://files.data.gouv.fr/insee-sirene/StockUniteLegale_utf8.zip`; ' +
        'companies first, then `StockEtablissement_utf8.zip`.',
      values: '`http://` or `https://` URLs, separated by commas or spaces',
      unset: 'the Sirene fetch is off',
    } satisfies EnvDoc),
  FEED_BODACC_CRON: cronOr('0 6 * * *').meta({
    group: 'feeds',
    description: 'When the BODACC fetch runs (every day at 06:00, Europe/Paris, by default).',
  } satisfies EnvDoc),
  FEED_SIRENE_CRON: cronOr('0 5 2 * *').meta({
    group: 'feeds',
    description: 'When the Sirene fetch runs (the 2nd of each month at 05:00, Europe/Paris, by default).',
  } satisfies EnvDoc),
  FEED_INBOX: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0')
    .meta({
      group: 'feeds',
      description: '`false` stops watching the inbox folders `DATA_DIR/inbox/{sirene,bodacc}/` ([the inbox](operations.md#the-feed-inbox)).',
      values: '`false` or `0` (off); `true`, `1` or empty (on)',
    } satisfies EnvDoc),
  FEED_INBOX_SETTLE_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000).meta({
    group: 'feeds',
    description:
      'Quiet time of an inbox file before it is taken: its size and modification time unchanged across the scans for that long.',
    values: 'a whole number of milliseconds, 100 to 3,600,000 (1 h)',
  } satisfies EnvDoc),
  FEED_CONFIRM_THRESHOLD: z.coerce.number().int().min(0).default(10_000).meta({
    group: 'feeds',
    description:
      'An INSEE or BODACC file uploaded from the screens that would write more update-log entries, or queue more ' +
      'SIRENs for the RNE, waits for the operator\u2019s confirmation (the CLI, the inbox and the fetch are never asked).',
    values: 'a whole number, at least 0',
  } satisfies EnvDoc),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(400).meta({
    group: 'audit',
    description:
      'Days an audit-trail entry is kept; `0` = for ever (no purge). The API tests set `0`. See ' +
      '[the audit trail](audit.md#append-only-and-retention).',
    values: 'a whole number of days, 0 to 36,500',
  } satisfies EnvDoc),
  AUDIT_PURGE_CRON: cronOr('15 3 * * *').meta({
    group: 'audit',
    description: 'When the daily purge of the entries older than `AUDIT_RETENTION_DAYS` runs (03:15, Europe/Paris, by default).',
  } satisfies EnvDoc),
  RNE_API_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, 'must be an http(s) URL')
    .default('https://registre-national-entreprises.inpi.fr')
    .transform((v) => v.replace(/\/+$/, ''))
    .meta({
      group: 'rne',
      description:
        'Base URL of the INPI RNE API: `/api/sso/login`, `/api/companies/{siren}` and ' +
        '`/api/companies/{siren}/attachments` are appended; the account check and the worker call it.',
      values: 'an `http://` or `https://` URL (a trailing `/` is removed)',
    } satisfies EnvDoc),
  RNE_WORKER: z
    .enum(['on', 'off', 'true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v === 'on' || v === 'true' || v === '1')
    .meta({
      group: 'rne',
      description:
        'On: this server also runs the RNE worker (the pg-boss tasks `rne-officers` and `rne-accounts`). Off, it ' +
        'only queues and wakes them, and `npm run worker` (or another server with it on) works the queues off ' +
        '(see [the worker](rne.md#worker)).',
      values: '`on`, `true` or `1` (on); `off`, `false`, `0` or empty (off)',
      unset: 'off',
    } satisfies EnvDoc),
  RNE_REQUESTS_PER_MINUTE: z
    .string()
    .regex(/^[0-9]{1,6}$/, 'must be a whole number of requests per minute (0: no limit)')
    .default('0')
    .transform(Number)
    .meta({
      group: 'rne',
      description: 'Requests per minute per RNE account: the worker spaces an account\u2019s calls by 60,000 / n ms. `0` = no limit.',
      values: 'a whole number, up to 6 digits (0: no limit)',
    } satisfies EnvDoc),
  RNE_TIMEOUT_MS: z
    .string()
    .regex(/^[0-9]{1,7}$/, 'must be a whole number of milliseconds')
    .default('20000')
    .transform(Number)
    .meta({
      group: 'rne',
      description:
        'Total time limit of one RNE API call (login, company record, attachments), the reading of the answer ' +
        'included. Past it, the call counts as « Service RNE injoignable (délai dépassé). ». RNE calls never follow ' +
        'a redirect, since they carry the password or the token. A 3xx is « Le service RNE a répondu par une ' +
        'redirection (HTTP 302), non suivie. »',
      values: 'a whole number of milliseconds, up to 7 digits',
    } satisfies EnvDoc),
  RNE_MAX_RESPONSE_BYTES: wholeNumberOr(32 * 1024 * 1024, 1024, 'bytes').meta({
    group: 'rne',
    description:
      'Most bytes of one RNE answer (login, company record, attachments), counted while it arrives (default 32 MiB): ' +
      'past it the call fails (« Réponse du service RNE trop volumineuse (plus de 32 Mo), abandonnée. ») and the ' +
      'entry is parked.',
  } satisfies EnvDoc),
  RNE_MAX_ITEMS: wholeNumberOr(10_000, 1, 'items').meta({
    group: 'rne',
    description:
      'Most items of one list of an RNE record (officers, beneficial owners, deeds, balance sheets): a larger record ' +
      'is refused for that SIREN (parked with a French reason) and the worker moves on.',
  } satisfies EnvDoc),
  FEED_HTTP_TIMEOUT_MS: wholeNumberOr(60_000, 100, 'milliseconds').meta({
    group: 'feeds',
    description:
      'Total time limit of one call of the scheduled fetch (a BODACC page, a HEAD), headers and body; past it the ' +
      'attempt fails and is retried, then the failure is recorded and counted by the feed health.',
  } satisfies EnvDoc),
  FEED_HTTP_IDLE_MS: wholeNumberOr(30_000, 100, 'milliseconds').meta({
    group: 'feeds',
    description:
      'Longest wait between two chunks of a fetched body (BODACC page, stock download): a stalled transfer fails, ' +
      'and a download resumes from its `.part` at the next attempt.',
  } satisfies EnvDoc),
  FEED_BODACC_MAX_BYTES: wholeNumberOr(32 * 1024 * 1024, 1024, 'bytes').meta({
    group: 'feeds',
    description: 'Most bytes of one BODACC page (default 32 MiB; 100 notices weigh about 300 KB).',
  } satisfies EnvDoc),
  FEED_SIRENE_MAX_BYTES: wholeNumberOr(4 * 1024 ** 3, 1024, 'bytes').meta({
    group: 'feeds',
    description:
      'Most bytes of one INSEE stock zip (default 4 GiB; about 1 GB in 2026): a larger size announced by the server ' +
      'is refused before the download, a larger body is dropped.',
  } satisfies EnvDoc),
  FEED_SIRENE_TIMEOUT_MS: wholeNumberOr(3_600_000, 100, 'milliseconds').meta({
    group: 'feeds',
    description: 'Total time limit of one download attempt of a stock zip (default 1 h); the next attempt resumes where it stopped.',
  } satisfies EnvDoc),
  FEED_FETCH_ATTEMPTS: wholeNumberOr(4, 1, 'attempts').meta({
    group: 'feeds',
    description: 'Attempts of each call of the scheduled fetch.',
  } satisfies EnvDoc),
  FEED_FETCH_BACKOFF_MS: wholeNumberOr(5000, 0, 'milliseconds').meta({
    group: 'feeds',
    description: 'Wait before the second attempt of a call of the scheduled fetch, doubled after each failure.',
  } satisfies EnvDoc),
  FEED_TOKEN: optionalText().meta({
    group: 'rne',
    description:
      'Bearer token of `POST /api/feeds/queues/{accounts|officers}`, the call external workers use to queue SIRENs ' +
      '(see [Queues](rne.md#queues)); compared in constant time.',
    values: 'any text (a long random one)',
    unset: 'the push is off: the call answers 404',
  } satisfies EnvDoc),
  FEED_PUSH_MAX_SIRENS: wholeNumberOr(MAX_QUEUE_SIRENS, 1, 'SIRENs')
    .refine((v) => v <= MAX_QUEUE_SIRENS, `must be at most ${MAX_QUEUE_SIRENS} SIRENs`)
    .meta({
      group: 'rne',
      description:
        'Most SIRENs one feed push may carry (at most the contract\u2019s cap of one add); above, 422 ' +
        '`errors.sirens` « Au plus N sirens par envoi. » and nothing queued.',
      values: `a whole number of SIRENs, 1 to ${MAX_QUEUE_SIRENS}`,
    } satisfies EnvDoc),
  FEED_PUSH_MAX_WAITING: wholeNumberOr(1_000_000, 1, 'SIRENs').meta({
    group: 'rne',
    description:
      'Most entries a queue may hold waiting when a feed push adds to it: a push that would go past it is refused ' +
      'whole (429 « La file … compte déjà N sirens en attente… », nothing queued), so that an outside worker cannot ' +
      'flood the queue; the manual add and the feeds are not bound by it.',
  } satisfies EnvDoc),
  ARGON2_MEMORY_KIB: wholeNumberOr(PRODUCTION_PASSWORD_HASH_COST.memoryCost, 8, 'KiB').meta({
    group: 'security',
    description:
      'Memory of the argon2id hash of new passwords (OWASP\u2019s 19 MiB). Leave it in production; the tests set ' +
      '`64` (a hash keeps its own cost, so hashes of either cost verify).',
  } satisfies EnvDoc),
  ARGON2_ITERATIONS: wholeNumberOr(PRODUCTION_PASSWORD_HASH_COST.timeCost, 1, 'iterations').meta({
    group: 'security',
    description: 'Iterations of the argon2id hash of new passwords (OWASP\u2019s 2). Leave it in production; the tests set `1`.',
  } satisfies EnvDoc),
  NEWS_IMPORT_MAX_BYTES: wholeNumberOr(NEWS_IMPORT_MAX_BYTES, 1024 * 1024, 'bytes').meta({
    group: 'imports',
    description:
      'Largest news CSV import (50 MiB). Leave it in production (the screens state this value); the tests lower it ' +
      'to reach it in seconds.',
  } satisfies EnvDoc),
  NEWS_IMPORT_MAX_ROWS: wholeNumberOr(NEWS_IMPORT_MAX_ROWS, 1, 'rows').meta({
    group: 'imports',
    description:
      'Most data rows of a news CSV import. Leave it in production (the screens state this value); the tests lower ' +
      'it to reach it in seconds.',
  } satisfies EnvDoc),
  NEWS_TEMPORARY_TITLE_MAX_CHARS: wholeNumberOr(1000, TITLE_MAX + 1, 'characters').meta({
    group: 'imports',
    description:
      `Characters an imported news row keeps of a title longer than the ${TITLE_MAX} allowed: the row is in error ` +
      'anyway, its title is cut with « … » and its error gives the real length, so `filtertemporaries` stays small.',
  } satisfies EnvDoc),
  SIRENE_MAX_LINE_BYTES: wholeNumberOr(DEFAULT_SIRENE_LIMITS.maxLineBytes, 2048, 'bytes').meta({
    group: 'imports',
    description:
      'Longest line of an INSEE Sirene stock file. The four SIRENE_MAX_* limits are about twice the real stock ' +
      '(StockEtablissement: about 42 M rows, 9 GB of CSV, lines under 2 KB, a zip that inflates about 5 times); ' +
      'past one the import stops at once, refused with a French message naming the setting, and nothing is written.',
  } satisfies EnvDoc),
  SIRENE_MAX_ROWS: wholeNumberOr(DEFAULT_SIRENE_LIMITS.maxRows, 1, 'rows').meta({
    group: 'imports',
    description: 'Most data rows of an INSEE Sirene stock file.',
  } satisfies EnvDoc),
  SIRENE_MAX_CSV_BYTES: wholeNumberOr(DEFAULT_SIRENE_LIMITS.maxCsvBytes, 1024 * 1024, 'bytes', 15).meta({
    group: 'imports',
    description: 'Most bytes of CSV of an INSEE Sirene stock file, counted once inflated (default 32 GiB).',
  } satisfies EnvDoc),
  SIRENE_MAX_ZIP_RATIO: wholeNumberOr(DEFAULT_SIRENE_LIMITS.maxZipRatio, 2, 'times').meta({
    group: 'imports',
    description: 'How many times a zip\u2019s CSV may outgrow the zip read so far (checked past 16 MiB of CSV).',
  } satisfies EnvDoc),
  API_ONLY: bool.meta({
    group: 'api',
    description:
      '`true`: this process serves only the customer API (`/oauth/token`, `/v1`, `/v1/docs`) and `/healthz`: no ' +
      'back-office, no front end, no background jobs, no first administrator. API processes run beside a ' +
      'back-office on the same PostgreSQL database, scaled apart (see [Several processes](operations.md#several-processes)).',
  } satisfies EnvDoc),
  API_TOKEN_TTL_SECONDS: wholeNumberOr(3600, 60, 'seconds').meta({
    group: 'api',
    description: 'Lifetime of a customer API access token.',
  } satisfies EnvDoc),
  API_RATE_LIMIT: wholeNumberOr(600, 1, 'requests').meta({
    group: 'api',
    description:
      '`/v1` calls per customer per window with a Prod token; past it 429 with `Retry-After` ' +
      '(see [Rate limits](api.md#rate-limits)).',
  } satisfies EnvDoc),
  API_RATE_LIMIT_SANDBOX: wholeNumberOr(120, 1, 'requests').meta({
    group: 'api',
    description: '`/v1` calls per customer per window with a Sandbox token.',
  } satisfies EnvDoc),
  API_RATE_LIMIT_WINDOW_MS: wholeNumberOr(60_000, 1000, 'milliseconds').meta({
    group: 'api',
    description: 'The window of the customer API limits.',
  } satisfies EnvDoc),
  API_TOKEN_RATE_LIMIT: wholeNumberOr(60, 1, 'requests').meta({
    group: 'api',
    description: '`POST /oauth/token` calls per client IP per window.',
  } satisfies EnvDoc),
  API_USAGE_FLUSH_MS: wholeNumberOr(5000, 50, 'milliseconds').meta({
    group: 'api',
    description:
      'How often each process adds its customer API call counters (per customer, environment and day) to `api_usage_daily`.',
  } satisfies EnvDoc),
  REDIS_URL: optionalText()
    .refine((v) => v === undefined || /^rediss?:\/\/\S+$/.test(v), 'must be a redis:// or rediss:// URL')
    .meta({
      group: 'api',
      description:
        'Redis shared by the rate-limit counters of every process. Unreachable, calls are let through rather than refused.',
      values: 'a `redis://` or `rediss://` URL',
      unset: 'each process counts in memory',
    } satisfies EnvDoc),
  REDIS_PREFIX: z
    .string()
    .optional()
    .transform((v) => v || 'vigie')
    .refine((v) => /^[A-Za-z0-9_.:-]{1,64}$/.test(v), 'at most 64 letters, digits and _ . : -')
    .meta({
      group: 'api',
      description:
        'First part of the rate-limit keys in Redis: two deployments sharing one Redis need different prefixes ' +
        '(customer ids start at 1 in each).',
      values: '1 to 64 letters, digits and `_` `.` `:` `-`',
    } satisfies EnvDoc),
  SANDBOX_DATABASE_URL: optionalText().meta({
    group: 'api',
    description:
      'PostgreSQL database of the sandbox data set that Sandbox tokens read: migrated, and seeded with the demo ' +
      '(deals published) once when it holds no company, at start-up or ahead of it by `npm run seed:sandbox` ' +
      '(see [The sandbox](api.md#the-sandbox)).',
    values: 'a PostgreSQL connection URL',
    unset: 'each process keeps an embedded in-memory database, seeded right after start-up',
  } satisfies EnvDoc),
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
