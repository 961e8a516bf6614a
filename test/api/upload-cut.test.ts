/**
 * An upload cancelled while it is sent (the screens' « Annuler l’envoi » aborts the request): the connection
 * closes in the middle of the multipart body. Whatever route received it (news CSV, deals CSV, INSEE and BODACC
 * files), the server keeps nothing: no job left queued, no stored chunk, no spooled file, no file record.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type Client, type TestApp } from '../helpers/app';
import { rowsOf } from '../../server/db/rows';

let t: TestApp;
let root: Client;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ FEED_INBOX: 'false' });
  root = await t.superAdmin();
  await root.ensureCsrf();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => t?.close());

/** Sends the head and `sentBytes` of a `totalBytes` file to `url`, then closes the connection. */
async function cutUpload(url: string, filename: string, totalBytes: number, sentBytes: number): Promise<void> {
  const body = multipart('file', filename, 'application/octet-stream', Buffer.alloc(totalBytes, 'x'));
  const cookie = Object.entries(root.cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  const head = [
    `POST ${url} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'X-Requested-With: XMLHttpRequest',
    `X-XSRF-TOKEN: ${encodeURIComponent(root.cookies['XSRF-TOKEN'])}`,
    `Cookie: ${cookie}`,
    `Content-Type: ${body.headers['content-type']}`,
    `Content-Length: ${body.payload.length}`,
    '',
    '',
  ].join('\r\n');
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.write(head);
  socket.write(body.payload.subarray(0, sentBytes));
  // Let the server receive and store what came, then cut the connection as a cancelled browser upload does.
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.destroy();
}

/** Jobs not ended, stored chunks, spooled files. */
async function leftovers() {
  const [row] = await rowsOf<{ jobs: number; chunks: number }>(
    t.ctx.db,
    sql`select (select count(*)::int from jobs where state in ('queued', 'running', 'waiting')) as jobs, (select count(*)::int from job_file_chunks) as chunks`,
  );
  const dir = path.join(t.ctx.config.dataDir, 'uploads');
  return { jobs: Number(row.jobs), chunks: Number(row.chunks), spooled: fs.existsSync(dir) ? fs.readdirSync(dir).length : 0 };
}

describe('an upload cut in the middle', () => {
  for (const [url, filename] of [
    ['/api/news/import', 'news.csv'],
    ['/api/transactions/import', 'deals.csv'],
    ['/api/supervisions/import/sirene', 'StockUniteLegale.csv'],
    ['/api/supervisions/import/bodacc', 'bulletin.xml'],
  ] as const) {
    it(`${url}: nothing is kept`, async () => {
      const [files] = await rowsOf<{ n: number }>(t.ctx.db, sql`select (select count(*)::int from feed_files) + (select count(*)::int from deal_import_files) as n`);
      await cutUpload(url, filename, 3 * 1024 * 1024, 1_500_000);
      await expect.poll(leftovers, { timeout: 10_000, interval: 100 }).toEqual({ jobs: 0, chunks: 0, spooled: 0 });
      const [after] = await rowsOf<{ n: number }>(t.ctx.db, sql`select (select count(*)::int from feed_files) + (select count(*)::int from deal_import_files) as n`);
      expect(after.n).toBe(files.n);
    });
  }
});
