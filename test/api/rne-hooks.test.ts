/**
 * The feeds fill the RNE queues inside their merges (server/modules/rne/hooks.ts), through the
 * app's own feed jobs:
 * - a BODACC C notice (dépôt des comptes) puts its SIREN in the `accounts` queue, once, and a re-import of the
 *   same notices queues nothing more;
 * - a BODACC B notice of a change of officers (`modificationsgenerales.descriptif`) puts its SIREN in the
 *   `officers` queue; a B radiation or a B modification of the name does not;
 * - a company created by an INSEE merge goes to the `officers` queue; the first load of an empty register and a
 *   changed company queue nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findJob, type JobRow } from '../../server/jobs/store';
import { feedJobs } from '../../server/modules/feeds/jobs';
import { FEED_BODACC, FEED_SIRENE, type FeedJobPayload } from '../../server/modules/feeds/kinds';
import { officersChanged, REASON_INSEE } from '../../server/modules/rne/hooks';
import { createTestApp, type TestApp } from '../helpers/app';
import { sireneFixture } from '../helpers/feed-sirene';
import { rowsOf } from '../../server/db/rows';

const ODS_V1 = path.join(__dirname, '../fixtures/bodacc/ods_api_v1_search_registre_880878145.json');
const ODS_V21 = path.join(__dirname, '../fixtures/bodacc/ods_api_v21_records_registre_880878145.json');

let t: TestApp;
let tmp: string;

beforeAll(async () => {
  t = await createTestApp();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-rne-hooks-'));
});
afterAll(async () => {
  await t?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Runs feed job `kind` on `file` through the app's queue and waits for its end. */
