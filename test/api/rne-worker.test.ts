/**
 * The RNE worker against the fake RNE API on 127.0.0.1 (test/helpers/fake-rne-server.ts), on
 * the test database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set). The drains are run directly (as the
 * pg-boss task runs them), with short timings; the last block goes through pg-boss.
 * Covered: officers and beneficial owners stored and logged in French, a second fetch logging only the difference,
 * filings stored and logged, the daily rollups and account counters (each entry on the Paris day of its processing,
 * checked against the entries themselves: a drain across midnight counts on two days), a token expiring mid-run
 * (re-login), a 429 moving to the next account, a 500 backing off exponentially then parked at the third failure, a
 * time-out, a 404 parked at once, refused credentials, the per-account rate limit, an expired lease taken back, and a
 * process with the worker off that never runs the task while a process with it on does.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueName } from '../../contract/rne';
import type { AppContext } from '../../server/context';
import { JobQueue } from '../../server/jobs/queue';
import { drainQueue } from '../../server/modules/rne/worker/drain';
import { BOSS_SCHEMA } from '../../server/jobs/boss-db';
import { registerRneWorker, wakeRneWorker } from '../../server/modules/rne/worker/index';
import { UNKNOWN_MESSAGE } from '../../server/modules/rne/worker/lane';
import { workerDeps, type WorkerOptions } from '../../server/modules/rne/worker/options';
import { createTestApp, type TestApp } from '../helpers/app';
import { FAKE_RNE_ACCOUNT, generatedAttachments, generatedCompany, startFakeRne, type FakeRne } from '../helpers/fake-rne-server';
import { validSirens } from '../helpers/sirens';
import { RNE_SOURCE_LABEL } from '../../server/modules/rne/worker/commit';
import { rowsOf } from '../../server/db/rows';
import { parisDayOf } from '../../server/lib/paris-day';
import { isoOf } from '../../server/modules/rne/lists';
import { runAsSystem } from '../../server/lib/audit';

let t: TestApp;
let fake: FakeRne;
beforeAll(async () => {
  fake = await startFakeRne();
  t = await createTestApp({ RNE_API_URL: fake.url, RNE_TIMEOUT_MS: '3000' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, query);
}

/** A fresh start for each test: no accounts, entries, fetched rows or log entries; the fake forgets its faults. */
beforeEach(async () => {
  await t.ctx.db.execute(sql`delete from rne_queue`);
  await t.ctx.db.execute(sql`delete from rne_accounts`);
  await t.ctx.db.execute(sql`delete from rne_queue_days`);
  await t.ctx.db.execute(sql`delete from rne_officers`);
  await t.ctx.db.execute(sql`delete from rne_beneficial_owners`);
  await t.ctx.db.execute(sql`delete from rne_filings`);
  await t.ctx.db.execute(sql`delete from update_log`);
  fake.calls.length = 0;
  fake.latencyMs = 0;
  fake.accounts.clear();
  fake.accounts.set(FAKE_RNE_ACCOUNT.username, FAKE_RNE_ACCOUNT.password);
});

/** Adds an enabled account with token ok (no token stored: the worker logs in first). @returns its id */
async function account(pool: 'officers' | 'filings', email = FAKE_RNE_ACCOUNT.username, password = FAKE_RNE_ACCOUNT.password): Promise<number> {
  const [row] = await rows<{ id: string }>(
    sql`insert into rne_accounts (pool, email, password_enc, status, token_ok) values (${pool}, ${email}, ${t.ctx.box.encrypt(password)}, 1, 1) returning id`,
  );
  return Number(row.id);
}

async function enqueue(queue: QueueName, sirens: string[], reason = 'Saisie manuelle'): Promise<void> {
  for (const siren of sirens) await t.ctx.db.execute(sql`insert into rne_queue (queue, siren, reason) values (${queue}, ${siren}, ${reason})`);
}

function drain(queue: QueueName, options: Partial<WorkerOptions> = {}, ctx: AppContext = t.ctx) {
  return drainQueue(workerDeps(ctx, { backoffBaseMs: 200_000, ...options }), queue, new AbortController().signal);
}

interface Entry {
  siren: string;
  state: string;
  attempts: number;
  error: string | null;
  account_id: string | null;
  processed_at: Date | string | null;
  not_before: Date | string;
}
const entries = (queue: QueueName) =>
  rows<Entry>(sql`select siren, state, attempts, error, account_id, processed_at, not_before from rne_queue where queue = ${queue} order by id`);
