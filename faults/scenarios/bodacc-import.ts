/**
 * kill -9 during a BODACC import (`POST /api/supervisions/import/bodacc` of a DILA XML bulletin, job `feed-bodacc`): the
 * bulletin is the real notices of test/fixtures/bodacc repeated and numbered anew in an issue of its own
 * (bench/feed-bodacc.ts `writeBulletin`), a tenth of FAULTS_ROWS notices; a done job wrote every notice of the
 * issue, a failed one none (faults/kill-import.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { writeBulletin } from '../../bench/feed-bodacc';
import { FEED_BODACC } from '../../server/modules/feeds/kinds';
import { fileForm } from '../inputs';
import { importScenario, type ImportUnderTest } from '../kill-import';
import type { FaultContext } from '../scenario';

/** Issue number of attempt `n`: 8 digits starting with 9 (no real issue). */
const issueOf = (n: number) => `9900000${n}`;

/** The BODACC import under test, at `notices` notices a bulletin (written under `tmp`). */
export function bodaccImport(notices: number, tmp: string): ImportUnderTest {
  return {
    name: 'bodacc',
    kind: FEED_BODACC,
    async send(http, n) {
      const file = path.join(tmp, `RCS-A_BXA${issueOf(n)}.xml`);
      writeBulletin(file, notices, issueOf(n));
      const res = await http.call('POST', '/api/supervisions/import/bodacc', fileForm(fs.readFileSync(file), path.basename(file), 'application/xml'));
      if (res.status !== 202) throw new Error(`bodacc import answered ${res.status}: ${JSON.stringify(res.json)}`);
      return { expected: notices };
    },
    written: async (c, _jobId, n) => Number((await c.query('select count(*) as n from announcements where issue = $1', [issueOf(n)])).rows[0].n),
  };
}

/** The scenario (a tenth of FAULTS_ROWS notices, at least 1,000). */
export const bodaccImportScenario = {
  name: 'kill.bodacc',
  run: (ctx: FaultContext) => importScenario(bodaccImport(Math.max(1000, Math.round(ctx.rows / 10)), ctx.tmpdir('bodacc-files'))).run(ctx),
};
