/**
 * kill -9 during a news CSV import (`POST /api/news/import`, job `news-import`): the rows of a done job are all in
 * `news_temporaries` under its id; a failed one left none there (faults/kill-import.ts).
 */
import { ensureCategory, newsCsv } from '../../bench/news';
import { NEWS_IMPORT } from '../../server/modules/news/import-job';
import { validSirens } from '../../test/helpers/sirens';
import { fileForm, sirenBase } from '../inputs';
import { importScenario, type ImportUnderTest } from '../kill-import';
import type { FaultContext } from '../scenario';
import type { BrowserClient } from '../server';

/** Calls `p` and answers its JSON body. @throws Error unless it answers 2xx */
const caller = (http: BrowserClient) => ({
  call: async (method: string, p: string, body?: unknown) => {
    const res = await http.call(method as 'GET' | 'POST', p, body);
    if (res.status >= 300) throw new Error(`${method} ${p} answered ${res.status}: ${JSON.stringify(res.json)}`);
    return res.json;
  },
});

/** The news import under test, at `rows` rows a file. */
export function newsImport(rows: number): ImportUnderTest {
  return {
    name: 'news',
    kind: NEWS_IMPORT,
    async send(http, n) {
      const csv = newsCsv(rows, validSirens(1000, sirenBase(n)), `faults-${n}`);
      const res = await http.call('POST', '/api/news/import', fileForm(csv, `actualites-${n}.csv`));
      if (res.status !== 202) throw new Error(`news import answered ${res.status}: ${JSON.stringify(res.json)}`);
      return { expected: rows };
    },
    written: async (c, jobId) => Number((await c.query('select count(*) as n from news_temporaries where job_id = $1', [jobId])).rows[0].n),
  };
}

/** The scenario (its rows from FAULTS_ROWS). */
export const newsImportScenario = {
  name: 'kill.news',
  run: (ctx: FaultContext) => importScenario(newsImport(ctx.rows), async (http) => void (await ensureCategory(caller(http)))).run(ctx),
};
