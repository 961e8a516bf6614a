/**
 * DATA_DIRs whose embedded database is already migrated, for the tests that start the real entry points in child
 * processes (test/process) about something else than a first start (signals, shutdown, jobs interrupted): a server
 * started on one opens its database and applies nothing, instead of running PGlite's initdb and every migration
 * (several seconds of CPU at each start).
 *
 * The database is the migrated template of pglite-template.ts (migrations, online indexes, the nomenclatures'
 * labels; no administrator: the server creates its first one as on any start), written once per template as a
 * PGlite directory beside its tarball, then copied into each new DATA_DIR (`<DATA_DIR>/pglite`, server/db/client.ts
 * `pgliteDirOf`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, pgliteDirOf } from '../../server/db/client';
import { ensureTemplate, loadTemplate } from './pglite-template';

/** Writes the template as a PGlite directory when missing (built aside, then renamed: safe with parallel callers). */
async function ensureTemplateDir(): Promise<string> {
  const dir = (await ensureTemplate()).replace(/\.tar\.gz$/, '-dir');
  if (fs.existsSync(dir)) return dir;
  const building = `${dir}.${process.pid}.tmp`;
  fs.rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ pgliteDir: building, pgliteTemplate: await loadTemplate() });
  await database.close();
  try {
    fs.renameSync(building, dir);
  } catch (err) {
    // Another worker renamed its own copy first: that one serves.
    fs.rmSync(building, { recursive: true, force: true });
    if (!fs.existsSync(dir)) throw err;
  }
  return dir;
}

/**
 * Makes a new DATA_DIR under `parent` holding a copy of the migrated embedded database.
 * @returns the DATA_DIR's path
 */
export async function migratedDataDir(parent: string): Promise<string> {
  const template = await ensureTemplateDir();
  const dataDir = fs.mkdtempSync(path.join(parent, 'data-'));
  fs.cpSync(template, pgliteDirOf(dataDir), { recursive: true });
  return dataDir;
}
