/**
 * kill -9 of the server during a deals publication (`GET /api/transactions/insert`) and during its purge
 * (`GET /api/transactions/purge`), each one transaction (server/modules/deals/publication.ts). FAULTS_ROWS/2
 * deals are imported, published and purged twice to time both (D, the second time), then each is killed D/2 after its
 * transaction began (seen in `pg_stat_activity`). After the restart (the killed process's connections gone), the
 * publication is all or nothing:
 * - no batch, no published deal, every active deal pending (its `published_revision` not its revision); or
 * - one batch of every deal, every deal published at its revision, none pending;
 * and the next publication or purge runs (its advisory lock was released) and answers the count of every deal.
 */
import type pg from 'pg';
import { count, waitForOrphans, withClient } from '../db';
import { dealsCsv, fileForm } from '../inputs';
import type { FaultContext, Scenario } from '../scenario';
import { kill9, startApp, type BrowserClient, type ProcessServer } from '../server';

/** What the database holds of the publication. */
async function publicationState(c: pg.Client) {
  return {
    batches: await count(c, 'select count(*) from deal_publish_batches'),
    published: await count(c, 'select count(*) from published_deals'),
    pending: await count(c, 'select count(*) from deals where status = 1 and published_revision is distinct from revision'),
    at_revision: await count(c, 'select count(*) from deals where status = 1 and published_revision = revision'),
  };
}

/** Calls `insert` or `purge` and answers the count and the milliseconds it took. @throws Error unless 200 */
async function publication(http: BrowserClient, op: 'insert' | 'purge'): Promise<{ n: number; ms: number }> {
  const res = await http.call('GET', `/api/transactions/${op}`);
  if (res.status !== 200) throw new Error(`${op} answered ${res.status}: ${JSON.stringify(res.json)}`);
  return { n: res.json as number, ms: res.ms };
}

/** The scenario. */
export const dealsPublicationScenario: Scenario = {
  name: 'kill.publication',
  async run(ctx: FaultContext) {
    const deals = Math.max(1000, Math.round(ctx.rows / 2));
    const { name, url } = await ctx.database('publication');
    const tmp = ctx.tmpdir('publication');
    let app: { server: ProcessServer; http: BrowserClient } = await startApp(url, tmp);
    try {
      const imported = await app.http.call('POST', '/api/transactions/import', fileForm(dealsCsv(deals, 0), 'transactions.csv'));
      if (imported.status !== 200) throw new Error(`deals import answered ${imported.status}: ${JSON.stringify(imported.json)}`);
      // Timed on the second round (the first publication of a base is slower: cold cache).
      let timed = { insert: { n: 0, ms: 0 }, purge: { n: 0, ms: 0 } };
      for (let round = 0; round < 2; round++) {
        timed = { insert: await publication(app.http, 'insert'), purge: await publication(app.http, 'purge') };
        ctx.expect(timed.insert.n === deals && timed.purge.n === deals, `publication: a full insert then purge each count ${deals} deals (found ${timed.insert.n}, ${timed.purge.n})`);
      }
      ctx.log(`insert ${Math.round(timed.insert.ms)} ms, purge ${Math.round(timed.purge.ms)} ms for ${deals} deals`);

      for (const op of ['insert', 'purge'] as const) {
        const fault = `kill.publication.${op}`;
        const target = timed[op].ms / 3;
        let answered = false;
        const pending = app.http.call('GET', `/api/transactions/${op}`).finally(() => (answered = true));
        pending.catch(() => {}); // the kill cuts it
        let seen: { age_ms: number; query: string } | undefined;
        await withClient(ctx.adminUrl, async (c) => {
          for (const end = Date.now() + 120_000; Date.now() < end && !answered; ) {
            const { rows } = await c.query<{ age_ms: number; query: string }>(
              `select extract(epoch from now() - xact_start) * 1000 as age_ms, left(query, 120) as query from pg_stat_activity
                where datname = $1 and pid <> pg_backend_pid() and xact_start is not null and query ~* 'publish' order by xact_start limit 1`,
              [name],
            );
            if (rows[0]) seen = rows[0];
            if (rows[0] && rows[0].age_ms >= target) return;
            await new Promise((r) => setTimeout(r, 2));
          }
        });
        const killedAt = new Date();
        const answeredFirst = answered;
        await kill9(app.server);
        const orphanSeconds = await waitForOrphans(ctx.adminUrl, name, killedAt);
        app = await startApp(url, tmp);
        const state = await withClient(url, publicationState);
        const none = state.batches === 0 && state.published === 0 && state.pending === deals && state.at_revision === 0;
        const all = state.batches === 1 && state.published === deals && state.pending === 0 && state.at_revision === deals;
        ctx.expect(none || all, `${fault}: the publication is all or nothing after the restart (found ${JSON.stringify(state)})`);
        // The next call runs: the killed transaction's advisory lock went with its connection.
        const next = all ? await publication(app.http, 'purge') : await publication(app.http, 'insert');
        ctx.expect(next.n === deals, `${fault}: the next ${all ? 'purge' : 'insert'} after the restart counts ${deals} deals (found ${next.n})`);
        ctx.report({
          fault,
          deals,
          full_run_ms: Math.round(timed[op].ms),
          kill_point: answeredFirst ? 'after_answer' : seen ? `transaction_age_${Math.round(seen.age_ms)}ms` : 'not_seen',
          statement_when_killed: seen?.query.replace(/\s+/g, ' ').slice(0, 80) ?? null,
          state_after_restart: all ? 'all_published' : none ? 'nothing_published' : 'partial',
          transaction: (op === 'insert') === all ? 'committed' : 'rolled_back',
          ...state,
          seconds_until_killed_connections_gone: Math.round(orphanSeconds * 10) / 10,
          next_call: all ? 'purge' : 'insert',
          next_call_ms: Math.round(next.ms),
        });
        // The purge is killed on a published state: publish again when the insert's kill left nothing, or the next call purged.
        if (op === 'insert' && (await withClient(url, publicationState)).batches === 0) await publication(app.http, 'insert');
      }
    } finally {
      app.server.child.kill('SIGTERM');
      await app.server.exited;
    }
  },
};
