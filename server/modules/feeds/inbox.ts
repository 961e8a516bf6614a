/**
 * The inbox folders: `DATA_DIR/inbox/sirene/` and `DATA_DIR/inbox/bodacc/`, scanned while the server runs.
 *
 * - Regular files only. Each scan reads the folder's entries without following links (`lstat`): a symbolic
 *   link (it could point at `DATA_DIR/app.key`), a folder, a FIFO (reading one would block the feed, and the
 *   server's stop with it), a socket or a device, and a file with more than one hard link (a link to a file
 *   the dropper could not read), are never opened: left where they are and reported once in the log
 *   (`inbox entry skipped: not a regular file`, with the entry's type), again only if they are replaced.
 * - A file is taken once its size and modification time have not changed for `stableMs` (`FEED_INBOX_SETTLE_MS`,
 *   2 s) across the scans (every quarter of it, at most every second). Ignored: hidden files (`.name`, as
 *   rsync and scp write while copying) and `*.part` / `*.tmp` / `*.crdownload`: copy under such a name, then
 *   rename into the inbox (`mv` within one file system is atomic), and the file is never seen half-written.
 * - A file taken is first renamed into `processing/` beside it — a rename is atomic, so of two processes
 *   watching the same folder exactly one gets it; `processing/` is the server's alone (mode 0700), and the file
 *   is checked again there (still the regular file seen stable) before its job reads it —, then imported by
 *   the feed's job (origin `inbox`), then moved to `done/` or `failed/` (with `<name>.erreur.txt` holding the
 *   French error).
 * - A file that changed after it was taken (a copy that paused longer than the quiet time, then went on) goes
 *   back into the inbox, to be taken again once stable and imported whole. Its job carries the size and time the
 *   file had when taken, and its import commits only if the file still has them (server/jobs/files.ts
 *   `assertInputUnchanged`): a change during the read fails the job with CHANGED_MESSAGE, nothing written. A
 *   change seen after the commit (when the import ends, or one quiet time later) leaves that import done — it
 *   read the file whole as it then was — and the next import brings the rest (the Sirene and BODACC merges find
 *   what the first one wrote unchanged).
 * - A file of the wrong type (not `.csv`/`.zip` for sirene, not `.xml`/`.json` for bodacc) goes to `failed/`
 *   with a `feed_files` row saying so, so that the supervision page shows it.
 * - Names in `processing/`, `done/`, `failed/` get a `<milliseconds>-` prefix: the same name dropped twice never
 *   overwrites. The supervision tables show the name as dropped.
 * - `stop` never waits for an import: the file being imported stays in `processing/` (its job is stopped with
 *   the queue) and is settled at the next start.
 * - At start, a file left in `processing/` by a stopped server is settled from its job: done -> `done/`;
 *   failed by the stop (or never started, or no job) -> back into the inbox, taken again; failed -> `failed/`;
 *   still queued (it was to run in the stopped process: it never will) -> failed, and the file taken again;
 *   running (in another process sharing this folder) -> followed to its end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { UPLOAD_FEEDS, type UploadFeed } from '../../../contract/feeds';
import type { Db } from '../../db/client';
import { feedFiles, jobs } from '../../db/schema';
import { isRetakeable, NEVER_STARTED_MESSAGE } from '../../jobs/failure';
import { CHANGED_MESSAGE, inputOf } from '../../jobs/files';
import type { JobLogger, JobQueue } from '../../jobs/queue';
import { finishJob, waitForJob, type JobRow } from '../../jobs/store';
import { recordFeedFile } from './feed-files';
import { extensionError, FEED_JOB_KINDS, recordFeedOf, startFeedJob } from './start';

/** Error of an import discarded because its file changed while it was read; the file is taken again. */
export { CHANGED_MESSAGE };

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
  /** Quiet time before a file counts as complete, in ms (default INBOX_STABLE_MS; `FEED_INBOX_SETTLE_MS`). */
  stableMs?: number;
  log?: JobLogger;
}

/** What a scan saw of a file: size (bytes), modification time (ms), inode, and since when (ms) it is so. */
interface Seen {
  size: number;
  mtimeMs: number;
  ino: number;
  since: number;
}

/** The type word logged for an entry that is not a regular file (or a regular file with several links). */
function entryType(st: fs.Stats): string | null {
  if (st.isSymbolicLink()) return 'symlink';
  if (st.isDirectory()) return 'directory';
  if (st.isFIFO()) return 'fifo';
  if (st.isSocket()) return 'socket';
  if (st.isBlockDevice() || st.isCharacterDevice()) return 'device';
  if (!st.isFile()) return 'other';
  return st.nlink > 1 ? 'hardlink' : null;
}

