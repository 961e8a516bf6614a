/**
 * A migrated PGlite data directory (migrations, then online indexes, then the nomenclatures' labels), dumped once
 * per run and per content of server/db/migrations, server/db/online-indexes and the nomenclatures' sources, so
 * that each test file loads it (about 1 s) instead of running initdb and the migrations (several seconds).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrationsFolder, openDatabase } from '../../server/db/client';
import { prepareDatabase } from '../../server/bootstrap';
import { onlineIndexesFolder } from '../../server/db/online-indexes';
import { ensureNomenclatures } from '../../server/modules/register/nomenclatures';
import { LEGAL_CATEGORIES_FILE } from '../../server/modules/register/nomenclatures/legal-categories';
import { NAF_REV2_FILE } from '../../server/modules/register/nomenclatures/naf';

/** Path of the template for the current migrations and online indexes. */
export function templatePath(): string {
  const hash = crypto.createHash('sha256');
  for (const folder of [migrationsFolder, onlineIndexesFolder]) {
    if (!fs.existsSync(folder)) continue;
    for (const f of fs.readdirSync(folder).sort()) {
      const p = path.join(folder, f);
      if (fs.statSync(p).isFile()) hash.update(f).update(fs.readFileSync(p));
    }
  }
  for (const source of [LEGAL_CATEGORIES_FILE, NAF_REV2_FILE]) hash.update(fs.readFileSync(source));
  return path.join(os.tmpdir(), `vigie-pglite-template-${hash.digest('hex').slice(0, 16)}.tar.gz`);
}

/** Builds the template file when missing (atomic rename, safe with parallel callers). */
export async function ensureTemplate(): Promise<string> {
  const file = templatePath();
  if (fs.existsSync(file)) return file;
  const database = await openDatabase({});
  await prepareDatabase(database);
  await ensureNomenclatures(database.db);
  const dump = await database.pglite!.dumpDataDir('gzip');
  await database.close();
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(tmp, file);
  return file;
}

/** The template as a Blob for `PGlite.create({loadDataDir})`. */
export async function loadTemplate(): Promise<Blob> {
  const file = await ensureTemplate();
  return new Blob([fs.readFileSync(file)]);
}