const logOf = (siren: string) => rows<{ code: string; description: string }>(sql`select code, description from update_log where siren = ${siren} order by id`);
const companyCalls = (siren: string) => fake.calls.filter((c) => c.path === `/api/companies/${siren}`);
const loginCalls = () => fake.calls.filter((c) => c.path === '/api/sso/login');

/**
 * The daily rollups of `queue` (`rne_queue_days`), and the same figures counted from its done entries on the Paris
 * day of their processing (the commit dates both with its own `now()`: J, or J-1 and J for a drain across midnight).
 */
async function rollupsAndEntries(queue: QueueName) {
  type Day = { day: string; processed: number; first_at: string; last_at: string };
  const rollups = await rows<Day>(sql`select day::text as day, processed::int as processed, ${isoOf(sql`first_at`)} as first_at, ${isoOf(sql`last_at`)} as last_at
    from rne_queue_days where queue = ${queue} order by day`);
  const entries = await rows<Day>(sql`select ${parisDayOf(sql`processed_at`)}::text as day, count(*)::int as processed,
      ${isoOf(sql`min(processed_at)`)} as first_at, ${isoOf(sql`max(processed_at)`)} as last_at
    from rne_queue where queue = ${queue} and state = 'done' group by 1 order by 1`);
  return { rollups, entries };
}

/**
 * What is expected of an account's daily counters: `of(siren)` summed on the Paris day each done entry of `queue`
 * was processed, the days in order.
 */
async function countersByDay<T extends Record<string, number>>(queue: QueueName, of: (siren: string) => T): Promise<Array<{ day: string } & T>> {
  const done = await rows<{ siren: string; day: string }>(sql`select siren, ${parisDayOf(sql`processed_at`)}::text as day from rne_queue where queue = ${queue} and state = 'done'`);
  const sums = new Map<string, Record<string, number>>();
  for (const { siren, day } of done) {
    const sum = sums.get(day) ?? {};
    for (const [k, v] of Object.entries(of(siren))) sum[k] = (sum[k] ?? 0) + v;
    sums.set(day, sum);
  }
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([day, sum]) => ({ day, ...sum }) as { day: string } & T);
}

