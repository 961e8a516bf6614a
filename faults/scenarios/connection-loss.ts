/**
 * Loss of the database under load: a few clients, each signed in like the browser, call list and statistics routes
 * (news and deals lists, deals statistics, update-log statistics, `/healthz`) without pause, while the suite
 * 1. ends every connection of the app (`pg_terminate_backend`, five times 200 ms apart: idle and busy connections);
 * 2. restarts PostgreSQL, down for 2 s (`pg_ctl stop -m fast`, then `-m immediate`, and `start`; only on the suite's
 *    own cluster).
 * Asserted for each fault:
 * - requests fail fast: every answer is 200 or 503, never 500, never a hang or a dropped connection; a 503 of an
 *   `/api` route has the contract's body `{message: 'Base de données momentanément indisponible, réessayez.'}`
 *   (CONVENTIONS.md section 3; server/http/errors.ts); the longest request during the fault is under FAIL_FAST_MS;
 * - the process recovers by itself: after the fault ends, every request succeeds again within RECOVERY_MAX_S, the
 *   server process never exited.
 * Figures: requests and 503s during the fault, the longest request, the recovery time.
 */
import { DB_UNAVAILABLE } from '../../server/lib/errors';
import { withClient } from '../db';
import { dealsCsv, fileForm } from '../inputs';
import type { FaultContext, Scenario } from '../scenario';
import { BrowserClient, startApp, type ProcessServer } from '../server';

/** Concurrent clients. */
const CLIENTS = 4;
/** A request still unanswered after this is a hang (ms). */
const HANG_MS = 30_000;
/** Longest request accepted while the database is lost (ms). */
const FAIL_FAST_MS = 5_000;
/** Seconds within which every request must succeed again once the fault ended. */
const RECOVERY_MAX_S = 10;
/** The load goes on until every request succeeded for this long after the fault (ms), or RECOVERY_MAX_S + 2 s passed. */
const STEADY_MS = 2000;

/** The routes the clients call, in turn. */
const ROUTES: Array<{ method: 'GET' | 'POST'; path: string; body?: unknown }> = [
  { method: 'POST', path: '/api/news/filter', body: {} },
  { method: 'POST', path: '/api/transactions/filter', body: { orderBy: { column: 'deal_date', direction: 'desc' } } },
  { method: 'GET', path: '/api/transactions/stats' },
  { method: 'GET', path: '/api/messages/getdatas' },
  { method: 'GET', path: '/healthz' },
];

/** One request of the load: start and end (ms, performance clock), status (0: no answer), body. */
interface Sample {
  route: string;
  start: number;
  end: number;
  status: number;
  json: unknown;
  error?: string;
}

