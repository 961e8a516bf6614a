/**
 * One lane of the RNE worker: one leased account working off a queue, entry after entry (claimed
 * a few at a time, `claimBatch`), until no entry is due, its account is lost or resting, or the drain stops. For each claimed entry it calls the RNE API
 * (`GET /api/companies/{siren}` for the officers queue, `…/attachments` for the accounts queue) and:
 * - 200: parses the record and commits it (commit.ts);
 * - 401: logs in again (token_ok / changed_at recorded) and retries once;
 * - 429: rests the account (`available_at` = now + 60 s), leases the next usable account and retries once with it;
 *   without one the entry goes back to waiting (no attempt counted) and the lane ends;
 * - 404: parks the entry at once (`Entreprise inconnue du RNE (HTTP 404).`); so are an answer past
 *   RNE_MAX_RESPONSE_BYTES and a record with a list of more than RNE_MAX_ITEMS items (parse.ts `oversizedRecord`),
 *   each with its French reason, and the lane moves on to the next entry;
 * - a redirect (never followed: the call carries the token): a failed attempt, as below;
 * - 5xx, time-out, no answer, another status, a second 401 or 429: a failed attempt with exponential back-off,
 *   parked at the third (entries.ts); after OUTAGE_FAILURES such entries in a row the account rests for the back-off
 *   base and the lane ends (an outage does not fail the whole queue), after a second 429 it rests a minute.
 * With RNE_REQUESTS_PER_MINUTE the requests of an account are spaced by 60 000 / n ms (`available_at`, renewed with
 * the lease). The account's lease is renewed as the lane works and released at its end. The commit of an entry
 * runs while the next one is claimed and fetched (one commit in flight per lane).
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { PoolName, QueueName } from '../../../../contract/rne';
import { rneGet } from '../client';
import { oversizedRecord, parseAttachments, parseCompany } from '../parse';
import { leaseAccounts, loginAccount, releaseAccount, renewLease, type LeasedAccount } from './accounts';
import { commitEntry, type Fetched } from './commit';
import { claimEntries, failEntry, moveEntry, releaseEntry, type ClaimedEntry } from './entries';
import type { WorkerDeps } from './options';

/** Message of an entry the RNE does not know. */
export const UNKNOWN_MESSAGE = 'Entreprise inconnue du RNE (HTTP 404).';
/** Message of a record without identity block (personneMorale, personnePhysique or exploitation). */
export const NO_IDENTITY_MESSAGE = 'Fiche RNE sans identité (ni personneMorale, ni personnePhysique, ni exploitation).';
/** Message of an entry whose rows could not be written. */
export const WRITE_FAILED_MESSAGE = 'Enregistrement impossible (erreur de la base de données).';

/** Entries failed in a row through one account after which it rests (`backoffBaseMs`) and its lane ends. */
export const OUTAGE_FAILURES = 3;

/** What a drain counts. */
export interface DrainStats {
  processed: number;
  /** Failed attempts (back-off or parked). */
  failed: number;
  parked: number;
  /** Entries put back to waiting without an attempt counted. */
  released: number;
  logins: number;
}

/** The lane's state: the account it holds (null once it has none), and the commit of its last fetched entry. */
interface Lane {
  account: LeasedAccount | null;
  /** Entries failed in a row by the service (5xx, time-out…); reset by any answer that is not a failure. */
  failuresInRow: number;
  /** The commit in flight (never rejects): it overlaps the next entry's request, at most one at a time. */
  committing: Promise<void>;
}

type Fetch = { kind: 'ok'; body: unknown } | { kind: 'fail'; message: string; rest?: boolean } | { kind: 'park'; message: string } | { kind: 'release' };

/** Waits `ms`, or less when `signal` aborts (never rejects). */
export async function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return;
  await delay(ms, undefined, { signal }).catch(() => {});
}

