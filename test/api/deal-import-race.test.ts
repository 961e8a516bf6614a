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

/** A CSV of one deal per id, each with one entity. */
function file(...ids: string[]): Buffer {
  const row = (id: string): Record<string, string> => ({
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
  });
  const lines = ids.map((id) => DEAL_CSV_COLUMNS.map((c) => row(id)[c] ?? '').join(';'));
  return Buffer.from([DEAL_CSV_COLUMNS.join(';'), ...lines].join('\r\n') + '\r\n', 'utf8');
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

it('« Annuler l’import » of a running deals import: the waiting upload answers 422 errors.file with the cancellation, nothing written', { timeout: 120_000 }, async () => {
  const { client } = await t.newAdmin();
  await client.ensureCsrf();
  await createRole(client, 'Acquéreur arrêt');
  await createType(client, 'Acquisition arrêt');
  const ids = Array.from({ length: 60_000 }, (_, i) => `STOP-${i}`);
  const data = file(...ids).toString('utf8').replaceAll('Acquéreur course', 'Acquéreur arrêt').replaceAll('Acquisition course', 'Acquisition arrêt');
  const m = multipart('file', 'arret.csv', 'text/csv', Buffer.from(data, 'utf8'));
  const answer = client.call('POST', '/api/transactions/import', undefined, { payload: m.payload, headers: m.headers });
  let job: { id: string; state: string } | null = null;
  for (const end = Date.now() + 60_000; !job && Date.now() < end; ) {
    const seen = (await client.get('/api/transactions/importjob')).json() as { job: { id: string; state: string } | null };
    if (seen.job && (seen.job.state === 'queued' || seen.job.state === 'running')) job = seen.job;
    else await new Promise((r) => setTimeout(r, 20));
  }
  expect(job, 'the import job under way').not.toBeNull();
  const cancelled = await client.post(`/api/jobs/${job!.id}/cancel`, {});
  expect([200, 404], cancelled.body).toContain(cancelled.statusCode);
  const res = await answer;
  if (cancelled.statusCode === 404) return; // it had committed first: the import stands, as the rule says
  expect(res.statusCode, res.body).toBe(422);
  const message = (res.json() as { message: string }).message;
  expect(message).toMatch(/^Import annulé par .+\. Rien n’a été importé\.$/);
  expect(res.json()).toMatchObject({ errors: { file: [message] } });
  const written = await rowsOf<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from deals where deal_identifier like 'STOP-%'`);
  expect(Number(written[0].n)).toBe(0);
});
