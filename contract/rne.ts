/**
 * Register (RNE, INPI) payloads (SPEC sections 2 "Supervision", 3 "Register account" and "Supervision
 * report", 7 `inpiall`, `rneall`, `syncInpiAccount/{id}`, `reportsall`, `dirigeantsall`, `liveinpiall`,
 * `download-csv`), plus what vigie adds beyond the spec: account management, the queue tables, the parked
 * entries and their requeue, the manual add, and the feed push call.
 *
 * Under `/api/supervisions` (signed-in administrator; CSRF on writes):
 * - `GET inpiall` -> RneOfficersAccount[] (the `officers` pool); `GET rneall` -> RneFilingsAccount[] (the `filings` pool)
 * - `POST rne/accounts` (RneAccountBody) -> 201 RneAccountRecord; `POST rne/accounts/{id}` (RneAccountUpdateBody) -> RneAccountRecord;
 *   `POST rne/accounts/{id}/toggle` -> RneAccountRecord; `POST rne/accounts/{id}/delete` -> 204; unknown id 404
 * - `GET syncInpiAccount/{id}` -> RneSyncResult (always 200 once the account exists: the outcome is in `result`)
 * - `GET reportsall` -> ReportsResponse; `GET dirigeantsall` -> DirigeantsResponse; `GET liveinpiall` -> LiveInpiResponse
 * - `POST queues/{queue}/filter?page=n` (the shared list body; columns `siren`, `date_creation`, `id`) -> page of QueueEntry
 *   (the entries processed, newest first by default)
 * - `POST queues/{queue}/parked/filter?page=n` -> page of ParkedEntry; `POST queues/{queue}/requeue/{id}` -> 204
 * - `POST queues/{queue}/sirens` (QueueSirensBody, textarea lines as for groups) -> QueueSirensResult
 * - `GET download-csv` -> `export.csv` (UTF-8 with BOM, `;`): the officers entries processed on J and J-1
 *
 * Outside the session guard: `POST /api/feeds/queues/{queue}` with `Authorization: Bearer <FEED_TOKEN>`, body
 * `{sirens: string[], reason?: string}` -> QueueSirensResult (401 wrong or missing token; 404 when FEED_TOKEN is unset).
 *
 * Dates are ISO 8601 instants; the pages show them DD/MM/YYYY HH:mm:ss (SPEC section 9).
 */
import { z } from 'zod';
import { email, frenchError, text } from './fields';

/** The differential queues: `accounts` (annual accounts to fetch) and `officers` (officers and beneficial owners). */
export const QUEUES = ['accounts', 'officers'] as const;
export type QueueName = (typeof QUEUES)[number];
/** Account pools: `officers` (first table, `inpiall`) and `filings` (second table, `rneall`). */
export const POOLS = ['officers', 'filings'] as const;
export type PoolName = (typeof POOLS)[number];

/** Attempts after which a failing entry is parked. */
export const MAX_ATTEMPTS = 3;
/** Most SIRENs one manual add or feed push may carry. */
export const MAX_QUEUE_SIRENS = 10_000;

/** Form labels of an account. */
export const rneAccountLabels = { email: 'Email', password: 'Mot de passe', pool: 'Usage', status: 'Actif' } as const;

/** French labels of the pools (the select of the account form). */
export const POOL_LABELS: Record<PoolName, string> = {
  officers: 'Dirigeants / bénéficiaires effectifs',
  filings: 'Actes / bilans / bilans saisis',
};

const accountPassword = () => text(rneAccountLabels.password, 255);
const pool = () => z.enum(POOLS, { error: frenchError(rneAccountLabels.pool) });
const accountStatus = () => z.union([z.literal(0), z.literal(1)], { error: frenchError(rneAccountLabels.status) });

export const rneAccountBody = z
  .object({ pool: pool(), email: email(rneAccountLabels.email), password: accountPassword(), status: accountStatus().default(1) })
  .meta({ id: 'RneAccountStore' });
export type RneAccountInput = z.output<typeof rneAccountBody>;