/** Runs a lane on `first` (leased by `owner`) until it ends; the account is released at the end. */
export async function runLane(deps: WorkerDeps, queue: QueueName, pool: PoolName, owner: string, first: LeasedAccount, signal: AbortSignal, stats: DrainStats): Promise<void> {
  const lane: Lane = { account: first, failuresInRow: 0, committing: Promise.resolve() };
  let claimed: ClaimedEntry[] = [];
  try {
    while (!signal.aborted && lane.account) {
      const account = lane.account;
      if (Date.now() - account.renewedAt > deps.options.accountLeaseMs / 3 && !(await renewLease(deps, account, owner))) {
        lane.account = null;
        break;
      }
      if (!claimed.length) claimed = await claimEntries(deps, queue, account.id, batchOf(deps));
      const entry = claimed.shift();
      if (!entry) break;
      await processEntry(deps, queue, pool, owner, lane, entry, signal, stats);
      // After a change of account (429) the entries claimed with the old one are given back.
      if (lane.account !== account) claimed = await giveBack(deps, claimed, stats);
    }
  } catch (err) {
    deps.log.error({ err, queue }, 'rne lane failed');
  } finally {
    await lane.committing;
    await giveBack(deps, claimed, stats).catch((err) => deps.log.error({ err }, 'rne entries not given back'));
    if (lane.account) await releaseAccount(deps, lane.account, owner).catch((err) => deps.log.error({ err }, 'rne account release failed'));
  }
}

/**
 * Entries to claim at once: `claimBatch`, fewer when the rate limit spaces requests so much that the last one
 * would wait past half the entries' lease.
 */
function batchOf(deps: WorkerDeps): number {
  if (deps.requestsPerMinute <= 0) return deps.options.claimBatch;
  const spacing = 60_000 / deps.requestsPerMinute;
  return Math.max(1, Math.min(deps.options.claimBatch, Math.floor(deps.options.entryLeaseMs / 2 / spacing)));
}

/** Puts claimed entries not processed back to waiting. @returns an empty list */
async function giveBack(deps: WorkerDeps, entries: ClaimedEntry[], stats: DrainStats): Promise<ClaimedEntry[]> {
  for (const entry of entries) {
    await releaseEntry(deps, entry);
    stats.released++;
  }
  return [];
}

/** Fetches, then commits, fails, parks or releases one entry. */
async function processEntry(deps: WorkerDeps, queue: QueueName, pool: PoolName, owner: string, lane: Lane, entry: ClaimedEntry, signal: AbortSignal, stats: DrainStats): Promise<void> {
  const got = await fetchEntry(deps, queue, pool, owner, lane, entry, signal, stats);
  if (got.kind === 'release') {
    await releaseEntry(deps, entry);
    stats.released++;
    return;
  }
  if (got.kind !== 'fail') lane.failuresInRow = 0;
  if (got.kind === 'ok') {
    // A record whose lists pass RNE_MAX_ITEMS is refused for this SIREN at once (its size will not change on a retry).
    const oversized = oversizedRecord(got.body, queue === 'officers' ? 'company' : 'attachments', deps.maxItems);
    if (oversized) return park(deps, entry, oversized, stats);
    let fetched: Fetched;
    if (queue === 'officers') {
      const company = parseCompany(got.body);
      if (!company.found) return park(deps, entry, NO_IDENTITY_MESSAGE, stats);
      fetched = { queue, officers: company.officers, beneficialOwners: company.beneficialOwners };
    } else {
      fetched = { queue, filings: parseAttachments(got.body) };
    }
    const commit = async () => {
      try {
        if (await commitEntry(deps, queue, entry, fetched)) stats.processed++;
      } catch (err) {
        deps.log.error({ err, queue, siren: entry.siren }, 'rne commit failed');
        await fail(deps, entry, WRITE_FAILED_MESSAGE, stats).catch((e) => deps.log.error({ err: e }, 'rne entry failure not recorded'));
      }
    };
    // The commit runs while the lane claims and fetches the next entry (the network wait and the database overlap).
    await lane.committing;
    lane.committing = commit();
    return;
  }
  if (got.kind === 'park') return park(deps, entry, got.message, stats);
  lane.failuresInRow++;
  // A second 429 rests the account a minute; OUTAGE_FAILURES failures in a row rest it for the back-off base, so that
  // an outage of the service fails a few entries per lane and back-off rather than the whole queue.
  const rest = got.rest ? deps.options.rateLimitPauseMs : lane.failuresInRow >= OUTAGE_FAILURES ? deps.options.backoffBaseMs : null;
  if (rest !== null && lane.account) {
    await releaseAccount(deps, lane.account, owner, rest);
    lane.account = null;
  }
  await fail(deps, entry, got.message, stats);
}

