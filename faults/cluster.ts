/**
 * The fault suite's own PostgreSQL cluster (never the shared server other processes use): `initdb` into a temporary
 * folder, trust authentication, listening on 127.0.0.1 at a free port with its unix socket in that folder, started
 * and restarted with `pg_ctl`, stopped and deleted by `destroy` (the suite calls it on exit, failure and SIGINT).
 * The binaries are those of `pg_config --bindir`, else the newest /usr/lib/postgresql/<version>/bin. initdb refuses to
 * run as root: as uid 0 every binary runs through `runuser -u postgres --`, in a folder owned by postgres.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import getPort from 'get-port';
import pg from 'pg';

/** A running cluster of the suite. */
export interface Cluster {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  adminUrl: string;
  port: number;
  /** The URL of database `name` on it. */
  urlOf(name: string): string;
  /**
   * Stops the server (`pg_ctl stop -m <mode>`: fast ends the connections with 57P01, immediate as a crash would), keeps
   * it down `downMs` (default 2000), starts it again and waits until it accepts connections.
   * @returns seconds from the stop to the first accepted connection
   */
  restart(mode?: 'fast' | 'immediate', downMs?: number): Promise<number>;
  /** Stops the cluster and deletes its folder (idempotent, never throws). */
  destroy(): void;
}

/** The folder of initdb and pg_ctl. @throws Error when PostgreSQL's server binaries are not installed */
function binDir(): string {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // pg_config missing: look under /usr/lib/postgresql.
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb'))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  if (!versions.length) throw new Error('PostgreSQL server binaries (initdb, pg_ctl) not found: install postgresql, or set FAULTS_DATABASE_URL');
  return path.join(root, versions[0], 'bin');
}

/**
 * Creates and starts a cluster (a few seconds).
 * @throws Error when initdb or the start fails (its output in the message)
 */
export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-faults-pg-'));
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'server.log');
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    try {
      return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (err) {
      const e = err as { stdout?: string; stderr?: string; message: string };
      const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-2000) : '';
      throw new Error(`${tool} failed: ${e.message}\n${e.stdout ?? ''}${e.stderr ?? ''}\n${log}`, { cause: err });
    }
  };
  const port = await getPort({ host: '127.0.0.1' });
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8', '--no-sync']);
  // Small and quick: the suite loads at most a few hundred thousand rows; fsync off as the folder is thrown away.
  const options = `-c port=${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100 -c shared_buffers=128MB`;
  const ctl = (...args: string[]) => run('pg_ctl', ['-D', data, '-l', logFile, '-w', '-t', '60', '-o', options, ...args]);
  ctl('start');
  let destroyed = false;
  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    adminUrl,
    port,
    urlOf: (name) => `postgres://postgres@127.0.0.1:${port}/${name}`,
    async restart(mode = 'fast', downMs = 2000) {
      const t0 = performance.now();
      ctl('stop', '-m', mode);
      await new Promise((r) => setTimeout(r, downMs));
      ctl('start');
      for (;;) {
        const c = new pg.Client({ connectionString: adminUrl });
        try {
          await c.connect();
          await c.query('select 1');
          break;
        } catch {
          await new Promise((r) => setTimeout(r, 100));
        } finally {
          await c.end().catch(() => {});
        }
      }
      return (performance.now() - t0) / 1000;
    },
    destroy() {
      if (destroyed) return;
      destroyed = true;
      try {
        ctl('stop', '-m', 'immediate');
      } catch {
        // Already stopped (or never started): the folder goes anyway.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
