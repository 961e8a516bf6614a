/**
 * The source of every update-log entry a feed writes (CONVENTIONS.md section 7: each feed-written row keeps a
 * reference to its source, and the screens link to it), through `POST /api/messages/filter`: a BODACC entry
 * names its notice (issue, number) and links to it on bodacc.fr; an INSEE entry names its file and line and
 * links to the supervision table of that file; an entry no feed wrote has no source. On the real samples
 * (test/fixtures/bodacc, test/fixtures/sirene).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEED_BODACC, FEED_SIRENE } from '../../server/modules/feeds/kinds';
import { appendLogEntries } from '../../server/modules/update-log/service';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { runFeedFile } from '../helpers/feed-job';
import { sireneFixture, sireneTable } from '../helpers/feed-sirene';

const SALES = path.join(__dirname, '../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml');
const UL = 'StockUniteLegale_sample.csv';

let t: TestApp;
let root: Client;
let tmp: string;

interface Entry {
  code: string;
  name: string;
  description: string;
  source: { label: string; url: string | null } | null;
}

/** The entries of `siren`, newest first. */
async function entriesOf(siren: string): Promise<Entry[]> {
  const res = await root.post('/api/messages/filter?page=1', { search: siren, pagination: { per_page: 200 } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Entry[] }).data;
}

beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-sources-'));
  expect((await runFeedFile(t.ctx, FEED_BODACC, SALES)).state).toBe('done');
  // A first load (silent), then the same file with one company renamed: one INSEE entry.
  const first = path.join(tmp, UL);
  fs.writeFileSync(first, sireneFixture(UL));
  expect((await runFeedFile(t.ctx, FEED_SIRENE, first)).state).toBe('done');
  const table = sireneTable(UL);
  table.set('017051186', 'denominationUniteLegale', 'PENNEQUIN HOLDING');
  const second = path.join(tmp, `2-${UL}`);
  fs.writeFileSync(second, table.bytes());
  expect((await runFeedFile(t.ctx, FEED_SIRENE, second, 'StockUniteLegale 2026-11.csv')).state).toBe('done');
  await appendLogEntries(t.ctx.db, [{ code: 'MANUEL', siren: '552032534', description: 'Saisie manuelle' }]);
});
afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

describe('the source of a log entry', () => {
  it('a BODACC entry names its notice and links to it on bodacc.fr (each SIREN of notice 515, the seller included)', async () => {
    const buyer = await entriesOf('342012002');
    const seller = await entriesOf('312118755');
    const source = {
      label: 'BODACC A n°20210005 du 08/01/2021, avis n°515',
      url: 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:A20210005515',
    };
    expect(buyer).toEqual([expect.objectContaining({ code: 'BODACC', description: 'Vente et cession — BODACC A n°20210005 du 08/01/2021', source })]);
    expect(seller).toEqual([expect.objectContaining({ code: 'BODACC', source })]);
  });

  it('an INSEE entry names its file and line, and links to the supervision table of that file', async () => {
    const [entry] = await entriesOf('017051186');
    expect(entry).toMatchObject({ code: 'INSEE', source: { label: 'Fichier INSEE StockUniteLegale 2026-11.csv, ligne 3', url: '/supervisions/insee?companies.q=StockUniteLegale%202026-11.csv' } });
  });

  it('an entry no feed wrote has no source', async () => {
    expect(await entriesOf('552032534')).toEqual([expect.objectContaining({ code: 'MANUEL', source: null })]);
  });
});
