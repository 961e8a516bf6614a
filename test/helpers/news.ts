/**
 * News helpers for the API tests: categories, CSV files (built in UTF-8 or Windows-1252 with
 * any delimiter), the upload, the polling of the import job (`GET /api/jobs/{id}`, as the screen does)
 * and the administrator's temporaries.
 */
import fs from 'node:fs';
import path from 'node:path';
import iconv from 'iconv-lite';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { JobResponse } from '../../contract/jobs';
import type { categoryResponse, temporaryRow } from '../../contract/news';
import { multipart, type Client } from './app';

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/news');

/** A file of test/fixtures/news. */
export function fixture(name: string): Buffer {
  return fs.readFileSync(path.join(FIXTURES, name));
}

export type Category = z.output<typeof categoryResponse>;

export type Temporary = z.output<typeof temporaryRow>;

export type Page<T> = { data: T[]; from: number | null; to: number | null; total: number; per_page: number; current_page: number; last_page: number };
export type TemporariesPage = Page<Temporary> & { job: JobResponse | null; rows_total: number; rows_in_error: number };

/** Creates a category through the API (201). */
export async function createCategory(client: Client, name_fr: string, name_en: string, status: 0 | 1 = 1): Promise<Category> {
  const res = await client.post('/api/news/store', { name_fr, name_en, status });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Category;
}

/** The columns of a news file, in the order of the header. */
export const HEADER = ['siren', 'nom', 'titre', 'categorie', 'source', 'lien', 'date'];

/** A CSV text: `header` then `rows`, joined by `delimiter`, CRLF line ends (as Excel writes them). */
export function csvText(rows: string[][], opts: { header?: string[]; delimiter?: string; eol?: string } = {}): string {
  const d = opts.delimiter ?? ';';
  const eol = opts.eol ?? '\r\n';
  return [opts.header ?? HEADER, ...rows].map((r) => r.join(d)).join(eol) + eol;
}

/** UTF-8 bytes, with a BOM when asked. */
export function utf8(text: string, bom = false): Buffer {
  return Buffer.concat([bom ? Buffer.from([0xef, 0xbb, 0xbf]) : Buffer.alloc(0), Buffer.from(text, 'utf8')]);
}

/** Windows-1252 bytes (what Excel's "CSV (séparateur : point-virgule)" writes on a French Windows). */
export function cp1252(text: string): Buffer {
  return iconv.encode(text, 'windows-1252');
}

/** Sends a file to `POST /api/news/import` (multipart field `file`). */
export function upload(client: Client, filename: string, data: Buffer, field = 'file') {
  const m = multipart(field, filename, 'text/csv', data);
  return client.call('POST', '/api/news/import', undefined, { payload: m.payload, headers: m.headers });
}

/** Reads `GET /api/jobs/{id}` (200). */
export async function readJob(client: Client, id: string): Promise<JobResponse> {
  const res = await client.get(`/api/jobs/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as JobResponse;
}

/** Polls `GET /api/jobs/{id}` until the job is done or failed, or waits for a confirmation (`waiting`). */
export async function waitForJob(client: Client, id: string, timeoutMs = 60_000): Promise<JobResponse> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const job = await readJob(client, id);
    if (job.state === 'done' || job.state === 'failed' || job.state === 'waiting') return job;
    if (Date.now() > end) throw new Error(`job ${id} still ${job.state} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads a file (202, job queued at once), then waits for its job; returns the finished job. */
export async function importFile(client: Client, filename: string, data: Buffer, timeoutMs?: number): Promise<JobResponse> {
  const res = await upload(client, filename, data);
  expect(res.statusCode, res.body).toBe(202);
  const { job } = res.json() as { job: JobResponse };
  return waitForJob(client, job.id, timeoutMs);
}

/** Like `importFile`, and expects the job done. */
export async function importDone(client: Client, filename: string, data: Buffer, timeoutMs?: number): Promise<JobResponse> {
  const job = await importFile(client, filename, data, timeoutMs);
  expect(job.state, job.error ?? '').toBe('done');
  return job;
}

/** One page of the client's temporaries (`POST /api/news/filtertemporaries`). */
export async function temporaries(client: Client, body: Record<string, unknown> = {}, page = 1): Promise<TemporariesPage> {
  const res = await client.post(`/api/news/filtertemporaries?page=${page}`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TemporariesPage;
}

/** Cancels the client's import (200) so that the next test starts clean. */
export async function cancel(client: Client): Promise<number> {
  const res = await client.get('/api/news/cancel');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { count: number }).count;
}
