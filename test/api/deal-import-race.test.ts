/**
 * One deals import at a time per administrator (SPEC section 4 "Transactions CSV import"), held under parallel
 * uploads: eight files sent at once by one administrator give exactly one import (200, answer `1`) and seven 422
 * `errors.file` « Un import est déjà en cours… »; only the accepted file's deal is written. The check and the
 * job's creation used to run apart, so that on PostgreSQL several uploads could pass the check together.
 * API tests on both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEAL_CSV_COLUMNS } from '../../contract/deal-import';
import { rowsOf } from '../../server/db/rows';
import { createTestApp, multipart, type TestApp } from '../helpers/app';
import { createRole, createType } from '../helpers/deals';
import { listedCompanies } from '../helpers/sirens';

const BUSY = 'Un import est déjà en cours\u00a0: attendez qu’il se termine.';
const company = listedCompanies()[0];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
});
afterAll(async () => t?.close());

/** A one-deal CSV whose deal is `id`. */
function file(id: string): Buffer {
  const row: Record<string, string> = {
    deal_id: id,
    deal_date: '15/03/2026',
    siren: company.siren,
    company_name: company.name,
    role: 'Acquéreur course',
    type1: 'Acquisition course',
    currency: 'EUR',
    description: 'Opération de test',
    url: 'https://www.example.com/deal',
    source: 'Test',
    french_investment_abroad: 'NON',
    foreign_investment_in_france: 'NON',
  };
  return Buffer.from([DEAL_CSV_COLUMNS.join(';'), DEAL_CSV_COLUMNS.map((c) => row[c] ?? '').join(';')].join('\r\n') + '\r\n', 'utf8');
}

it('eight uploads at once: exactly one import, seven refused with the one-at-a-time message', async () => {
  const { client } = await t.newAdmin();
  await client.ensureCsrf();
  await createRole(client, 'Acquéreur course');
  await createType(client, 'Acquisition course');
  const ids = Array.from({ length: 8 }, (_, i) => `RACE-${i}-${Date.now().toString(36)}`);
  const answers = await Promise.all(
    ids.map((id, i) => {
      const m = multipart('file', `course-${i}.csv`, 'text/csv', file(id));
      return client.call('POST', '/api/transactions/import', undefined, { payload: m.payload, headers: m.headers });
    }),
  );
  const accepted = answers.filter((r) => r.statusCode === 200);
  expect(accepted.length, answers.map((r) => `${r.statusCode} ${r.body.slice(0, 400)}`).join('\n')).toBe(1);
  for (const r of answers.filter((a) => a.statusCode !== 200)) {
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toMatchObject({ message: BUSY, errors: { file: [BUSY] } });
  }
  const written = await rowsOf<{ deal_identifier: string }>(t.ctx.db, sql`select deal_identifier from deals where deal_identifier like 'RACE-%'`);
  expect(written).toHaveLength(1);
});
