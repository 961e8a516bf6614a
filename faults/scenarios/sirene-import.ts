/**
 * kill -9 during an INSEE Sirene import (`POST /api/supervisions/import/sirene` of a StockUniteLegale file, job
 * `feed-sirene`): a done job wrote every company of the file; a failed one none (faults/kill-import.ts).
 */
import { FEED_SIRENE } from '../../server/modules/feeds/kinds';
import { fileForm, sireneCompaniesCsv } from '../inputs';
import { importScenario, type ImportUnderTest } from '../kill-import';
import type { FaultContext } from '../scenario';

/** The Sirene import under test, at `rows` companies a file. */
export function sireneImport(rows: number): ImportUnderTest {
  return {
    name: 'sirene',
    kind: FEED_SIRENE,
    async send(http, n) {
      const res = await http.call('POST', '/api/supervisions/import/sirene', fileForm(sireneCompaniesCsv(rows, n), `StockUniteLegale_faults${n}.csv`));
      if (res.status !== 202) throw new Error(`sirene import answered ${res.status}: ${JSON.stringify(res.json)}`);
      return { expected: rows };
    },
    written: async (c, _jobId, n) => Number((await c.query('select count(*) as n from companies where name like $1', [`SOCIETE FICTIVE ${n} %`])).rows[0].n),
  };
}

/** The scenario (its rows from FAULTS_ROWS). */
export const sireneImportScenario = {
  name: 'kill.sirene',
  run: (ctx: FaultContext) => importScenario(sireneImport(ctx.rows)).run(ctx),
};