describe('officers queue', () => {
  it('stores the officers and beneficial owners, logs them in French, marks the entries done and keeps the rollups', async () => {
    const id = await account('officers');
    const sirens = validSirens(3, 30_100_011);
    await enqueue('officers', sirens);
    const started = Date.now();
    const stats = await drain('officers');
    const ended = Date.now();
    expect(stats).toMatchObject({ processed: 3, failed: 0, parked: 0 });

    let officers = 0;
    let owners = 0;
    const fetched = new Map<string, { officers: number; beneficial_owners: number }>();
    for (const siren of sirens) {
      const company = generatedCompany(siren) as { formality: { content: { personneMorale: { composition: { pouvoirs: unknown[] }; beneficiairesEffectifs: unknown[] } } } };
      const block = company.formality.content.personneMorale;
      const stored = await rows<{ kind: string; last_name: string | null; company_name: string | null; birth_month: string | null; key: string }>(
        sql`select kind, last_name, company_name, birth_month, key from rne_officers where siren = ${siren}`,
      );
      const storedOwners = await rows<{ last_name: string }>(sql`select last_name from rne_beneficial_owners where siren = ${siren}`);
      expect(stored.length).toBe(block.composition.pouvoirs.length);
      expect(storedOwners.length).toBe(block.beneficiairesEffectifs.length);
      for (const o of stored) {
        if (o.kind === 'person') expect(o.birth_month).toMatch(/^\d{4}-\d{2}$/);
        else expect(o.company_name).toMatch(/^AUDIT /);
      }
      officers += stored.length;
      owners += storedOwners.length;
      fetched.set(siren, { officers: stored.length, beneficial_owners: storedOwners.length });
      const log = await logOf(siren);
      expect(log).toHaveLength(1);
      const o = block.composition.pouvoirs.length;
      const b = block.beneficiairesEffectifs.length;
      expect(log[0]).toEqual({
        code: 'RNE',
        description: `Dirigeants mis à jour\u00a0: ${o} ajoutés\u00a0; Bénéficiaires effectifs mis à jour\u00a0: ${b} ${b === 1 ? 'ajouté' : 'ajoutés'}`,
      });
      // The entry names its source: the company's record in the register.
      expect(await rows(sql`select source_label from update_log where siren = ${siren}`)).toEqual([{ source_label: RNE_SOURCE_LABEL }]);
    }
    const done = await entries('officers');
    expect(done.map((e) => e.state)).toEqual(['done', 'done', 'done']);
    for (const e of done) {
      expect(Number(e.account_id)).toBe(id);
      expect(e.processed_at).not.toBeNull();
    }
    // The rollups: the three entries on the Paris day of their processing, which happened during the drain.
    const { rollups, entries: byDay } = await rollupsAndEntries('officers');
    expect(rollups).toEqual(byDay);
    expect(rollups.reduce((n, d) => n + d.processed, 0)).toBe(3);
    expect(Date.parse(rollups[0].first_at)).toBeGreaterThanOrEqual(started);
    expect(Date.parse(rollups.at(-1)!.last_at)).toBeLessThanOrEqual(ended);
    // The account's counters: what was fetched through it, on the same days.
    const counters = await rows<{ day: string; officers: number; beneficial_owners: number }>(
      sql`select day::text as day, officers, beneficial_owners from rne_account_days where account_id = ${id} order by day`,
    );
    expect(counters).toEqual(await countersByDay('officers', (siren) => fetched.get(siren)!));
    expect(counters.reduce((n, d) => n + d.officers, 0)).toBe(officers);
    expect(counters.reduce((n, d) => n + d.beneficial_owners, 0)).toBe(owners);
    const [counts] = await rows<{ waiting: string; parked: string }>(sql`select waiting, parked from rne_queue_counts where queue = 'officers'`);
    expect(Number(counts.waiting)).toBe(0);
    // The lease is given back at the end.
    const [acc] = await rows<{ leased_until: Date | null; token_ok: number; checked_at: Date | null }>(sql`select leased_until, token_ok, checked_at from rne_accounts where id = ${id}`);
    expect(acc.leased_until).toBeNull();
    expect(acc.token_ok).toBe(1);
    expect(acc.checked_at).not.toBeNull();
    expect(loginCalls()).toHaveLength(1);
  });

  it('leaves one audit entry per drain that wrote something, under the system actor of the worker’s task', async () => {
    await account('officers');
    const sirens = validSirens(2, 30_100_411);
    await enqueue('officers', sirens);
    const before = Number((await rows<{ n: number }>(sql`select count(*)::int as n from audit_log where resource = 'rne_queue'`))[0].n);
    const stats = await runAsSystem({ source: 'rne-officers' }, () => drain('officers'));
    expect(stats).toMatchObject({ processed: 2 });
    const entries = await rows<{ actor: string; action: string; details: Record<string, unknown> }>(
      sql`select actor, action, details from audit_log where resource = 'rne_queue' order by id`,
    );
    expect(entries).toHaveLength(before + 1);
    expect(entries[entries.length - 1]).toEqual({ actor: 'system', action: 'job', details: { source: 'rne-officers', queue: 'officers', processed: 2, failed: 0, parked: 0 } });
  });

  it('logs only the difference on the next fetch, and nothing when the record did not change', async () => {
    await account('officers');
    const [siren] = validSirens(1, 30_200_011);
    const company = generatedCompany(siren) as { formality: { content: { personneMorale: { composition: { pouvoirs: Array<Record<string, unknown>> } } } } };
    const pouvoirs = company.formality.content.personneMorale.composition.pouvoirs;
    await enqueue('officers', [siren]);
    await drain('officers');
    expect(await logOf(siren)).toHaveLength(1);

    // Same record again: no log entry, same rows.
    await enqueue('officers', [siren]);
    await drain('officers');
    expect(await logOf(siren)).toHaveLength(1);

    // One officer gone, two new ones.
    const changed = structuredClone(company);
    changed.formality.content.personneMorale.composition.pouvoirs = [
      ...pouvoirs.slice(1),
      { roleEntreprise: '65', libelleRoleEntreprise: 'Président', typeDePersonne: 'INDIVIDU', individu: { descriptionPersonne: { nom: 'NOUVEAU', prenoms: ['Léa'], dateDeNaissance: '1980-02' } } },
      { roleEntreprise: '71', typeDePersonne: 'ENTREPRISE', entreprise: { siren: '552032534', denomination: 'AUDIT SA' } },
    ];
    fake.company(siren, changed);
    await enqueue('officers', [siren]);
    await drain('officers');
    const log = await logOf(siren);
    expect(log).toHaveLength(2);
    expect(log[1].description).toBe('Dirigeants mis à jour\u00a0: 2 ajoutés, 1 retiré');
    const stored = await rows<{ last_name: string | null; first_names: string | null; role_label: string | null }>(
      sql`select last_name, first_names, role_label from rne_officers where siren = ${siren} and last_name = 'NOUVEAU'`,
    );
    expect(stored).toEqual([{ last_name: 'NOUVEAU', first_names: 'Léa', role_label: 'Président' }]);
    const done = await entries('officers');
    expect(done.map((e) => e.state)).toEqual(['done', 'done', 'done']);
  });

  it('parks a record without identity block', async () => {
    await account('officers');
    const [siren] = validSirens(1, 30_300_011);
    fake.company(siren, { siren, formality: { content: {} } });
    await enqueue('officers', [siren]);
    await drain('officers');
    const [e] = await entries('officers');
    expect(e.state).toBe('parked');
    expect(e.error).toMatch(/^Fiche RNE sans identité/);
  });
});

