/**
 * kill -9 during a deals CSV import (`POST /api/transactions/import`, job `deal-import`; the request waits for the
 * job, so the kill cuts it too): a done job wrote every deal of the file and its entity; a failed one wrote neither
 * (faults/kill-import.ts). Rows counted: deals plus entities of the file's identifiers.
 */
import { DEAL_IMPORT } from '../../server/modules/deals/import-job';
import { dealsCsv, fileForm } from '../inputs';
import { importScenario, type ImportUnderTest } from '../kill-import';
import type { FaultContext } from '../scenario';

/** The deals import under test, at `rows` deals (one entity each) a file. */
export function dealsImport(rows: number): ImportUnderTest {
  return {
    name: 'deals',
    kind: DEAL_IMPORT,
    async send(http, n) {
      const pending = http.call('POST', '/api/transactions/import', fileForm(dealsCsv(rows, n), `transactions-${n}.csv`));
      return { expected: 2 * rows, pending };
    },
    async written(c, _jobId, n) {
      const like = `F${n}-%`;
      const deals = Number((await c.query('select count(*) as n from deals where deal_identifier like $1', [like])).rows[0].n);
      const entities = Number((await c.query('select count(*) as n from deal_entities where deal_identifier like $1', [like])).rows[0].n);
      return deals + entities;
    },
  };
}

/** The scenario (its rows from FAULTS_ROWS). */
export const dealsImportScenario = {
  name: 'kill.deals',
  run: (ctx: FaultContext) => importScenario(dealsImport(ctx.rows)).run(ctx),
};