/** An update: the password may be left out (kept as it is). */
export const rneAccountUpdateBody = z
  .object({ pool: pool(), email: email(rneAccountLabels.email), password: accountPassword().optional(), status: accountStatus().optional() })
  .meta({ id: 'RneAccountUpdate' });
export type RneAccountUpdateInput = z.output<typeof rneAccountUpdateBody>;

const accountCommon = {
  id: z.number(),
  email: z.string(),
  /** Access ok: 1 when the last login succeeded. */
  token: z.union([z.literal(0), z.literal(1)]),
  /** 1 enabled, 0 disabled. */
  status: z.union([z.literal(0), z.literal(1)]),
  /** The last check, ISO instant or null. */
  passage: z.string().nullable(),
  /** The last change of `token`, ISO instant or null. */
  last_change: z.string().nullable(),
  /** French message of the last failure, null when none. */
  last_error: z.string().nullable(),
  /**
   * The password in clear in the first table's list (`inpiall`) only, which the page masks with reveal and copy;
   * null in every other answer (`rneall`, create, update, toggle, syncInpiAccount).
   */
  password: z.string().nullable(),
  /** 1 while a worker leases the account. */
  is_used: z.union([z.literal(0), z.literal(1)]),
};

/** A row of the first table (`inpiall`): counters of today (Europe/Paris). */
export const rneOfficersAccount = z
  .object({ ...accountCommon, pool: z.literal('officers'), dirigeants: z.number(), beneficiaireseffectifs: z.number() })
  .meta({ id: 'RneOfficersAccount' });
/** A row of the second table (`rneall`). */
export const rneFilingsAccount = z
  .object({ ...accountCommon, pool: z.literal('filings'), actes: z.number(), bilans: z.number(), bilanssaisis: z.number() })
  .meta({ id: 'RneFilingsAccount' });
/** What the account routes answer. */
export const rneAccountRecord = z.union([rneOfficersAccount, rneFilingsAccount]).meta({ id: 'RneAccount' });
export type RneOfficersAccount = z.output<typeof rneOfficersAccount>;
export type RneFilingsAccount = z.output<typeof rneFilingsAccount>;
export type RneAccountRecord = z.output<typeof rneAccountRecord>;

/** Outcome of `syncInpiAccount/{id}`. */
export const rneSyncResult = z
  .object({
    /** ok: logged in; credentials: 401/403 from the service; unreachable: network failure, time-out or another status. */
    result: z.enum(['ok', 'credentials', 'unreachable']),
    /** HTTP status of the service, null when it did not answer. */
    status: z.number().nullable(),
    /** The French text of the toast. */
    message: z.string(),
    account: rneAccountRecord,
  })
  .meta({ id: 'RneSyncResult' });
export type RneSyncResult = z.output<typeof rneSyncResult>;

/** One card: a Paris day (YYYY-MM-DD) and the entries processed on it. */
export const dayCount = z.object({ day: z.string(), total: z.number() }).meta({ id: 'QueueDayCount' });
/** An entry of the Siren / Date tables: `date_creation` is when it was processed (ISO instant). */
export const queueEntry = z.object({ id: z.number(), siren: z.string(), date_creation: z.string(), reason: z.string() }).meta({ id: 'QueueEntry' });
export type QueueEntry = z.output<typeof queueEntry>;
/** A parked entry: failed MAX_ATTEMPTS times. */
export const parkedEntry = z
  .object({ id: z.number(), siren: z.string(), reason: z.string(), queued_at: z.string(), attempts: z.number(), error: z.string().nullable(), date_creation: z.string() })
  .meta({ id: 'ParkedEntry' });
export type ParkedEntry = z.output<typeof parkedEntry>;

const cards = { nb1: dayCount, nb2: dayCount, nb3: dayCount, nb4: dayCount };
/** Time window of one day's processing: first and last processing instants, null when none. */
const window = z.string().nullable();

/** `reportsall`: the accounts queue. `accounts` is the latest entries processed (at most 200). */
export const reportsResponse = z
  .object({ accounts: z.array(queueEntry), ...cards, restant: z.number(), parked: z.number() })
  .meta({ id: 'ReportsAll' });
