/**
 * The inbox folders: `DATA_DIR/inbox/sirene/` and `DATA_DIR/inbox/bodacc/`, watched while
 * the server runs (chokidar, `awaitWriteFinish`: a file is taken once its size has not changed for
 * `stableMs`). A file taken is first renamed into `processing/` beside it — a rename is atomic, so of two
 * processes watching the same folder exactly one gets it — then imported by the feed's job (origin `inbox`),
 * then moved to `done/` or `failed/` (with `<name>.erreur.txt` holding the French error).
 *
 * - Ignored: hidden files (`.name`, as rsync and scp write while copying) and `*.part` / `*.tmp` / `*.crdownload`.
 * - A file that changed while it was imported (a copy that paused longer than the quiet time) goes back into
 *   the inbox and is taken again once stable (see `follow`); a copy under a skipped name, renamed at its end,
 *   never needs it.
 * - A file of the wrong type (not `.csv`/`.zip` for sirene, not `.xml`/`.json` for bodacc) goes to `failed/`
 *   with a `feed_files` row saying so, so that the supervision page shows it.
 * - Names in `processing/`, `done/`, `failed/` get a `<milliseconds>-` prefix: the same name dropped twice never
 *   overwrites. The supervision tables show the name as dropped.
 * - At start, a file left in `processing/` by a stopped server is settled from its job: done -> `done/`;
 *   failed by the stop (or never started, or no job) -> back into the inbox, taken again; failed -> `failed/`;
 *   still queued (it was to run in the stopped process: it never will) -> failed, and the file taken again;
 *   running (in another process sharing this folder) -> followed to its end.
 */
import fs from 'node:fs';
import path from 'node:path';
import chokidar, { type FSWatcher } from 'chokidar';
import { and, desc, inArray, sql } from 'drizzle-orm';
import { UPLOAD_FEEDS, type UploadFeed } from '../../../contract/feeds';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { isRetakeable } from '../../jobs/failure';
import { inputOf } from '../../jobs/files';
import { NEVER_STARTED_MESSAGE, waitForJob, type JobLogger, type JobQueue } from '../../jobs/queue';
import { finishJob, type JobRow } from '../../jobs/store';
import { recordFeedFile } from './feed-files';
import { extensionError, FEED_JOB_KINDS, recordFeedOf, startFeedJob } from './start';

/** Default quiet time before a file counts as complete, in ms. */
export const INBOX_STABLE_MS = 2000;

/** The inbox folder of `feed` under `dataDir`. */
export function inboxDir(dataDir: string, feed: UploadFeed): string {
  return path.join(dataDir, 'inbox', feed);
}

/** Options of the watcher. */
export interface InboxOptions {
  queue: JobQueue;
  db: Db;
  dataDir: string;
  /** Quiet time before a file counts as complete, in ms (default INBOX_STABLE_MS). */
  stableMs?: number;
  log?: JobLogger;
}

/** The watcher of both inbox folders. */
export class FeedInbox {
  private watcher?: FSWatcher;
  private stopped = false;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly log: JobLogger;

  constructor(private readonly opts: InboxOptions) {
    this.log = opts.log ?? { info: () => {}, error: () => {} };
  }

  /** Creates the folders, settles what a previous run left in `processing/`, and starts watching. */
  async start(): Promise<void> {
    for (const feed of UPLOAD_FEEDS) {
      for (const sub of ['processing', 'done', 'failed']) fs.mkdirSync(path.join(inboxDir(this.opts.dataDir, feed), sub), { recursive: true });
      await this.settleLeftovers(feed);
    }
    const stableMs = this.opts.stableMs ?? INBOX_STABLE_MS;
    const watcher = chokidar.watch(
      UPLOAD_FEEDS.map((f) => inboxDir(this.opts.dataDir, f)),
      {
        depth: 0,
        ignoreInitial: false,
        awaitWriteFinish: { stabilityThreshold: stableMs, pollInterval: Math.min(100, stableMs / 4) },
        ignored: (p, stats) => Boolean(stats?.isDirectory() && !UPLOAD_FEEDS.some((f) => p === inboxDir(this.opts.dataDir, f))) || skipped(path.basename(p)),
      },
    );
    watcher.on('add', (file) => {
      const feed = UPLOAD_FEEDS.find((f) => path.dirname(file) === inboxDir(this.opts.dataDir, f));
      if (feed) this.track(this.take(feed, file));
    });
    watcher.on('error', (err) => this.log.error({ err }, 'inbox watcher error'));
    await new Promise<void>((resolve) => watcher.once('ready', () => resolve()));
    this.watcher = watcher;
  }