describe('accounts queue', () => {
  it('stores the filings, logs the new ones, counts them on the account, and logs nothing new the second time', async () => {
    const id = await account('filings');
    await account('officers', 'other@example.com'); // the other pool is not used
    const sirens = validSirens(2, 30_400_011);
    await enqueue('accounts', sirens, 'BODACC C : dépôt des comptes');
    expect(await drain('accounts')).toMatchObject({ processed: 2 });
    let deeds = 0;
    let sheets = 0;
    let seized = 0;
    const fetched = new Map<string, { deeds: number; balance_sheets: number; seized_balance_sheets: number; officers: number }>();
    for (const siren of sirens) {
      const a = generatedAttachments(siren) as { actes: unknown[]; bilans: Array<{ id: string; typeBilan: string; dateCloture: string }>; bilansSaisis: unknown[] };
      const stored = await rows<{ kind: string; id: string; closed_on: string | null; type: string | null }>(
        sql`select kind, id, closed_on::text, type from rne_filings where siren = ${siren} order by kind, id`,
      );
      expect(stored.filter((f) => f.kind === 'acte')).toHaveLength(a.actes.length);
      expect(stored.filter((f) => f.kind === 'bilan_saisi')).toHaveLength(a.bilansSaisis.length);
      expect(stored.filter((f) => f.kind === 'bilan')).toEqual(a.bilans.map((b) => ({ kind: 'bilan', id: b.id, closed_on: b.dateCloture, type: b.typeBilan })));
      deeds += a.actes.length;
      sheets += a.bilans.length;
      seized += a.bilansSaisis.length;
      fetched.set(siren, { deeds: a.actes.length, balance_sheets: a.bilans.length, seized_balance_sheets: a.bilansSaisis.length, officers: 0 });
      const parts = [
        `${a.bilans.length} ${a.bilans.length === 1 ? 'bilan' : 'bilans'}`,
        ...(a.bilansSaisis.length ? [`${a.bilansSaisis.length} bilan saisi`] : []),
        `${a.actes.length} ${a.actes.length === 1 ? 'acte' : 'actes'}`,
      ];
      expect(await logOf(siren)).toEqual([{ code: 'RNE', description: `Dépôts RNE\u00a0: ${parts.join(', ')} nouveaux` }]);
      expect(fake.calls.filter((c) => c.path === `/api/companies/${siren}/attachments`)).toHaveLength(1);
    }
    // The account's counters, on the Paris day of each entry's processing.
    const counters = await rows<{ day: string; deeds: number; balance_sheets: number; seized_balance_sheets: number; officers: number }>(
      sql`select day::text as day, deeds, balance_sheets, seized_balance_sheets, officers from rne_account_days where account_id = ${id} order by day`,
    );
    expect(counters).toEqual(await countersByDay('accounts', (siren) => fetched.get(siren)!));
    const total = (k: 'deeds' | 'balance_sheets' | 'seized_balance_sheets' | 'officers') => counters.reduce((n, d) => n + d[k], 0);
    expect([total('deeds'), total('balance_sheets'), total('seized_balance_sheets'), total('officers')]).toEqual([deeds, sheets, seized, 0]);

    // One new balance sheet: logged alone.
    const a = generatedAttachments(sirens[0]) as { bilans: Array<Record<string, unknown>> };
    fake.attachments(sirens[0], { ...a, bilans: [...a.bilans, { id: `B${sirens[0]}9`, dateDepot: '2026-06-30', dateCloture: '2025-12-31', typeBilan: 'C' }] });
    await enqueue('accounts', sirens);
    await drain('accounts');
    expect((await logOf(sirens[0])).map((l) => l.description)).toContain('Dépôts RNE\u00a0: 1 bilan nouveau');
    expect(await logOf(sirens[1])).toHaveLength(1);
    // Four entries processed in all, each counted on the Paris day of its processing.
    const { rollups, entries: byDay } = await rollupsAndEntries('accounts');
    expect(rollups).toEqual(byDay);
    expect(rollups.reduce((n, d) => n + d.processed, 0)).toBe(4);
  });
});

