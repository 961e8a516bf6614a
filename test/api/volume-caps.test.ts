/**
 * Volumes a caller cannot push without bound (API tests on both databases):
 * - a news CSV row whose title is megabytes long keeps at most NEWS_TEMPORARY_TITLE_MAX_CHARS characters of it,
 *   cut with « … », and its error gives the real length: `filtertemporaries` answers kilobytes, not megabytes;
 * - the feed push (`POST /api/feeds/queues/{queue}`) takes at most FEED_PUSH_MAX_SIRENS SIRENs per call (at most
 *   10,000, the contract's cap of one add); above, a 422 `errors.sirens` in French and nothing queued.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { createCategory, csvText, importDone, utf8, type TemporariesPage } from '../helpers/news';
import { validSiren } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

const TOKEN = 'feed-token-for-volume-tests-0123456789';

let t: TestApp;
let small: TestApp;
beforeAll(async () => {
  t = await createTestApp({ FEED_TOKEN: TOKEN, FEED_INBOX: 'false' });
  small = await createTestApp({ FEED_TOKEN: TOKEN, FEED_INBOX: 'false', FEED_PUSH_MAX_SIRENS: '100', NEWS_TEMPORARY_TITLE_MAX_CHARS: '600' });
});
afterAll(async () => {
  await t?.close();
  await small?.close();
});

describe('a news row with a title of megabytes', () => {
  for (const [name, keep] of [
    ['default', 1000],
    ['NEWS_TEMPORARY_TITLE_MAX_CHARS=600', 600],
  ] as const) {
    it(`keeps ${keep} characters of it, cut with « … », and says how long it was (${name})`, async () => {
      const app = keep === 1000 ? t : small;
      const { client } = await app.newAdmin();
      await createCategory(client, `Économie ${keep}`, `Economy ${keep}`);
      const title = 'T'.repeat(1_000_000);
      await importDone(client, 'long.csv', utf8(csvText([[validSiren(7), 'Nom', title, `Économie ${keep}`, 'Source', 'https://www.example.com/a', '01/02/2026']])));
      const res = await client.post('/api/news/filtertemporaries?page=1', { pagination: { per_page: 200 }, orderBy: { column: 'id', direction: 'asc' }, search: '' });
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.body.length).toBeLessThan(20_000);
      const row = (res.json() as TemporariesPage).data[0];
      expect(row.title).toBe('T'.repeat(keep) + '…');
      expect(row.errors).toEqual(['Le titre ne peut pas dépasser 500 caractères (il en compte 1\u202f000\u202f000).']);
    });
  }
});

describe('the feed push', () => {
  const push = (app: TestApp, sirens: string[]) =>
    app.app.inject({
      method: 'POST',
      url: '/api/feeds/queues/officers',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      payload: JSON.stringify({ sirens }),
    });
  const queued = async (app: TestApp) => Number((await rowsOf<{ n: number }>(app.ctx.db, sql`select count(*)::int as n from rne_queue`))[0].n);
  const sirens = (n: number, from: number) => Array.from({ length: n }, (_, i) => validSiren(from + i, 70_000_000));

  it('refuses 10,001 SIRENs in one push: 422 errors.sirens, nothing queued', async () => {
    const before = await queued(t);
    const res = await push(t, sirens(10_001, 0));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(422);
    expect(res.json()).toEqual({ message: 'Au plus 10\u202f000 sirens par envoi.', errors: { sirens: ['Au plus 10\u202f000 sirens par envoi.'] } });
    expect(await queued(t)).toBe(before);
  });

  it('refuses 200,000 SIRENs in one push with a French message, nothing queued', async () => {
    const before = await queued(t);
    const res = await push(t, sirens(200_000, 20_000));
    expect([413, 422]).toContain(res.statusCode);
    expect((res.json() as { message: string }).message).toMatch(/trop volumineux|Au plus/);
    expect(await queued(t)).toBe(before);
  });

  it('FEED_PUSH_MAX_SIRENS=100: 101 SIRENs are refused, 100 are queued', async () => {
    const refused = await push(small, sirens(101, 300_000));
    expect(refused.statusCode, refused.body.slice(0, 300)).toBe(422);
    expect(refused.json()).toEqual({ message: 'Au plus 100 sirens par envoi.', errors: { sirens: ['Au plus 100 sirens par envoi.'] } });
    expect(await queued(small)).toBe(0);
    const accepted = await push(small, sirens(100, 300_000));
    expect(accepted.statusCode, accepted.body.slice(0, 300)).toBe(200);
    expect(await queued(small)).toBe(100);
  });
});
