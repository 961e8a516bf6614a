/**
 * kill -9 of the RNE worker (`npm run worker`, server/cli/worker.ts) during its commits (server/modules/rne/worker/
 * commit.ts: one transaction per entry writes the officers, the day counters, the update-log entry and the entry's
 * `done`), against the fake RNE API of test/helpers/fake-rne-server.ts on 127.0.0.1, two officers accounts.
 * FAULTS_ROWS/200 SIRENs (at least 300, fictitious: test/helpers/sirens.ts) are queued; the worker is killed once a
 * third is done, at a moment one of its transactions is open (seen in `pg_stat_activity`). Then, the killed
 * process's connections gone, the state matches the data:
 * - a done entry has its officers and its update-log entry, and the queue's day counts it;
 * - an entry not done has no officers.
 * The entries and accounts the dead worker held stay leased (5 min and 1 min, server/modules/rne/worker/options.ts):
 * the suite moves those leases into the past rather than wait for them (what the time would do), starts a new
 * worker, and checks that it finishes the queue with each entry counted once (no officer twice, one log entry and
 * one processed count per SIREN).
 */
import type pg from 'pg';
import { openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/bootstrap';
import { parseAppKey, SecretBox } from '../../server/lib/app-key';
import { startFakeRne } from '../../test/helpers/fake-rne-server';
import { validSirens } from '../../test/helpers/sirens';
import { count, until, waitForOrphans, withClient } from '../db';
import { sirenBase } from '../inputs';
import type { Scenario } from '../scenario';
import { kill9, PROCESS_APP_KEY, startWorker, stop } from '../server';

/** Counts that must agree with the entries' states. */
async function consistency(c: pg.Client) {
  return {
    done: await count(c, `select count(*) from rne_queue where state = 'done'`),
    running: await count(c, `select count(*) from rne_queue where state = 'running'`),
    waiting: await count(c, `select count(*) from rne_queue where state = 'waiting'`),
    done_without_officers: await count(c, `select count(*) from rne_queue q where q.state = 'done' and not exists (select 1 from rne_officers o where o.siren = q.siren)`),
    not_done_with_officers: await count(c, `select count(*) from rne_queue q where q.state <> 'done' and exists (select 1 from rne_officers o where o.siren = q.siren)`),
    processed_counted: await count(c, `select coalesce(sum(processed), 0) from rne_queue_days where queue = 'officers'`),
    log_entries: await count(c, `select count(*) from update_log where code = 'RNE'`),
    log_sirens: await count(c, `select count(distinct siren) from update_log where code = 'RNE'`),
    officers_twice: await count(c, `select count(*) from (select siren, key from rne_officers group by siren, key having count(*) > 1) x`),
  };
}

/** The scenario. */
export const rneWorkerScenario: Scenario = {
  name: 'kill.rne-worker',
  async run(ctx) {
    const total = Math.max(300, Math.round(ctx.rows / 200));
    const { name, url } = await ctx.database('rne');
    const tmp = ctx.tmpdir('rne');
    const fake = await startFakeRne({ latencyMs: 5 });
    const database = await openDatabase({ databaseUrl: url });
    await prepareDatabase(database);
    await database.close();
    const box = new SecretBox(parseAppKey(PROCESS_APP_KEY));
    // SIRENs ending in 000 answer 404 at the fake: left out.
    const sirens = validSirens(total + 10, sirenBase(50))
      .filter((s) => !s.endsWith('000'))
      .slice(0, total);
    await withClient(url, async (c) => {
      for (let i = 0; i < 2; i++) {
        const email = `officers-${i}@example.com`;
        fake.accounts.set(email, `pw-${i}`);
        await c.query(`insert into rne_accounts (pool, email, password_enc, status, token_ok) values ('officers', $1, $2, 1, 1)`, [email, box.encrypt(`pw-${i}`)]);
      }
      await c.query(`insert into rne_queue (queue, siren, reason) select 'officers', s, 'Saisie manuelle' from unnest($1::text[]) as s`, [sirens]);
    });
    let worker = startWorker(url, tmp, fake.url);
    try {
      await withClient(url, async (c) => {
        const third = await until(async () => (await count(c, `select count(*) from rne_queue where state = 'done'`)) >= total / 3, 180_000, 20);
        if (!third) throw new Error(`the worker did not get through a third of the queue:\n${worker.output().slice(-3000)}`);
      });
      // Aim at an open transaction of the worker (a commit under way).
      let statement: string | null = null;
      await withClient(ctx.adminUrl, async (c) => {
        for (const end = Date.now() + 5000; Date.now() < end && !statement; ) {
          const { rows } = await c.query<{ query: string }>(
            `select left(query, 120) as query from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and xact_start is not null
               and query ~* 'rne_officers|rne_beneficial_owners|rne_account_days|rne_queue_days|update_log|rne_queue' limit 1`,
            [name],
          );
          statement = rows[0]?.query.replace(/\s+/g, ' ').trim().slice(0, 80) ?? null;
        }
      });
      const killedAt = new Date();
      await kill9(worker);
      const orphanSeconds = await waitForOrphans(ctx.adminUrl, name, killedAt);
      const atKill = await withClient(url, consistency);
      const expectConsistent = (label: string, s: typeof atKill) => {
        ctx.expect(s.done_without_officers === 0, `${label}: every done entry has its officers (${s.done_without_officers} have none)`);
        ctx.expect(s.not_done_with_officers === 0, `${label}: an entry not done has no officers (${s.not_done_with_officers} have)`);
        ctx.expect(s.processed_counted === s.done, `${label}: the queue's day counts each done entry once (${s.processed_counted} counted, ${s.done} done)`);
        ctx.expect(s.log_entries === s.done && s.log_sirens === s.done, `${label}: one RNE update-log entry per done entry (${s.log_entries} entries on ${s.log_sirens} SIRENs, ${s.done} done)`);
        ctx.expect(s.officers_twice === 0, `${label}: no officer written twice (${s.officers_twice})`);
      };
      expectConsistent('kill.rne-worker.commit', atKill);

      // The leases the dead worker held run out (5 min and 1 min): moved into the past instead of waiting.
      await withClient(url, async (c) => {
        await c.query(`update rne_queue set lease_until = now() - interval '1 second' where state = 'running'`);
        await c.query(`update rne_accounts set leased_until = now() - interval '1 second' where leased_until is not null`);
      });
      const t0 = Date.now();
      worker = startWorker(url, tmp, fake.url);
      const finished = await withClient(url, (c) => until(async () => (await count(c, `select count(*) from rne_queue where state <> 'done'`)) === 0, 180_000, 200));
      const finishSeconds = (Date.now() - t0) / 1000;
      const code = await stop(worker);
      ctx.expect(finished, `kill.rne-worker: a new worker finishes the queue (${worker.output().slice(-500)})`);
      ctx.expect(code === 0, `kill.rne-worker: the new worker stops cleanly on SIGTERM (exit ${code})`);
      const end = await withClient(url, consistency);
      expectConsistent('kill.rne-worker.after', end);
      ctx.expect(end.done === total, `kill.rne-worker: every entry done at the end (${end.done} of ${total})`);
      ctx.report({
        fault: 'kill.rne-worker.commit',
        entries: total,
        statement_when_killed: statement,
        done_when_killed: atKill.done,
        running_when_killed: atKill.running,
        state_at_kill: atKill,
        seconds_until_killed_connections_gone: Math.round(orphanSeconds * 10) / 10,
        seconds_new_worker_to_finish: Math.round(finishSeconds * 10) / 10,
        state_at_end: end,
      });
    } finally {
      worker.child.kill('SIGKILL');
      await fake.close();
    }
  },
};
