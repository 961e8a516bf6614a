/**
 * The shared fault of the import scenarios: kill -9 of the server while one of its file imports runs, then a
 * restart on the same database, and the check that the job's state tells the truth about the data
 * (CONVENTIONS.md section 6: a job writes its rows in transactions; the next start marks a killed job failed):
 * - `done` (the merge committed before the kill): every row of the file is there;
 * - `failed`: its error is the interruption message (server/jobs/queue.ts INTERRUPTED_MESSAGE), none of its rows
 *   were written, and its stored input is gone.
 * Two kill points per import: `reading` (the job has reported rows read and runs its COPY into the stage, or has
 * read a quarter of its file) and `merging` (the job's connection has moved on from its COPY to the next statements
 * of its transaction: the checks, the merge or the commit run). A kill may still land after the commit
 * (the job is then done): `kill_point` says where it landed. The job and the rows are read straight from the database.
 */
import type pg from 'pg';
import { INTERRUPTED_MESSAGE } from '../server/jobs/failure';
import { count, until, withClient } from './db';
import type { FaultContext } from './scenario';
import { kill9, startApp, type BrowserClient, type ProcessServer } from './server';

/** The app under fault and the database it runs on. */
export interface Running {
  server: ProcessServer;
  http: BrowserClient;
  url: string;
  tmp: string;
}

/** One import as the scenarios drive it. */
export interface ImportUnderTest {
  /** `news`, `deals`, `sirene`, `bodacc`. */
  name: string;
  /** Job kind (the `jobs.kind` of its job). */
  kind: string;
  /**
   * Sends the file of the `n`-th attempt (distinct rows each time) and answers how many rows a done job writes.
   * The request may still be running when it resolves (the deals upload answers once its job ends).
   */
  send(http: BrowserClient, n: number): Promise<{ expected: number; pending?: Promise<unknown> }>;
  /** Rows of job `jobId` (attempt `n`) found in the database. */
  written(c: pg.Client, jobId: string, n: number): Promise<number>;
}

/** Where the kill is aimed. */
export type KillPoint = 'reading' | 'merging';

interface JobRow {
  id: string;
  state: string;
  rows_read: string;
  bytes_read: string;
  bytes_total: string | null;
  error: string | null;
}

/** The latest job of `kind`, or undefined. */
async function latestJob(c: pg.Client, kind: string, after: Date): Promise<JobRow | undefined> {
  const { rows } = await c.query<JobRow>('select id, state, rows_read, bytes_read, bytes_total, error from jobs where kind = $1 and created_at >= $2 order by created_at desc limit 1', [kind, after]);
  return rows[0];
}

/**
 * Runs one killed import on `app` and restarts the server: answers the restarted app (for the next fault).
 * Reports `kill.<name>.<point>` with the kill point (rows read when killed), the state after the restart, the rows
 * found and expected, and the seconds until the job's state was final after the restart.
 */