/** What a queue's worker is doing now (server/modules/rne/queue-state.ts): the kinds, first match wins. */
export const QUEUE_STATE_KINDS = ['processing', 'no_account', 'worker_stopped', 'idle'] as const;
/**
 * The queue's state: `processing` while a worker holds a live lease; else `no_account` (no enabled account with a
 * token ok), `worker_stopped` (no worker round for 3 minutes) or `idle`; `last_processed_at` the last entry processed.
 */
export const queueState = z
  .object({ kind: z.enum(QUEUE_STATE_KINDS), last_processed_at: z.string().nullable() })
  .meta({ id: 'QueueState' });
export type QueueState = z.output<typeof queueState>;
/** `dirigeantsall`: the officers queue; from/to the window of J; `state` what its worker is doing now. */
export const dirigeantsResponse = z
  .object({ accounts: z.array(queueEntry), ...cards, restant: z.number(), parked: z.number(), from: window, to: window, state: queueState })
  .meta({ id: 'DirigeantsAll' });
/** `liveinpiall`: the officers entries processed on J and J-1; windows of J, J-1 and J-2. */
export const liveInpiResponse = z
  .object({ accounts: z.array(queueEntry), ...cards, restant: z.number(), from: window, to: window, from2: window, to2: window, from3: window, to3: window })
  .meta({ id: 'LiveInpiAll' });
export type ReportsResponse = z.output<typeof reportsResponse>;
export type DirigeantsResponse = z.output<typeof dirigeantsResponse>;
export type LiveInpiResponse = z.output<typeof liveInpiResponse>;

export const queueParams = z.object({ queue: z.enum(QUEUES, { error: () => 'File inconnue.' }) });

/** The manual add (textarea lines, as for groups) and the feed push. */
export const queueSirensBody = z
  .object({
    sirens: z
      .array(z.string({ error: frenchError('Sirens') }).max(64, { error: frenchError('Sirens') }), { error: frenchError('Sirens') })
      .min(1, { error: () => 'Veuillez saisir au moins un siren.' })
      .max(MAX_QUEUE_SIRENS, { error: () => `Au plus ${MAX_QUEUE_SIRENS.toLocaleString('fr-FR')} sirens par envoi.` }),
    /** The textarea line number of each entry (manual add). */
    lines: z.array(z.number().int().positive()).optional(),
    /** Why they are queued (feed push); the manual add records `Saisie manuelle`. */
    reason: z.string().trim().min(1).max(200).optional(),
  })
  .meta({ id: 'QueueSirens' });
export type QueueSirensInput = z.output<typeof queueSirensBody>;

export const queueSirensResult = z
  .object({
    message: z.string(),
    /** SIRENs newly queued. */
    queued: z.number(),
    /** SIRENs already waiting in that queue (or sent twice). */
    already_waiting: z.number(),
    /** Present when lines were SIRETs taken for their SIREN, as for a group (contract/groups.ts `addSirensResponse`). */
    notes: z.array(z.string()).optional(),
  })
  .meta({ id: 'QueueSirensResult' });
export type QueueSirensResult = z.output<typeof queueSirensResult>;

/** French names of the queues (pages, messages). */
export const QUEUE_LABELS: Record<QueueName, string> = {
  accounts: 'Différentiel sur les comptes',
  officers: 'Différentiel sur les dirigeants',
};

/**
 * The sources (reasons) an entry is queued with, per queue (server/modules/rne/hooks.ts and queues.ts write them):
 * the source chips of the « En attente » table, whose search `motif:<reason>` lists that source's entries, so that
 * « Tout sélectionner » then « Retirer » clears one source.
 */
export const QUEUE_SOURCES: Record<QueueName, readonly string[]> = {
  accounts: ['BODACC C\u00a0: dépôt des comptes', 'Saisie manuelle', 'Flux externe'],
  officers: ['BODACC B\u00a0: modification des dirigeants', 'INSEE\u00a0: création', 'Saisie manuelle', 'Flux externe'],
};
/** Search term of the entries of one source: this prefix, then the reason exactly. */
export const SOURCE_TERM_PREFIX = 'motif:';