describe('failures', () => {
  it('logs in again when the token expires mid-run, and records the login on the account', async () => {
    const id = await account('officers');
    const sirens = validSirens(20, 30_500_011);
    await enqueue('officers', sirens);
    fake.latencyMs = 5;
    const running = drain('officers');
    while (fake.calls.filter((c) => c.path.startsWith('/api/companies/')).length < 5) await new Promise((r) => setTimeout(r, 2));
    fake.expireTokens();
    const stats = await running;
    expect(stats).toMatchObject({ processed: 20, failed: 0 });
    expect(stats.logins).toBe(2);
    expect(loginCalls()).toHaveLength(2);
    // Each SIREN answered once with 200; the one that met the expired token was asked again with the new token.
    const tokens = new Set(fake.calls.filter((c) => c.path.startsWith('/api/companies/')).map((c) => c.token));
    expect(tokens.size).toBe(2);
    for (const siren of sirens) expect(companyCalls(siren).length).toBeLessThanOrEqual(2);
    expect((await entries('officers')).every((e) => e.state === 'done' && e.attempts === 0)).toBe(true);
    const [acc] = await rows<{ token_ok: number; token_enc: string | null; last_error: string | null }>(sql`select token_ok, token_enc, last_error from rne_accounts where id = ${id}`);
    expect(acc.token_ok).toBe(1);
    expect(acc.last_error).toBeNull();
    // The stored token is the last one, sealed.
    expect(t.ctx.box.decrypt(acc.token_enc!)).toBe([...tokens].at(-1));
  });

  it('moves to the next account on a 429, rests the limited one for a minute, and retries once', async () => {
    fake.accounts.set('second@example.com', 'second-password');
    const first = await account('officers');
    const second = await account('officers', 'second@example.com', 'second-password');
    const [siren] = validSirens(1, 30_600_011);
    await enqueue('officers', [siren]);
    fake.rateLimit(FAKE_RNE_ACCOUNT.username, 1);
    const stats = await drain('officers', { maxLanes: 1 });
    expect(stats).toMatchObject({ processed: 1, failed: 0 });
    const calls = companyCalls(siren);
    expect(calls).toHaveLength(2);
    expect(calls[0].token).not.toBe(calls[1].token);
    const [e] = await entries('officers');
    expect(e).toMatchObject({ state: 'done', attempts: 0 });
    expect(Number(e.account_id)).toBe(second);
    const [rest] = await rows<{ rests: boolean }>(sql`select available_at > now() + interval '50 seconds' as rests from rne_accounts where id = ${first}`);
    expect(rest.rests).toBe(true);
    const [counters] = await rows<{ account_id: string }>(sql`select account_id from rne_account_days`);
    expect(Number(counters.account_id)).toBe(second);
  });

  it('puts the entry back to waiting on a 429 when no other account is free', async () => {
    await account('officers');
    const [siren] = validSirens(1, 30_650_011);
    await enqueue('officers', [siren]);
    fake.rateLimit(FAKE_RNE_ACCOUNT.username, 1);
    const stats = await drain('officers', { maxSleepMs: 100 });
    expect(stats).toMatchObject({ processed: 0, failed: 0, released: 1 });
    expect(await entries('officers')).toMatchObject([{ state: 'waiting', attempts: 0 }]);
  });

  it('backs off exponentially on a 500, succeeds on the retry, and parks after the third failure', async () => {
    await account('officers');
    const [ok, bad] = validSirens(2, 30_700_050);
    await enqueue('officers', [ok, bad]);
    fake.failNext(new RegExp(`/api/companies/${ok}$`), 500, 1);
    fake.failNext(new RegExp(`/api/companies/${bad}$`), 503, 3);
    // A short back-off is waited for in the same run: `ok` succeeds on its second attempt.
    const stats = await drain('officers', { backoffBaseMs: 50 });
    expect(companyCalls(ok)).toHaveLength(2);
    expect(companyCalls(bad)).toHaveLength(3);
    expect(stats).toMatchObject({ processed: 1, failed: 4, parked: 1 });
    const [e1, e2] = await entries('officers');
    expect(e1).toMatchObject({ state: 'done', attempts: 1, error: null });
    expect(e2).toMatchObject({ state: 'parked', attempts: 3, error: 'Service RNE\u00a0: HTTP 503.' });
    expect(await logOf(bad)).toEqual([]);
    const [counts] = await rows<{ waiting: string; parked: string }>(sql`select waiting, parked from rne_queue_counts where queue = 'officers'`);
    expect([Number(counts.waiting), Number(counts.parked)]).toEqual([0, 1]);
  });

  it('waits base × 2^(attempts) before the next attempt', async () => {
    await account('officers');
    const [siren] = validSirens(1, 30_750_011);
    await enqueue('officers', [siren]);
    fake.failNext(new RegExp(`/api/companies/${siren}$`), 500, 2);
    // A long back-off is not waited for in process: the run ends with the entry waiting.
    await drain('officers', { backoffBaseMs: 120_000 });
    const delayOf = async () =>
      Number((await rows<{ s: string }>(sql`select extract(epoch from (not_before - now())) as s from rne_queue where siren = ${siren}`))[0].s);
    expect(await entries('officers')).toMatchObject([{ state: 'waiting', attempts: 1, error: 'Service RNE\u00a0: HTTP 500.' }]);
    const first = await delayOf();
    expect(first).toBeGreaterThan(100);
    expect(first).toBeLessThanOrEqual(120);
    await t.ctx.db.execute(sql`update rne_queue set not_before = now() where siren = ${siren}`);
    await drain('officers', { backoffBaseMs: 120_000 });
    expect(await entries('officers')).toMatchObject([{ state: 'waiting', attempts: 2 }]);
    const second = await delayOf();
    expect(second).toBeGreaterThan(220);
    expect(second).toBeLessThanOrEqual(240);
  });

  it('rests the account after 3 failures in a row: an outage fails a few entries, not the whole queue', async () => {
    const id = await account('officers');
    const sirens = validSirens(10, 30_760_011);
    await enqueue('officers', sirens);
    // Three failures: had the lane gone on, the fourth entry would have succeeded.
    fake.failNext(/^\/api\/companies\//, 502, 3);
    const stats = await drain('officers', { backoffBaseMs: 120_000 });
    expect(stats).toMatchObject({ failed: 3, processed: 0 });
    const all = await entries('officers');
    expect(all.filter((e) => e.attempts === 1).map((e) => e.siren)).toEqual(sirens.slice(0, 3));
    expect(all.filter((e) => e.attempts === 0)).toHaveLength(7);
    expect(all.every((e) => e.state === 'waiting')).toBe(true);
    const [acc] = await rows<{ rests: boolean; leased_until: Date | null }>(sql`select available_at > now() + interval '100 seconds' as rests, leased_until from rne_accounts where id = ${id}`);
    expect(acc).toEqual({ rests: true, leased_until: null });
  });

  it('counts a time-out as a failure', async () => {
    await account('officers');
    const [siren] = validSirens(1, 30_800_011);
    await enqueue('officers', [siren]);
    fake.latencyMs = 400;
    const deps = workerDeps(t.ctx, { backoffBaseMs: 200_000 });
    deps.endpoint.timeoutMs = 150;
    // The login answers too late as well: the first attempt fails on it.
    await drainQueue(deps, 'officers', new AbortController().signal);
    expect(await entries('officers')).toMatchObject([{ state: 'waiting', attempts: 1, error: 'Service RNE injoignable (délai dépassé).' }]);
  });

  it('parks a SIREN unknown to the RNE (404) at once', async () => {
    await account('officers');
    await enqueue('officers', ['123456000']);
    const stats = await drain('officers');
    expect(stats).toMatchObject({ parked: 1, processed: 0 });
    expect(companyCalls('123456000')).toHaveLength(1);
    expect(await entries('officers')).toMatchObject([{ state: 'parked', attempts: 1, error: UNKNOWN_MESSAGE }]);
    expect(UNKNOWN_MESSAGE).toBe('Entreprise inconnue du RNE (HTTP 404).');
  });

  it('takes an account whose credentials are refused out of the lanes, recording it, and leaves the entry waiting', async () => {
    const id = await account('officers', FAKE_RNE_ACCOUNT.username, 'wrong-password');
    const [siren] = validSirens(1, 30_900_011);
    await enqueue('officers', [siren]);
    const stats = await drain('officers');
    expect(stats).toMatchObject({ processed: 0, released: 1 });
    expect(companyCalls(siren)).toHaveLength(0);
    expect(await entries('officers')).toMatchObject([{ state: 'waiting', attempts: 0 }]);
    const [acc] = await rows<{ token_ok: number; changed_at: Date | null; last_error: string; leased_until: Date | null }>(
      sql`select token_ok, changed_at, last_error, leased_until from rne_accounts where id = ${id}`,
    );
    expect(acc).toMatchObject({ token_ok: 0, last_error: 'Identifiants refusés par le service RNE.', leased_until: null });
    expect(acc.changed_at).not.toBeNull();
    // A disabled account is not used either.
    await t.ctx.db.execute(sql`update rne_accounts set token_ok = 1, status = 0 where id = ${id}`);
    expect(await drain('officers')).toMatchObject({ processed: 0, released: 0, logins: 0 });
  });

  it('spaces the requests of an account by RNE_REQUESTS_PER_MINUTE and records available_at', async () => {
    const id = await account('officers');
    const sirens = validSirens(3, 31_000_011);
    await enqueue('officers', sirens);
    const deps = workerDeps(t.ctx);
    deps.requestsPerMinute = 600; // one request per 100 ms
    const started = Date.now();
    const stats = await drainQueue(deps, 'officers', new AbortController().signal);
    expect(stats.processed).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    const [acc] = await rows<{ later: boolean }>(sql`select available_at > now() - interval '1 second' as later from rne_accounts where id = ${id}`);
    expect(acc.later).toBe(true);
  });

  it('takes back a running entry whose lease passed (its worker died)', async () => {
    const id = await account('officers');
    const [siren] = validSirens(1, 31_100_011);
    await t.ctx.db.execute(
      sql`insert into rne_queue (queue, siren, reason, state, lease_until, account_id) values ('officers', ${siren}, 'Saisie manuelle', 'running', now() - interval '1 minute', ${id})`,
    );
    // An account leased by a dead worker is taken back too once its lease passed.
    await t.ctx.db.execute(sql`update rne_accounts set leased_by = 'gone:1:1', leased_until = now() - interval '1 second' where id = ${id}`);
    expect(await drain('officers')).toMatchObject({ processed: 1 });
    expect(await entries('officers')).toMatchObject([{ state: 'done' }]);
  });

  it('leaves the accounts leased by another live worker alone', async () => {
    const id = await account('officers');
    const [siren] = validSirens(1, 31_150_011);
    await enqueue('officers', [siren]);
    await t.ctx.db.execute(sql`update rne_accounts set leased_by = 'other:1:1', leased_until = now() + interval '1 minute' where id = ${id}`);
    expect(await drain('officers')).toMatchObject({ processed: 0 });
    expect(fake.calls).toHaveLength(0);
  });
});

describe('pg-boss tasks', () => {
  it('a process with the worker off never runs the task; a process with it on does, when woken', async () => {
    await account('officers');
    const sirens = validSirens(2, 31_200_011);
    await enqueue('officers', sirens);
    // The test app runs with RNE_WORKER off: the wake sends a job, nobody here takes it.
    expect(t.ctx.config.rneWorker).toBe(false);
    registerRneWorker(t.ctx); // a no-op with the worker off
    await wakeRneWorker(t.ctx, 'officers');
    await new Promise((r) => setTimeout(r, 2500));
    expect((await entries('officers')).map((e) => e.state)).toEqual(['waiting', 'waiting']);
    expect(fake.calls).toHaveLength(0);

    // A second "process" on the same database with the worker on.
    const jobs = new JobQueue(t.ctx.database);
    const on: AppContext = { ...t.ctx, config: { ...t.ctx.config, rneWorker: true }, jobs };
    registerRneWorker(on, { backoffBaseMs: 200_000 });
    await jobs.start();
    try {
      await vi.waitFor(async () => expect((await entries('officers')).map((e) => e.state)).toEqual(['done', 'done']), { timeout: 15_000, interval: 100 });
      for (const siren of sirens) expect(companyCalls(siren)).toHaveLength(1);
      // A later wake from the worker-off process reaches it too.
      const [late] = validSirens(1, 31_250_011);
      await enqueue('officers', [late]);
      await wakeRneWorker(t.ctx, 'officers');
      await vi.waitFor(async () => expect((await entries('officers')).map((e) => e.state)).toEqual(['done', 'done', 'done']), { timeout: 15_000, interval: 50 });
      expect(companyCalls(late).length).toBeGreaterThan(0);
    } finally {
      await jobs.stop();
    }
  });
});

describe('server with RNE_WORKER=on', () => {
  it('runs the worker: an account added and synced through the API, SIRENs added by hand, processed without a wait for the cron', async () => {
    const on = await createTestApp({ RNE_API_URL: fake.url, RNE_WORKER: 'on' });
    try {
      const root = await on.superAdmin();
      const created = await root.post('/api/supervisions/rne/accounts', { pool: 'officers', email: FAKE_RNE_ACCOUNT.username, password: FAKE_RNE_ACCOUNT.password, status: 1 });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json() as { id: number };
      const sync = await root.get(`/api/supervisions/syncInpiAccount/${id}`);
      expect(sync.json()).toMatchObject({ result: 'ok', account: { token: 1 } });
      const sirens = validSirens(3, 31_300_011);
      const added = await root.post('/api/supervisions/queues/officers/sirens', { sirens });
      expect(added.statusCode, added.body).toBe(200);
      const states = () => rowsOn<{ state: string }>(on, sql`select state from rne_queue where queue = 'officers' order by id`);
      await vi.waitFor(async () => expect((await states()).map((e) => e.state)).toEqual(['done', 'done', 'done']), { timeout: 10_000, interval: 100 });
      const [logged] = await rowsOn<{ n: string }>(on, sql`select count(*) as n from update_log where code = 'RNE'`);
      expect(Number(logged.n)).toBe(3);
      const accountRow = async () => ((await root.get('/api/supervisions/inpiall')).json() as Array<{ id: number; dirigeants: number; is_used: number }>).find((a) => a.id === id)!;
      expect((await accountRow()).dirigeants).toBeGreaterThanOrEqual(6);
      // The lease is given back once the lane finds nothing more to do (just after the last commit).
      await vi.waitFor(async () => expect((await accountRow()).is_used).toBe(0), { timeout: 10_000, interval: 100 });
    } finally {
      await on.close();
    }
  });
});

describe('server with RNE_WORKER=on, no usable account yet', () => {
  it('SIRENs wait while the only account is unchecked; its successful check wakes the worker at once', async () => {
    const on = await createTestApp({ RNE_API_URL: fake.url, RNE_WORKER: 'on' });
    try {
      const root = await on.superAdmin();
      const created = await root.post('/api/supervisions/rne/accounts', { pool: 'officers', email: FAKE_RNE_ACCOUNT.username, password: FAKE_RNE_ACCOUNT.password, status: 1 });
      expect(created.statusCode, created.body).toBe(201);
      const { id } = created.json() as { id: number };
      const sirens = validSirens(2, 31_400_011);
      expect((await root.post('/api/supervisions/queues/officers/sirens', { sirens })).statusCode).toBe(200);
      const states = () => rowsOn<{ state: string }>(on, sql`select state from rne_queue where queue = 'officers' order by id`);
      // Woken by the add (and by the start), the worker finds no account whose token is ok: once no job of the task
      // is left, the entries still wait.
      const pending = async () =>
        Number((await rowsOn<{ n: string }>(on, sql`select count(*) as n from ${sql.raw(BOSS_SCHEMA)}.job where name = 'rne-officers' and state in ('created', 'retry', 'active')`))[0].n);
      await vi.waitFor(async () => expect(await pending()).toBe(0), { timeout: 10_000, interval: 100 });
      expect((await states()).map((e) => e.state)).toEqual(['waiting', 'waiting']);
      expect((await root.get(`/api/supervisions/syncInpiAccount/${id}`)).json()).toMatchObject({ result: 'ok' });
      // Well before the next cron tick (a minute), the check's wake has them processed.
      await vi.waitFor(async () => expect((await states()).map((e) => e.state)).toEqual(['done', 'done']), { timeout: 10_000, interval: 100 });
    } finally {
      await on.close();
    }
  });
});

async function rowsOn<T>(app: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(app.ctx.db, query);
}