export async function killDuringImport(ctx: FaultContext, app: Running, imp: ImportUnderTest, point: KillPoint, attempt: number): Promise<Running> {
  const fault = `kill.${imp.name}.${point}`;
  ctx.log(`${fault}: sending the file`);
  const since = new Date(Date.now() - 1000);
  const sent = await imp.send(app.http, attempt);
  sent.pending?.catch(() => {}); // the kill cuts that request
  let seen: JobRow | undefined;
  let landed = 'not_started';
  let statement: string | null = null;
  await withClient(app.url, async (c) => {
    const deadline = Date.now() + 300_000;
    // The job's own connection, known once it runs the COPY into the stage.
    let copyPid: number | undefined;
    for (;;) {
      const job = await latestJob(c, imp.kind, since);
      const { rows: backends } = await c.query<{ pid: number; copying: boolean; in_xact: boolean; query: string }>(
        `select pid, state = 'active' and query ~* '^\\s*copy\\s' as copying, xact_start is not null as in_xact, left(query, 100) as query
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
      );
      const copying = backends.find((b) => b.copying);
      if (copying) copyPid = copying.pid;
      const jobBackend = backends.find((b) => b.pid === copyPid);
      if (job) {
        seen = job;
        if (job.state === 'done' || job.state === 'failed') {
          landed = `after_end_${job.state}`;
          break;
        }
        const [bytesRead, bytesTotal] = [Number(job.bytes_read), job.bytes_total === null ? Infinity : Number(job.bytes_total)];
        // Read through: the job's connection moved on from its COPY (or, before it is known, every byte was read).
        const read = jobBackend ? !jobBackend.copying && jobBackend.in_xact : bytesRead >= bytesTotal;
        const reading = Number(job.rows_read) > 0 && (bytesRead >= bytesTotal / 4 || Boolean(copying)) && bytesRead < bytesTotal;
        if (job.state === 'running' && (point === 'reading' ? reading : read)) {
          landed = point;
          statement = jobBackend?.query.replace(/\s+/g, ' ').trim().slice(0, 80) ?? null;
          break;
        }
      }
      if (Date.now() > deadline) throw new Error(`${fault}: the job did not reach the kill point (${JSON.stringify(job)})`);
      await new Promise((r) => setTimeout(r, 5));
    }
  });
  await kill9(app.server);
  const killedAt = Date.now();
  if (!seen) throw new Error(`${fault}: no job`);
  const jobId = seen.id;

  const restarted = await startApp(app.url, app.tmp);
  const t0 = Date.now();
  let final: JobRow | undefined;
  await withClient(app.url, async (c) => {
    await until(async () => {
      final = (await c.query<JobRow>('select id, state, rows_read, bytes_read, bytes_total, error from jobs where id = $1', [jobId])).rows[0];
      return final.state === 'done' || final.state === 'failed';
    }, 120_000);
    const finalAt = Date.now();
    const found = await imp.written(c, jobId, attempt);
    const chunks = await count(c, 'select count(*) from job_file_chunks where job_id = $1', [jobId]);
    const state = final!.state;
    ctx.expect(state === 'done' || state === 'failed', `${fault}: job ${jobId} final after the restart (found ${state})`);
    if (state === 'done') ctx.expect(found === sent.expected, `${fault}: a done job has all its ${sent.expected} rows (found ${found})`);
    if (state === 'failed') {
      ctx.expect(final!.error === INTERRUPTED_MESSAGE, `${fault}: a killed job fails with the interruption message (found ${JSON.stringify(final!.error)})`);
      ctx.expect(found === 0, `${fault}: a failed job wrote nothing (found ${found} rows)`);
    }
    ctx.expect(chunks === 0, `${fault}: the job's stored input is removed once it ended (found ${chunks} chunks)`);
    // The app answers from its restarted process: the job as the screens read it.
    const viaApi = await restarted.http.job(jobId);
    ctx.expect(viaApi.state === state, `${fault}: GET /api/jobs/:id tells the same state (found ${viaApi.state})`);
    ctx.report({
      fault,
      kill_point: landed,
      statement_when_killed: statement,
      rows_read_when_killed: Number(seen!.rows_read),
      bytes_read_when_killed: Number(seen!.bytes_read),
      bytes_total: seen!.bytes_total === null ? null : Number(seen!.bytes_total),
      state_after_restart: state,
      rows_expected_if_done: sent.expected,
      rows_found: found,
      seconds_kill_to_final: Math.round((finalAt - killedAt) / 100) / 10,
      seconds_restart_to_final: Math.round((finalAt - t0) / 100) / 10,
    });
  });
  return { ...app, ...restarted };
}

/**
 * The scenario of one import: a fresh database, the server started on it (`prepare` then runs once, e.g. to
 * create a news category), one kill at each kill point (attempts 1 and 2), and a clean stop at the end.
 */
export function importScenario(imp: ImportUnderTest, prepare?: (http: BrowserClient) => Promise<void>): { name: string; run(ctx: FaultContext): Promise<void> } {
  return {
    name: `kill.${imp.name}`,
    async run(ctx) {
      const { url } = await ctx.database(imp.name);
      const tmp = ctx.tmpdir(imp.name);
      let app: Running = { ...(await startApp(url, tmp)), url, tmp };
      await prepare?.(app.http);
      try {
        app = await killDuringImport(ctx, app, imp, 'reading', 1);
        app = await killDuringImport(ctx, app, imp, 'merging', 2);
      } finally {
        app.server.child.kill('SIGTERM');
        await app.server.exited;
      }
    },
  };
}