  /** Stops watching; files being imported stay in `processing/` and are settled at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.watcher?.close();
    await Promise.all([...this.inFlight]);
  }

  /** Resolves once no file is being taken or imported (the tests wait on it). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private track(p: Promise<void>): void {
    const done = p.catch((err) => this.log.error({ err }, 'inbox file failed')).finally(() => this.inFlight.delete(done));
    this.inFlight.add(done);
  }

  /** Takes one complete file: rename into processing/, import, move to done/ or failed/. */
  private async take(feed: UploadFeed, file: string): Promise<void> {
    if (this.stopped) return;
    const dir = inboxDir(this.opts.dataDir, feed);
    const name = path.basename(file);
    const taken = path.join(dir, 'processing', `${Date.now()}-${name}`);
    try {
      fs.renameSync(file, taken);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // another process took it
      throw err;
    }
    this.log.info({ feed, file: name }, 'inbox file taken');
    const wrongType = extensionError(feed, name);
    if (wrongType) {
      await recordFeedFile(this.opts.db, { feed: recordFeedOf(feed, name), filename: name, status: 0, lines: 0, error: wrongType, origin: 'inbox' });
      return this.settle(taken, 'failed', wrongType);
    }
    const asTaken = fs.statSync(taken);
    let job: JobRow;
    try {
      job = await startFeedJob(this.opts.queue, this.opts.db, { feed, filename: name, origin: 'inbox', input: { path: taken } });
    } catch (err) {
      if (this.stopped) return; // settled at the next start
      throw err;
    }
    await this.follow(job, { size: asTaken.size, mtimeMs: asTaken.mtimeMs });
  }

  /**
   * Waits for the import of a file in processing/, then moves it by the outcome. With `asTaken` (the file's
   * size and time when it was taken), the file is watched for one more quiet time after the import: a file
   * that changed since it was taken (a copy that paused longer than the quiet time, then went on) was read
   * in part, so it goes back into the inbox, to be taken again once stable and imported whole (both imports
   * are idempotent: what the first one wrote is found unchanged).
   */
  private async follow(job: JobRow, asTaken?: { size: number; mtimeMs: number }): Promise<void> {
    const input = inputOf(job);
    if (input.kind !== 'path') return;
    const taken = input.path;
    const end = await waitForJob(this.opts.db, job.id, { pollMs: 200 });
    if (this.stopped && end.state === 'failed' && isRetakeable(end.failureKind)) return; // the stop's, not the file's
    if (asTaken) {
      await new Promise((resolve) => setTimeout(resolve, this.opts.stableMs ?? INBOX_STABLE_MS));
      const now = fs.statSync(taken);
      if (now.size !== asTaken.size || now.mtimeMs !== asTaken.mtimeMs) {
        const name = path.basename(taken).replace(/^\d+-/, '');
        this.log.info({ file: name, size_taken: asTaken.size, size_now: now.size }, 'inbox file changed while imported: taken again');
        fs.renameSync(taken, path.join(path.dirname(path.dirname(taken)), name));
        return;
      }
    }
    await this.settle(taken, end.state === 'done' ? 'done' : 'failed', end.error);
  }

  /** Moves a file of processing/ to done/ or failed/ (with its error beside it). */
  private async settle(taken: string, to: 'done' | 'failed', error?: string | null): Promise<void> {
    const target = path.join(path.dirname(path.dirname(taken)), to, path.basename(taken));
    fs.renameSync(taken, target);
    if (to === 'failed' && error) fs.writeFileSync(`${target}.erreur.txt`, `${error}\n`);
  }

  /** Settles the files a previous run left in `processing/` (see the module's doc). */
  private async settleLeftovers(feed: UploadFeed): Promise<void> {
    const dir = inboxDir(this.opts.dataDir, feed);
    for (const entry of fs.readdirSync(path.join(dir, 'processing'))) {
      const taken = path.join(dir, 'processing', entry);
      const [job] = await this.opts.db
        .select()
        .from(jobs)
        .where(and(inArray(jobs.kind, FEED_JOB_KINDS), sql`${jobs.payload} -> 'source' ->> 'path' = ${taken}`))
        .orderBy(desc(jobs.createdAt))
        .limit(1);
      if (job?.state === 'queued') {
        // Dispatched to the process that was stopped (a path is run where it was taken): it will never start.
        await finishJob(this.opts.db, job.id, { state: 'failed', error: NEVER_STARTED_MESSAGE, kind: 'never_started' });
        fs.renameSync(taken, path.join(dir, entry.replace(/^\d+-/, '')));
      } else if (job?.state === 'running') this.track(this.follow(job));
      else if (job?.state === 'done') await this.settle(taken, 'done');
      else if (job && !isRetakeable(job.failureKind)) await this.settle(taken, 'failed', job.error);
      else fs.renameSync(taken, path.join(dir, entry.replace(/^\d+-/, '')));
    }
  }
}

/** Names the watcher leaves alone: hidden files and partial downloads or copies. */
function skipped(name: string): boolean {
  return name.startsWith('.') || /\.(part|tmp|crdownload)$/i.test(name) || /\.erreur\.txt$/.test(name);
}
