/**
 * The national register (RNE, INPI) part of the feeds (SPEC sections 2 "Supervision", 3 "Register
 * account" and "Supervision report"):
 * - `rne_accounts`: the pooled accounts on the INPI RNE API. `pool` says which table of `/supervisions/rne`
 *   shows the account and which worker leases it: `officers` (officers and beneficial owners, `inpiall`) or
 *   `filings` (deeds, balance sheets and seized balance sheets, `rneall`). The password and the current bearer
 *   token are sealed with the APP_KEY box (AES-256-GCM, server/lib/app-key.ts). `token_ok` is the spec's
 *   `token` (access ok 1/0), `checked_at` its `passage`, `changed_at` its `last_change`. A worker leases an
 *   account by setting `leased_by` / `leased_until` (`is_used` = a lease not yet expired); `available_at` is
 *   the earliest time of its next request (RNE_REQUESTS_PER_MINUTE).
 * - `rne_account_days`: per account and Paris day, the items fetched through it (the tables' counters).
 * - `rne_queue`: the two differential queues (`accounts`: annual accounts to fetch; `officers`: officers and
 *   beneficial owners to fetch). One row per queued SIREN with its reason; state `waiting` → `running` (leased
 *   by a worker until `lease_until`) → `done` (with `processed_at`) or back to `waiting` (retry after
 *   `not_before`) or `parked` after 3 failures (with `error`). A SIREN is at most once waiting or running per
 *   queue (partial unique index).
 * - `rne_queue_counts`: per queue, the waiting (waiting or running) and parked entries, kept by triggers, and the
 *   worker's heartbeat `worker_seen_at` (each round of a drain records it).
 * - `rne_queue_days`: per queue and Paris day, the entries processed and the first and last processing time
 *   (the cards nb1..nb4 and the windows from/to), kept by the worker in the transaction that marks an entry done.
 * - `rne_officers`, `rne_beneficial_owners`, `rne_filings`: what the worker fetched, per SIREN.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, char, date, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** The account pools: which worker leases the account and which table of `/supervisions/rne` shows it. */
export const RNE_POOLS = ['officers', 'filings'] as const;
export type RnePool = (typeof RNE_POOLS)[number];

/** The differential queues. */
export const RNE_QUEUES = ['accounts', 'officers'] as const;
export type RneQueue = (typeof RNE_QUEUES)[number];

/** States of a queue entry. */
export const RNE_ENTRY_STATES = ['waiting', 'running', 'done', 'parked'] as const;
export type RneEntryState = (typeof RNE_ENTRY_STATES)[number];

export const rneAccounts = pgTable(
  'rne_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pool: varchar('pool', { length: 16 }).$type<RnePool>().notNull(),
    /** The login (an e-mail), as typed. Unique per pool, without regard to case. */
    email: varchar('email', { length: 255 }).notNull(),
    /** The password, sealed by the APP_KEY box. */
    passwordEnc: text('password_enc').notNull(),
    /** 1 enabled (the workers may lease it), 0 disabled. */
    status: smallint('status').notNull().default(1),
    /** The spec's `token`: 1 when the last login succeeded, else 0. */
    tokenOk: smallint('token_ok').notNull().default(0),
    /** The current bearer token, sealed by the APP_KEY box; null when none. */
    tokenEnc: text('token_enc'),
    /** The spec's `passage`: the last login attempt (sync or worker). */
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }),
    /** The spec's `last_change`: the last time `token_ok` changed. */
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }),
    /** French message of the last failed login or call, null when none. */
    lastError: text('last_error'),
    /** Which worker holds the account (`host:pid:n`), while `leased_until` is in the future. */
    leasedBy: varchar('leased_by', { length: 128 }),
    leasedUntil: timestamp('leased_until', { withTimezone: true, mode: 'date' }),
    /** Earliest time of the next request through this account (rate limit, 429). */
    availableAt: timestamp('available_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('rne_accounts_pool_email_key').on(t.pool, sql`lower(${t.email})`), index('rne_accounts_pool_id_idx').on(t.pool, t.id)],
);

