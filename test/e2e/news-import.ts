/**
 * News made by the end-to-end tests through the real CSV import (SPEC section 4 "CSV news import flow"): an upload of
 * `POST /api/news/import` whose job is awaited, then, for pending news, `GET /api/news/process`. A test that needs news
 * makes its own, in a category of its own, instead of leaning on the demo's pending news, which the tests that run
 * « Synchroniser » on the same server publish.
 */
import { expect, type Page } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import type { Api } from './helpers';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
let seq = 0;

/**
 * Uploads, as the signed-in administrator of `page` (whose earlier import under review is cancelled first), a CSV of
 * `count` valid news of `category` titled `${label} n`, each of its own SIREN, then `bad` rows with a wrong SIREN titled
 * `${label} erreur n`, and waits until its job is done.
 * @returns the file name
 */
export async function uploadNews(page: Page, api: Api, category: string, label: string, count: number, bad = 0): Promise<string> {
  await page.request.get('/api/news/cancel', { headers: XHR });
  const base = 43_000_000 + Math.floor(Math.random() * 1_000) * 10_000 + (seq++ % 10) * 1_000_000;
  const lines = ['siren;nom;titre;categorie;source;lien;date'];
  const link = `https://www.example.com/${label.replace(/\W/g, '')}`;
  for (let n = 0; n < count; n += 1) lines.push(`${validSiren(n, base)};;${label} ${n};${category};Source;${link}/${n};2026-01-02`);
  for (let n = 0; n < bad; n += 1) lines.push(`123;;${label} erreur ${n};${category};Source;${link}/erreur/${n};2026-01-02`);
  const filename = `${label.replace(/\W/g, '-')}.csv`;
  const token = (await page.request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/news/import', {
    headers: { ...XHR, 'X-XSRF-TOKEN': token },
    multipart: { file: { name: filename, mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n') } },
  });
  expect(res.status(), await res.text()).toBe(202);
  const { job } = (await res.json()) as { job: { id: string } };
  await expect.poll(async () => (await api.get<{ state: string }>(`/api/jobs/${job.id}`)).state, { timeout: 240_000, intervals: [500] }).toBe('done');
  return filename;
}

/**
 * Imports `count` pending news of `category` titled `${label} n` (`uploadNews`), then « Process ».
 * @returns the file name
 */
export async function importPendingNews(page: Page, api: Api, category: string, label: string, count: number): Promise<string> {
  const filename = await uploadNews(page, api, category, label, count);
  expect((await api.get<{ count: number }>('/api/news/process')).count).toBe(count);
  return filename;
}