async function park(deps: WorkerDeps, entry: ClaimedEntry, message: string, stats: DrainStats): Promise<void> {
  if ((await failEntry(deps, entry, message, true)) === 'parked') stats.parked++;
  deps.log.info({ siren: entry.siren, error: message }, 'rne entry parked');
}

async function fail(deps: WorkerDeps, entry: ClaimedEntry, message: string, stats: DrainStats): Promise<void> {
  const state = await failEntry(deps, entry, message);
  stats.failed++;
  if (state === 'parked') stats.parked++;
  deps.log.info({ siren: entry.siren, attempt: entry.attempts + 1, state, error: message }, 'rne entry failed');
}

/** Waits for the account's turn (rate limit) and records the next one; false when its lease was lost. */
async function pace(deps: WorkerDeps, account: LeasedAccount, owner: string, signal: AbortSignal): Promise<boolean> {
  await sleep(account.nextAt - Date.now(), signal);
  if (deps.requestsPerMinute <= 0) return true;
  account.nextAt = Date.now() + Math.ceil(60_000 / deps.requestsPerMinute);
  return renewLease(deps, account, owner, account.nextAt);
}

/** Calls the RNE API for one entry, with one re-login after a 401 and one change of account after a 429. */
async function fetchEntry(deps: WorkerDeps, queue: QueueName, pool: PoolName, owner: string, lane: Lane, entry: ClaimedEntry, signal: AbortSignal, stats: DrainStats): Promise<Fetch> {
  const path = queue === 'officers' ? `/api/companies/${entry.siren}` : `/api/companies/${entry.siren}/attachments`;
  let relogged = false;
  let switched = false;
  for (;;) {
    const account = lane.account;
    if (!account || signal.aborted) return { kind: 'release' };
    if (!account.token) {
      relogged = true;
      stats.logins++;
      const login = await loginAccount(deps, account);
      if (login.outcome === 'credentials') {
        // Refused: token_ok is 0 now, the account leaves the lanes; the entry waits for another one.
        await releaseAccount(deps, account, owner);
        lane.account = null;
        return { kind: 'release' };
      }
      if (login.outcome === 'unreachable') return { kind: 'fail', message: login.message };
    }
    if (!(await pace(deps, account, owner, signal))) {
      lane.account = null;
      return { kind: 'release' };
    }
    if (signal.aborted) return { kind: 'release' };
    const res = await rneGet(deps.endpoint, path, account.token!, signal);
    if (signal.aborted) return { kind: 'release' };
    if (res.ok) return { kind: 'ok', body: res.body };
    if (res.status === 401 && !relogged) {
      account.token = null;
      continue;
    }
    if (res.status === 429 && !switched) {
      switched = true;
      const [next] = await leaseAccounts(deps, pool, owner, 1, account.id);
      await releaseAccount(deps, account, owner, deps.options.rateLimitPauseMs);
      lane.account = next ?? null;
      if (!next) return { kind: 'release' };
      if (!(await moveEntry(deps, entry, next.id))) return { kind: 'release' };
      relogged = false;
      continue;
    }
    if (res.status === 404) return { kind: 'park', message: UNKNOWN_MESSAGE };
    // An answer past RNE_MAX_RESPONSE_BYTES: the record will be as large next time, the entry is parked at once.
    if (res.refused) return { kind: 'park', message: res.message };
    return { kind: 'fail', message: res.message, rest: res.status === 429 };
  }
}
