/**
 * `npm run faults`: the fault-injection proof suite, on PostgreSQL. It starts its own PostgreSQL cluster
 * (faults/cluster.ts; never the shared server of the tests), runs each scenario of faults/scenarios against the real
 * entry points in child processes, prints one JSON object of figures per fault on stdout (progress on stderr), and
 * exits 1 when any invariant is broken (each object says `ok` and which invariants broke).
 *
 * Scenarios: kill -9 of the server during each import (news, deals, INSEE Sirene, BODACC), during a deals
 * publication and its purge, and of the RNE worker during its commits; `pg_terminate_backend` of every connection
 * of the app, then a PostgreSQL restart, under load (docs/operations.md "Fault-injection suite").
 *
 * Environment:
 * - FAULTS_ROWS (default 100000): rows of a news, deals or Sirene file (a BODACC bulletin: a tenth, in notices);
 * - FAULTS_ONLY: comma-separated scenario names (`kill.news`, `kill.deals`, `kill.sirene`, `kill.bodacc`,
 *   `kill.publication`, `kill.rne-worker`, `connection-loss`), default all;
 * - FAULTS_DATABASE_URL: run on that PostgreSQL server instead (a maintenance URL: databases are created and dropped
 *   on it); the PostgreSQL restart is skipped there.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startCluster, type Cluster } from './cluster';
import { createDatabase, databaseUrl, dropDatabase } from './db';
import type { Figures, Scenario } from './scenario';
import { killStartedProcesses } from './server';
import { bodaccImportScenario } from './scenarios/bodacc-import';
import { connectionLossScenario } from './scenarios/connection-loss';
import { dealsImportScenario } from './scenarios/deals-import';
import { dealsPublicationScenario } from './scenarios/deals-publication';
import { newsImportScenario } from './scenarios/news-import';
import { rneWorkerScenario } from './scenarios/rne-worker';
import { sireneImportScenario } from './scenarios/sirene-import';

const scenarios: Scenario[] = [newsImportScenario, dealsImportScenario, sireneImportScenario, bodaccImportScenario, dealsPublicationScenario, rneWorkerScenario, connectionLossScenario];

const rows = Number(process.env.FAULTS_ROWS || 100_000);
if (!Number.isInteger(rows) || rows < 1000) {
  process.stderr.write('FAULTS_ROWS must be a whole number of at least 1000\n');
  process.exit(2);
}
const only = (process.env.FAULTS_ONLY ?? '').split(',').map((s) => s.trim()).filter(Boolean);
const unknown = only.filter((n) => !scenarios.some((s) => s.name === n));
if (unknown.length) {
  process.stderr.write(`FAULTS_ONLY: unknown scenario ${unknown.join(', ')} (known: ${scenarios.map((s) => s.name).join(', ')})\n`);
  process.exit(2);
}

const tmpRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-faults-'));
const databases: string[] = [];
let cluster: Cluster | undefined;
let adminUrl = process.env.FAULTS_DATABASE_URL;

/** Kills the child processes, drops the databases, stops and deletes the cluster, removes the temporary folders. */
async function cleanup(): Promise<void> {
  killStartedProcesses();
  if (adminUrl && !cluster) for (const name of databases) await dropDatabase(adminUrl, name);
  cluster?.destroy();
  fs.rmSync(tmpRoot, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    process.stderr.write(`faults: ${signal}, cleaning up\n`);
    void cleanup().finally(() => process.exit(130));
  });
}

const log = (message: string) => process.stderr.write(`[faults ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
const broken: string[] = [];
let failedScenarios = 0;

try {
  if (adminUrl) adminUrl = databaseUrl(adminUrl, 'postgres');
  else {
    log('starting the suite’s own PostgreSQL cluster');
    cluster = await startCluster();
    adminUrl = cluster.adminUrl;
  }
  const t0 = performance.now();
  for (const scenario of scenarios) {
    if (only.length && !only.includes(scenario.name)) continue;
    log(`scenario ${scenario.name}`);
    let pending: string[] = [];
    const started = performance.now();
    try {
      await scenario.run({
        rows,
        adminUrl,
        cluster,
        async database(label) {
          const db = await createDatabase(adminUrl!, label.replace(/[^a-z0-9]/g, '_'));
          databases.push(db.name);
          return db;
        },
        tmpdir: (label) => fs.mkdtempSync(path.join(tmpRoot, `${label}-`)),
        log: (m) => log(`${scenario.name}: ${m}`),
        report(figures: Figures) {
          process.stdout.write(JSON.stringify({ scenario: scenario.name, ...figures, ok: pending.length === 0, broken: pending }) + '\n');
          pending = [];
        },
        expect(ok, what) {
          if (!ok) {
            pending.push(what);
            broken.push(what);
            log(`BROKEN: ${what}`);
          }
          return ok;
        },
      });
      if (pending.length) process.stdout.write(JSON.stringify({ scenario: scenario.name, fault: 'end', ok: false, broken: pending }) + '\n');
    } catch (err) {
      failedScenarios++;
      const message = err instanceof Error ? err.stack ?? err.message : String(err);
      process.stdout.write(JSON.stringify({ scenario: scenario.name, fault: 'error', ok: false, error: message.slice(0, 4000) }) + '\n');
      log(`scenario ${scenario.name} failed: ${message}`);
    }
    killStartedProcesses();
    log(`scenario ${scenario.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${broken.length} broken invariant(s), ${failedScenarios} scenario(s) in error`);
} finally {
  await cleanup();
}
process.exit(broken.length || failedScenarios ? 1 : 0);