export const rneAccountDays = pgTable(
  'rne_account_days',
  {
    accountId: bigint('account_id', { mode: 'number' })
      .notNull()
      .references(() => rneAccounts.id, { onDelete: 'cascade' }),
    /** Europe/Paris day. */
    day: date('day', { mode: 'string' }).notNull(),
    officers: integer('officers').notNull().default(0),
    beneficialOwners: integer('beneficial_owners').notNull().default(0),
    deeds: integer('deeds').notNull().default(0),
    balanceSheets: integer('balance_sheets').notNull().default(0),
    seizedBalanceSheets: integer('seized_balance_sheets').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);

export const rneQueue = pgTable(
  'rne_queue',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    queue: varchar('queue', { length: 16 }).$type<RneQueue>().notNull(),
    siren: char('siren', { length: 9 }).notNull(),
    /** Why it was queued, in French (e.g. `BODACC C : dépôt des comptes`, `Saisie manuelle`). */
    reason: varchar('reason', { length: 255 }).notNull(),
    state: varchar('state', { length: 8 }).$type<RneEntryState>().notNull().default('waiting'),
    queuedAt: timestamp('queued_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Failed attempts so far. */
    attempts: smallint('attempts').notNull().default(0),
    /** A waiting entry is not taken before this time (back-off). */
    notBefore: timestamp('not_before', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** A running entry whose lease passed is taken back (its worker died). */
    leaseUntil: timestamp('lease_until', { withTimezone: true, mode: 'date' }),
    processedAt: timestamp('processed_at', { withTimezone: true, mode: 'date' }),
    accountId: bigint('account_id', { mode: 'number' }).references(() => rneAccounts.id, { onDelete: 'set null' }),
    /** French message of the last failure. */
    error: text('error'),
  },
  (t) => [
    uniqueIndex('rne_queue_pending_key').on(t.queue, t.siren).where(sql`state in ('waiting', 'running')`),
    index('rne_queue_waiting_idx').on(t.queue, t.id).where(sql`state = 'waiting'`),
    // The waiting entries of one source (their reason): the « En attente » table's source chips and their bulk « Retirer ».
    index('rne_queue_waiting_reason_idx').on(t.queue, t.reason, t.id).where(sql`state = 'waiting'`),
    index('rne_queue_running_idx').on(t.queue, t.leaseUntil).where(sql`state = 'running'`),
    index('rne_queue_done_idx').on(t.queue, t.processedAt, t.id).where(sql`state = 'done'`),
    index('rne_queue_done_siren_idx').on(t.queue, t.siren, t.processedAt).where(sql`state = 'done'`),
    index('rne_queue_parked_idx').on(t.queue, t.id).where(sql`state = 'parked'`),
  ],
);

export const rneQueueCounts = pgTable('rne_queue_counts', {
  queue: varchar('queue', { length: 16 }).$type<RneQueue>().primaryKey(),
  /** Entries waiting or running. */
  waiting: bigint('waiting', { mode: 'number' }).notNull().default(0),
  parked: bigint('parked', { mode: 'number' }).notNull().default(0),
  /** The last time a worker started a round on the queue (its heartbeat: every minute while a worker runs). */
  workerSeenAt: timestamp('worker_seen_at', { withTimezone: true, mode: 'date' }),
});

export const rneQueueDays = pgTable(
  'rne_queue_days',
  {
    queue: varchar('queue', { length: 16 }).$type<RneQueue>().notNull(),
    /** Europe/Paris day. */
    day: date('day', { mode: 'string' }).notNull(),
    processed: bigint('processed', { mode: 'number' }).notNull().default(0),
    firstAt: timestamp('first_at', { withTimezone: true, mode: 'date' }),
    lastAt: timestamp('last_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ columns: [t.queue, t.day] })],
);

export const rneOfficers = pgTable(
  'rne_officers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    /** person (INDIVIDU) or company (ENTREPRISE). */
    kind: varchar('kind', { length: 8 }).notNull(),
    /** roleEntreprise code, e.g. `65`, and its label. */
    roleCode: varchar('role_code', { length: 16 }),
    roleLabel: text('role_label'),
    lastName: text('last_name'),
    firstNames: text('first_names'),
    usageName: text('usage_name'),
    /** Month of birth, `YYYY-MM`. */
    birthMonth: varchar('birth_month', { length: 7 }),
    /** For a company officer. */
    companySiren: char('company_siren', { length: 9 }),
    companyName: text('company_name'),
    /** A stable key of the officer within its company (kind, role, names, birth month or SIREN): what the diff compares. */
    key: text('key').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('rne_officers_siren_idx').on(t.siren)],
);

export const rneBeneficialOwners = pgTable(
  'rne_beneficial_owners',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    lastName: text('last_name'),
    firstNames: text('first_names'),
    usageName: text('usage_name'),
    birthMonth: varchar('birth_month', { length: 7 }),
    /** The raw record, as the RNE gave it. */
    raw: jsonb('raw').$type<Record<string, unknown>>(),
    key: text('key').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('rne_beneficial_owners_siren_idx').on(t.siren)],
);

/** Kinds of filings: `acte` (deed), `bilan` (balance sheet), `bilan_saisi` (seized balance sheet). */
export const RNE_FILING_KINDS = ['acte', 'bilan', 'bilan_saisi'] as const;
export type RneFilingKind = (typeof RNE_FILING_KINDS)[number];

export const rneFilings = pgTable(
  'rne_filings',
  {
    kind: varchar('kind', { length: 12 }).$type<RneFilingKind>().notNull(),
    /** The INPI id of the document. */
    id: varchar('id', { length: 64 }).notNull(),
    siren: char('siren', { length: 9 }).notNull(),
    filedOn: date('filed_on', { mode: 'string' }),
    closedOn: date('closed_on', { mode: 'string' }),
    /** typeBilan (C, S, K…) or the deed's typeDocument / first typeActe. */
    type: text('type'),
    label: text('label'),
    fetchedAt: timestamp('fetched_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.id] }), index('rne_filings_siren_idx').on(t.siren)],
);