/** The load: CLIENTS loops calling ROUTES until `stop`. */
function load(clients: BrowserClient[]) {
  const samples: Sample[] = [];
  let running = true;
  const loops = clients.map(async (http, c) => {
    for (let i = c; running; i++) {
      const route = ROUTES[i % ROUTES.length];
      const start = performance.now();
      try {
        const res = await http.call(route.method, route.path, route.body, { signal: AbortSignal.timeout(HANG_MS) });
        samples.push({ route: route.path, start, end: performance.now(), status: res.status, json: res.json });
      } catch (err) {
        samples.push({ route: route.path, start, end: performance.now(), status: 0, json: null, error: (err as Error).name + ': ' + (err as Error).message });
      }
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * Runs one fault (`inject`, which resolves when the fault is over) under the load and checks and reports it as
 * `fault`.
 */
async function underLoad(ctx: FaultContext, server: ProcessServer, clients: BrowserClient[], fault: string, inject: () => Promise<Record<string, unknown>>): Promise<void> {
  const traffic = load(clients);
  await new Promise((r) => setTimeout(r, 1000));
  const faultStart = performance.now();
  const details = await inject();
  const faultEnd = performance.now();
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const now = performance.now();
    const lastFailed = Math.max(faultEnd, ...traffic.samples.filter((s) => s.status !== 200).map((s) => s.end));
    const since = traffic.samples.filter((s) => s.start > lastFailed).length;
    if ((now - lastFailed >= STEADY_MS && since >= CLIENTS) || now - faultEnd > (RECOVERY_MAX_S + 2) * 1000) break;
  }
  await traffic.stop();
  const samples = traffic.samples;
  const before = samples.filter((s) => s.end < faultStart);
  const failures = samples.filter((s) => s.status !== 200);
  const lastFailure = Math.max(faultEnd, ...failures.map((s) => s.end));
  const recovery = (lastFailure - faultEnd) / 1000;
  const during = samples.filter((s) => s.end >= faultStart && s.start <= lastFailure);
  const longest = Math.max(0, ...during.map((s) => s.end - s.start));
  const statuses: Record<string, number> = {};
  for (const s of during) statuses[s.status] = (statuses[s.status] ?? 0) + 1;
  const after = samples.filter((s) => s.start > lastFailure);

  ctx.expect(before.length > 0 && before.every((s) => s.status === 200), `${fault}: every request succeeds before the fault (${before.filter((s) => s.status !== 200).length} of ${before.length} did not)`);
  const wrong = failures.filter((s) => s.status !== 503);
  ctx.expect(!wrong.length, `${fault}: a request during the fault answers 200 or 503, never 500, a hang or a dropped connection (found ${wrong.slice(0, 3).map((s) => `${s.route} ${s.status} ${s.error ?? JSON.stringify(s.json)}`).join('; ')})`);
  const badBody = failures.filter((s) => s.status === 503 && s.route.startsWith('/api/') && JSON.stringify(s.json) !== JSON.stringify({ message: DB_UNAVAILABLE }));
  ctx.expect(!badBody.length, `${fault}: a 503 of an /api route has the body {message: "${DB_UNAVAILABLE}"} (found ${badBody.slice(0, 3).map((s) => JSON.stringify(s.json)).join('; ')})`);
  ctx.expect(longest < FAIL_FAST_MS, `${fault}: requests fail fast, the longest during the fault under ${FAIL_FAST_MS} ms (found ${Math.round(longest)} ms)`);
  ctx.expect(recovery <= RECOVERY_MAX_S, `${fault}: requests succeed again within ${RECOVERY_MAX_S} s of the fault's end (found ${recovery.toFixed(1)} s)`);
  ctx.expect(after.length >= CLIENTS, `${fault}: the clients kept being answered after the recovery (${after.length} requests)`);
  ctx.expect(server.child.exitCode === null && server.child.signalCode === null, `${fault}: the server process is still running`);
  ctx.report({
    fault,
    ...details,
    clients: CLIENTS,
    requests_before: before.length,
    requests_during_fault: during.length,
    statuses_during_fault: statuses,
    longest_request_during_fault_ms: Math.round(longest),
    fault_seconds: Math.round((faultEnd - faultStart) / 100) / 10,
    recovery_seconds_after_fault: Math.round(recovery * 10) / 10,
    requests_after_recovery: after.length,
  });
}

/** The scenario. */
export const connectionLossScenario: Scenario = {
  name: 'connection-loss',
  async run(ctx) {
    const { name, url } = await ctx.database('connloss');
    const tmp = ctx.tmpdir('connloss');
    const { server, http } = await startApp(url, tmp);
    try {
      // Some rows, so that the lists' queries take a little time and may be cut in the middle.
      const seeded = await http.call('POST', '/api/transactions/import', fileForm(dealsCsv(Math.round(ctx.rows / 5), 0), 'transactions.csv'));
      ctx.expect(seeded.status === 200, `connection-loss: the deals used as load import (answered ${seeded.status})`);
      const clients = [http, ...(await Promise.all(Array.from({ length: CLIENTS - 1 }, () => new BrowserClient(server.url).signIn())))];

      await underLoad(ctx, server, clients, 'pg_terminate_backend', async () => {
        let terminated = 0;
        await withClient(ctx.adminUrl, async (c) => {
          for (let i = 0; i < 5; i++) {
            const { rows } = await c.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name]);
            terminated += rows[0].n as number;
            await new Promise((r) => setTimeout(r, 200));
          }
        });
        return { connections_terminated: terminated };
      });

      if (!ctx.cluster) {
        ctx.log('FAULTS_DATABASE_URL given: the PostgreSQL restart is skipped');
        return;
      }
      for (const mode of ['fast', 'immediate'] as const) {
        await underLoad(ctx, server, clients, `postgresql_restart_${mode}`, async () => ({ down_seconds: Math.round((await ctx.cluster!.restart(mode)) * 10) / 10 }));
      }
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  },
};
