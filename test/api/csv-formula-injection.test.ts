/**
 * CSV formula injection (OWASP "CSV injection"): text an outside party controls reaches a CSV that an
 * administrator opens in a spreadsheet. A reason pushed through the public feed API
 * (`POST /api/feeds/queues/{queue}` with the feed token) that begins with `@` comes out of the queue's
 * parked entries' `export.csv` as text (a leading `'`), never as a formula; the other cells are left as they are.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { validSiren } from '../helpers/sirens';

const TOKEN = 'feed-token-for-csv-injection-0123456789';
const REASON = "@SUM(1+1)*cmd|' /C calc'!A0";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FEED_TOKEN: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

it('a reason pushed through the feed API is exported as text, not as a formula', async () => {
  const siren = validSiren(4711);
  const pushed = await t.app.inject({
    method: 'POST',
    url: '/api/feeds/queues/officers',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
    payload: JSON.stringify({ sirens: [siren], reason: REASON }),
  });
  expect(pushed.statusCode, pushed.body).toBe(200);
  // The worker parks an entry whose record it cannot fetch; here the entry is parked as it would.
  await t.ctx.db.execute(sql`update rne_queue set state = 'parked', attempts = 5, error = 'HTTP 500' where siren = ${siren}`);
  const admin = await t.superAdmin();
  const res = await admin.get('/api/supervisions/queues/officers/parked/export.csv');
  expect(res.statusCode, res.body).toBe(200);
  const line = res.body.split('\r\n').find((l) => l.includes(siren));
  expect(line, res.body.slice(0, 500)).toBeDefined();
  const cells = line!.split(';');
  expect(cells).toContain(`'${REASON}`);
  expect(cells).not.toContain(REASON);
  expect(cells).toContain(siren);
});