async function importFile(kind: string, file: string): Promise<JobRow> {
  const payload: FeedJobPayload = { filename: path.basename(file), origin: 'cli', input: { kind: 'path', path: file } };
  const definition = feedJobs.find((d) => d.kind === kind)!;
  const job = await t.ctx.jobs.create(definition, null, payload);
  await t.ctx.jobs.dispatch(job, fs.statSync(file).size);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const row = await findJob(t.ctx.db, job.id);
    if (row && (row.state === 'done' || row.state === 'failed')) return row;
    if (Date.now() > deadline) throw new Error(`job ${job.id} still ${row?.state}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return rowsOf<T>(t.ctx.db, query);
}

const queued = (siren: string) => rows<{ queue: string; reason: string; state: string }>(sql`select queue, reason, state from rne_queue where siren = ${siren} order by id`);

/** A v2.1 export of one BODACC B `modification` notice of `siren` with `descriptif`. */
function modificationNotice(siren: string, number: number, descriptif: string, asString: boolean): string {
  const changes = { descriptif };
  const record = {
    publicationavis: 'B',
    parution: '20230101',
    dateparution: '2023-01-03',
    numeroannonce: number,
    familleavis: 'modification',
    familleavis_lib: 'Modifications diverses',
    registre: [siren, `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`],
    commercant: 'Exemple',
    tribunal: 'Greffe du Tribunal de Commerce de Paris',
    modificationsgenerales: asString ? JSON.stringify(changes) : changes,
  };
  const file = path.join(tmp, `b-${number}.json`);
  fs.writeFileSync(file, JSON.stringify({ total_count: 1, results: [record] }));
  return file;
}

describe('BODACC', () => {
  it('a C notice (dépôt des comptes) queues its SIREN in accounts, once; the B radiation queues nothing', async () => {
    const job = await importFile(FEED_BODACC, ODS_V1);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ notices: 3, new: 3, rne_queued: { accounts: 1, officers: 0 } });
    expect(await queued('880878145')).toEqual([{ queue: 'accounts', reason: 'BODACC C\u00a0: dépôt des comptes', state: 'waiting' }]);
    const [counts] = await rows<{ waiting: number }>(sql`select waiting::int as waiting from rne_queue_counts where queue = 'accounts'`);
    expect(counts.waiting).toBe(1);
    // The job woke the worker's task of that queue once it had committed (a pg-boss job, taken by any process):
    // the wake follows the commit, so it may land just after the job reads done.
    const woken = async () =>
      (
        await rows<{ accounts: number; officers: number }>(sql`select count(*) filter (where name = 'rne-accounts')::int as accounts,
          count(*) filter (where name = 'rne-officers')::int as officers from pgboss.job`)
      )[0];
    await expect.poll(woken, { timeout: 5000 }).toEqual({ accounts: 1, officers: 0 });

    // The same notices again (v2.1 shape): already stored, nothing queued.
    const again = await importFile(FEED_BODACC, ODS_V21);
    expect(again.result).toMatchObject({ new: 0, rne_queued: { accounts: 0, officers: 0 } });
    expect(await queued('880878145')).toHaveLength(1);
  });

  it('a B notice of a change of officers queues its SIREN in officers; a change of name does not', async () => {
    const officers = modificationNotice('552032534', 901, "Modification survenue sur l'administration.", true);
    const job = await importFile(FEED_BODACC, officers);
    expect(job.state, job.error ?? '').toBe('done');
    expect(job.result).toMatchObject({ new: 1, rne_queued: { accounts: 0, officers: 1 } });
    expect(await queued('552032534')).toEqual([{ queue: 'officers', reason: 'BODACC B\u00a0: modification des dirigeants', state: 'waiting' }]);

    const renamed = modificationNotice('356000000', 902, 'Modification de la dénomination.', false);
    const other = await importFile(FEED_BODACC, renamed);
    expect(other.result).toMatchObject({ new: 1, rne_queued: { accounts: 0, officers: 0 } });
    expect(await queued('356000000')).toEqual([]);
  });

  it('officersChanged reads the descriptif of v1 (fields, JSON in a string) and v2.1 records', () => {
    const v1 = { fields: { modificationsgenerales: JSON.stringify({ descriptif: 'Nomination du Président : M. X en remplacement de Mme Y.' }) } };
    expect(officersChanged({ bulletin: 'B', family: 'modification', raw: v1 })).toBe(true);
    expect(officersChanged({ bulletin: 'B', family: 'modification', raw: { modificationsgenerales: { descriptif: 'Démission du gérant.' } } })).toBe(true);
    expect(officersChanged({ bulletin: 'B', family: 'modification', raw: { modificationsgenerales: { descriptif: 'Transfert du siège social.' } } })).toBe(false);
    expect(officersChanged({ bulletin: 'B', family: 'radiation', raw: { modificationsgenerales: { descriptif: 'administration' } } })).toBe(false);
    expect(officersChanged({ bulletin: 'A', family: 'modification', raw: { modificationsgenerales: { descriptif: 'administration' } } })).toBe(false);
    expect(officersChanged({ bulletin: 'B', family: 'modification', raw: {} })).toBe(false);
  });
});

describe('INSEE Sirene', () => {
  const UL = 'StockUniteLegale_sample.csv';
  const write = (name: string, data: Buffer) => {
    const file = path.join(tmp, name);
    fs.writeFileSync(file, data);
    return file;
  };

  it('the first load of an empty register queues nothing; a company created recently, met by a later merge, is queued in officers; an old one is not', async () => {
    const first = await importFile(FEED_SIRENE, write(UL, sireneFixture(UL)));
    expect(first.state, first.error ?? '').toBe('done');
    expect(first.result).toMatchObject({ first_load: true, rne_queued: { officers: 0 } });
    const [before] = await rows<{ n: number }>(sql`select count(*)::int as n from rne_queue where reason = ${REASON_INSEE}`);
    expect(before.n).toBe(0);

    const [head, ...lines] = sireneFixture(UL).toString('utf8').trimEnd().split('\n');
    const header = head.split(',');
    const cells = lines.map((l) => l.split(','));
    const changed = cells[2][0];
    cells[2][header.indexOf('denominationUniteLegale')] = 'NOM CHANGÉ';
    const fresh = [...cells[6]];
    fresh[0] = '732829320';
    fresh[header.indexOf('denominationUniteLegale')] = 'NOUVELLE SOCIETE';
    fresh[header.indexOf('dateCreationUniteLegale')] = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    cells.push(fresh);
    // New to the register but created in 1962: not a creation, not queued.
    const old = [...cells[7]];
    old[0] = '542107651';
    old[header.indexOf('dateCreationUniteLegale')] = '1962-01-01';
    cells.push(old);
    const second = await importFile(FEED_SIRENE, write(`2-${UL}`, Buffer.from([head, ...cells.map((c) => c.join(','))].join('\n') + '\n')));
    expect(second.state, second.error ?? '').toBe('done');
    expect(second.result).toMatchObject({ created: 2, updated: 1, rne_queued: { officers: 1 } });
    expect(await queued('732829320')).toEqual([{ queue: 'officers', reason: 'INSEE\u00a0: création', state: 'waiting' }]);
    expect(await queued('542107651')).toEqual([]);
    expect(await queued(changed)).toEqual([]);
  });
});