const sameFile = (a: Pick<Seen, 'size' | 'mtimeMs' | 'ino'>, b: fs.Stats) => a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;

/** The scanner of both inbox folders. */
export class FeedInbox {
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly log: JobLogger;
  private readonly stableMs: number;
  /** Files seen by the scans, by path. */
  private readonly seen = new Map<string, Seen>();
  /** Paths being taken (renamed, imported). */
  private readonly taking = new Set<string>();
  /** Entries already reported as skipped (`path`, type and inode), while they stay. */
  private readonly reported = new Set<string>();
  private scanning?: Promise<void>;

  constructor(private readonly opts: InboxOptions) {
    this.log = opts.log ?? { info: () => {}, error: () => {} };
    this.stableMs = opts.stableMs ?? INBOX_STABLE_MS;
  }

  /** Creates the folders, settles what a previous run left in `processing/`, and starts scanning. */
  async start(): Promise<void> {
    for (const feed of UPLOAD_FEEDS) {
      for (const sub of ['processing', 'done', 'failed']) fs.mkdirSync(path.join(inboxDir(this.opts.dataDir, feed), sub), { recursive: true });
      // Only the server writes where files are read from (mkdir's mode does not change an existing folder).
      fs.chmodSync(path.join(inboxDir(this.opts.dataDir, feed), 'processing'), 0o700);
      await this.settleLeftovers(feed);
    }
    const every = Math.max(20, Math.min(1000, this.stableMs / 4));
    const loop = () => {
      if (this.stopped) return;
      this.scanning = this.scan()
        .catch((err) => this.log.error({ err }, 'inbox scan failed'))
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(loop, every);
        });
    };
    loop();
    await this.scanning;
  }

  /** Stops scanning, and stops waiting for the imports: a file being imported stays in `processing/`, settled at the next start. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.abort.abort();
    await this.scanning;
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

  /** One look at both folders: reports what is not a regular file, takes the files stable for `stableMs`. */
  private async scan(): Promise<void> {
    const now = Date.now();
    const present = new Set<string>();
    for (const feed of UPLOAD_FEEDS) {
      const dir = inboxDir(this.opts.dataDir, feed);
      let names: string[];
      try {
        names = await fs.promises.readdir(dir);
      } catch {
        continue;
      }
      for (const name of names) {
        if (this.stopped) return;
        if (SUBFOLDERS.includes(name) || skipped(name)) continue;
        const file = path.join(dir, name);
        present.add(file);
        if (this.taking.has(file)) continue;
        let st: fs.Stats;
        try {
          st = await fs.promises.lstat(file);
        } catch {
          continue; // gone meanwhile
        }
        const type = entryType(st);
        if (type) {
          const key = `${file}\0${type}\0${st.ino}`;
          if (!this.reported.has(key)) {
            this.reported.add(key);
            this.log.info({ feed, file: name, type }, 'inbox entry skipped: not a regular file');
          }
          this.seen.delete(file);
          continue;
        }
        const was = this.seen.get(file);
        if (!was || !sameFile(was, st)) {
          this.seen.set(file, { size: st.size, mtimeMs: st.mtimeMs, ino: st.ino, since: now });
        } else if (now - was.since >= this.stableMs) {
          this.seen.delete(file);
          this.taking.add(file);
          this.track(this.take(feed, file, was).finally(() => this.taking.delete(file)));
        }
      }
    }
    for (const file of this.seen.keys()) if (!present.has(file)) this.seen.delete(file);
    for (const key of this.reported) if (!present.has(key.split('\0')[0])) this.reported.delete(key);
  }

  /** Takes one stable file: rename into processing/, check it again there, import, move to done/ or failed/. */
  private async take(feed: UploadFeed, file: string, stable: Seen): Promise<void> {
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
    // Replaced between the scan and the rename (by a link, or a file still written): back where it was.
    const asTaken = fs.lstatSync(taken);
    if (entryType(asTaken) || !sameFile(stable, asTaken)) {
      this.putBack(taken);
      return;
    }
    this.log.info({ feed, file: name }, 'inbox file taken');
    const wrongType = extensionError(feed, name);
    if (wrongType) {
      await recordFeedFile(this.opts.db, { feed: recordFeedOf(feed, name), filename: name, status: 0, lines: 0, error: wrongType, origin: 'inbox' });
      return this.settle(taken, 'failed', wrongType);
    }
    let job: JobRow;
    try {
      job = await startFeedJob(this.opts.queue, this.opts.db, { feed, filename: name, origin: 'inbox', input: { path: taken, size: asTaken.size, mtimeMs: asTaken.mtimeMs } });
    } catch (err) {
      if (this.stopped) return; // settled at the next start
      throw err;
    }
    await this.follow(job, stable);
  }

  /**
   * Waits for the import of a file in processing/, then moves it by the outcome. With `asTaken` (the file's
   * size, time and inode when it was taken), the file is compared with it when the import ends and one quiet
   * time later: a file that changed since it was taken was read in part, so its import is discarded
   * (`discardChanged`) and the file goes back into the inbox, to be taken again once stable and imported whole.
   * Returns at once when the inbox stops (the file stays in processing/).
   */
  private async follow(job: JobRow, asTaken?: Pick<Seen, 'size' | 'mtimeMs' | 'ino'>): Promise<void> {
    const input = inputOf(job);
    if (input.kind !== 'path') return;
    const taken = input.path;
    const end = await waitForJob(this.opts.db, job.id, { pollMs: 200, signal: this.abort.signal });
    if (end.state !== 'done' && end.state !== 'failed') return; // the inbox stops: settled at the next start
    if (this.stopped && end.state === 'failed' && isRetakeable(end.failureKind)) return; // the stop's, not the file's
    if (asTaken) {
      let changed = !sameFile(asTaken, fs.lstatSync(taken));
      if (!changed) {
        try {
          await sleep(this.stableMs, undefined, { signal: this.abort.signal });
        } catch {
          return; // the inbox stops: settled from the job at the next start
        }
        changed = !sameFile(asTaken, fs.lstatSync(taken));
      }
      if (changed) {
        // Committed before the file changed: that import read the file whole as it then was, and stays done.
        // Otherwise its job failed (with CHANGED_MESSAGE when the change came during the read: nothing kept).
        if (end.state === 'failed') await this.discardChanged(end);
        this.log.info({ file: path.basename(taken).replace(/^\d+-/, ''), size_taken: asTaken.size, size_now: fs.lstatSync(taken).size }, 'inbox file changed while imported: taken again');
        this.putBack(taken);
        return;
      }
    }
    await this.settle(taken, end.state === 'done' ? 'done' : 'failed', end.error);
  }

  /**
   * Marks the import of job `job` discarded: the job and its `feed_files` row failed with CHANGED_MESSAGE (a
   * failure that allows taking the file again: `interrupted`), whatever they said.
   */
  private async discardChanged(job: JobRow): Promise<void> {
    await this.opts.db.update(jobs).set({ state: 'failed', error: CHANGED_MESSAGE, failureKind: 'interrupted' }).where(eq(jobs.id, job.id));
    await this.opts.db.update(feedFiles).set({ status: 0, error: CHANGED_MESSAGE }).where(eq(feedFiles.jobId, job.id));
  }

  /** Moves a file of processing/ back into its inbox under its dropped name (kept prefixed if that name was dropped again). */
  private putBack(taken: string): void {
    const inbox = path.dirname(path.dirname(taken));
    const named = path.join(inbox, path.basename(taken).replace(/^\d+-/, ''));
    fs.renameSync(taken, fs.existsSync(named) ? path.join(inbox, path.basename(taken)) : named);
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
        .where(and(inArray(jobs.kind, FEED_JOB_KINDS), sql`${jobs.payload} -> 'input' ->> 'path' = ${taken}`))
        .orderBy(desc(jobs.createdAt))
        .limit(1);
      if (job?.state === 'queued') {
        // Dispatched to the process that was stopped (a path is run where it was taken): it will never start.
        await finishJob(this.opts.db, job.id, { state: 'failed', error: NEVER_STARTED_MESSAGE, kind: 'never_started' });
        this.putBack(taken);
      } else if (job?.state === 'running') this.track(this.follow(job));
      else if (job?.state === 'done') await this.settle(taken, 'done');
      else if (job && !isRetakeable(job.failureKind)) await this.settle(taken, 'failed', job.error);
      else this.putBack(taken);
    }
  }
}

/** The inbox's own folders. */
const SUBFOLDERS = ['processing', 'done', 'failed'];

/** Names the scanner leaves alone: hidden files, partial downloads or copies, and error files. */
function skipped(name: string): boolean {
  return name.startsWith('.') || /\.(part|tmp|crdownload)$/i.test(name) || /\.erreur\.txt$/.test(name);
}
