/**
 * The official nomenclatures' labels (CONVENTIONS.md section 7; server/modules/register/nomenclatures.ts): the pure
 * lookups answer INSEE's labels (catégories juridiques niveau III, NAF rév. 2 from @socialgouv/codes-naf); a start
 * (`createContext`, the server's and the CLIs' first step) fills `naf_labels` and `legal_category_labels` of a
 * database migrated before they existed, and a second start writes nothing; a changed label is renamed, a missing
 * code added, a code the source dropped kept. On PGlite and, in the `api-pg` project, PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { ensureNomenclatures, legalCategoryLabel, nafLabel } from '../../server/modules/register/nomenclatures';
import { readLegalCategories } from '../../server/modules/register/nomenclatures/legal-categories';
import { readNafRev2 } from '../../server/modules/register/nomenclatures/naf';
import { TEST_APP_KEY } from '../helpers/app';
import { freshDatabase } from '../helpers/db';
import { loadTemplate } from '../helpers/pglite-template';
import { rowsOf } from '../../server/db/rows';

describe('lookups', () => {
  it('names the catégories juridiques niveau III as INSEE does', () => {
    expect(legalCategoryLabel('5710')).toBe('SAS, société par actions simplifiée');
    expect(legalCategoryLabel('5499')).toBe('Société à responsabilité limitée (sans autre indication)');
    expect(legalCategoryLabel('1000')).toBe('Entrepreneur individuel');
    expect(legalCategoryLabel(' 5710 ')).toBe('SAS, société par actions simplifiée');
    expect(legalCategoryLabel('0000')).toBeNull();
    expect(legalCategoryLabel(null)).toBeNull();
    expect(legalCategoryLabel('')).toBeNull();
    expect(readLegalCategories()).toHaveLength(260);
  });

  it('names NAF rév. 2 codes, sub-classes to divisions, and only NAFRev2 codes', () => {
    expect(nafLabel('64.19Z')).toBe('Autres intermédiations monétaires');
    expect(nafLabel('77.39Z')).toBe("Location et location-bail d'autres machines, équipements et biens matériels n.c.a.");
    expect(nafLabel('64.19Z', 'NAFRev2')).toBe('Autres intermédiations monétaires');
    expect(nafLabel('64')).toBe('Activités des services financiers, hors assurance et caisses de retraite');
    expect(nafLabel('64.1')).toBe('Intermédiation monétaire');
    // Older nomenclatures have no labels here, even where a code looks like a NAF rév. 2 one.
    for (const nomenclature of ['NAFRev1', 'NAF1993', 'NAP', null]) expect(nafLabel('64.19Z', nomenclature)).toBeNull();
    expect(nafLabel('99.99Z')).toBeNull();
    expect(nafLabel(undefined)).toBeNull();
    const codes = readNafRev2();
    expect(codes.length).toBeGreaterThanOrEqual(1700);
    expect(codes.every(([code, label]) => code.length <= 8 && label.length > 0)).toBe(true);
  });

  it('refuses a nomenclature file with a malformed row, naming its line', () => {
    expect(() => readLegalCategories('code;libelle\r\n5710;SAS\r\n571;Trois chiffres\r\n')).toThrow('line 3');
    expect(() => readLegalCategories('code;libelle\n5710;SAS\n5710;Encore\n')).toThrow('code 5710 given twice');
    expect(() => readLegalCategories('code;libelle\n5710;\n')).toThrow('line 2');
  });
});

/** Row counts and the newest row version of the two tables (a write of any row moves `xmin`). */
async function state(db: Database['db']) {
  const [row] = await rowsOf<{ naf: number; legal: number; naf_xmin: string | null; legal_xmin: string | null }>(db, sql`
    select (select count(*)::int from naf_labels) as naf, (select count(*)::int from legal_category_labels) as legal,
           (select max(xmin::text::bigint) from naf_labels) as naf_xmin, (select max(xmin::text::bigint) from legal_category_labels) as legal_xmin`);
  return row;
}

describe('at start', () => {
  let dataDir: string;
  let env: Record<string, string>;
  let fresh: (Database & { url?: string }) | undefined;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-nomenclatures-'));
    let database: Database;
    if (process.env.VIGIE_TEST_DB === 'pg') {
      fresh = await freshDatabase();
      database = fresh;
      env = { DATABASE_URL: fresh.url! };
    } else {
      // An embedded database as a server left it, from the migrated template.
      database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), pgliteTemplate: await loadTemplate() });
      env = { DATABASE_URL: '' };
    }
    // Migrated before the labels existed.
    await database.db.execute(sql`truncate naf_labels, legal_category_labels`);
    if (!fresh) await database.close();
  });
  afterAll(async () => {
    await fresh?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => createContext(loadConfig({ ...env, DATA_DIR: dataDir, APP_KEY: TEST_APP_KEY, LOG_LEVEL: 'silent' }));

  it('fills the tables; a second start writes nothing', async () => {
    const first = await start();
    const filled = await state(first.db);
    await first.database.close();
    expect(filled).toMatchObject({ naf: readNafRev2().length, legal: 260 });
    const again = await start();
    try {
      expect(await state(again.db)).toEqual(filled);
      const labels = await rowsOf<unknown>(again.db, sql`
        select code, label from legal_category_labels where code in ('1000', '5499', '5710')
        union all select code, label from naf_labels where code in ('64.19Z', '77.39Z') order by code`);
      expect(labels).toEqual([
        { code: '1000', label: 'Entrepreneur individuel' },
        { code: '5499', label: 'Société à responsabilité limitée (sans autre indication)' },
        { code: '5710', label: 'SAS, société par actions simplifiée' },
        { code: '64.19Z', label: 'Autres intermédiations monétaires' },
        { code: '77.39Z', label: "Location et location-bail d'autres machines, équipements et biens matériels n.c.a." },
      ]);
      expect(await ensureNomenclatures(again.db)).toEqual({ naf: 0, legal_categories: 0 });
    } finally {
      await again.database.close();
    }
  });
});

describe('ensureNomenclatures', () => {
  let database: Database;
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => database?.close());

  it('the tests’ fresh databases hold the labels already', async () => {
    expect(await state(database.db)).toMatchObject({ naf: readNafRev2().length, legal: 260 });
    expect(await ensureNomenclatures(database.db)).toEqual({ naf: 0, legal_categories: 0 });
  });

  it('renames a changed label, adds a missing code, keeps a code the source no longer has', async () => {
    await database.db.execute(sql`update legal_category_labels set label = 'SAS (ancien libellé)' where code = '5710'`);
    await database.db.execute(sql`delete from naf_labels where code = '64.19Z'`);
    await database.db.execute(sql`insert into legal_category_labels (code, label) values ('0001', 'Catégorie retirée')`);
    expect(await ensureNomenclatures(database.db)).toEqual({ naf: 1, legal_categories: 1 });
    const rows = await rowsOf<unknown>(database.db, sql`
      select code, label from legal_category_labels where code in ('0001', '5710')
      union all select code, label from naf_labels where code = '64.19Z' order by code`);
    expect(rows).toEqual([
      { code: '0001', label: 'Catégorie retirée' },
      { code: '5710', label: 'SAS, société par actions simplifiée' },
      { code: '64.19Z', label: 'Autres intermédiations monétaires' },
    ]);
    // The kept code makes the table differ from its source: the next start upserts again, and changes nothing.
    expect(await ensureNomenclatures(database.db)).toEqual({ naf: 0, legal_categories: 0 });
  });
});
