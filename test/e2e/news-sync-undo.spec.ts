import { expect, test, type Page } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import { Api, confirm, expectToast, rowWith, sidebar, signInViaApi, unique } from './helpers';

/**
 * Undoing a Synchroniser (/news/synchronisations): each synchronisation is a numbered batch, listed with its date,
 * author, articles and state; « Annuler » asks « Annuler la synchronisation n° N ? » with the count, then puts the
 * batch's articles back among the pending news (/news) and withdraws them from the customer API (`listbysiren`).
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const newsList = (page: Page) => page.getByTestId('news-list');
const batchList = (page: Page) => page.getByTestId('sync-batches-list');

let api: Api;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
});

/** Imports pending news titled `${label} n` (one per SIREN) through the CSV import, then Process. */
async function importPending(page: Page, label: string, sirens: string[]): Promise<void> {
  const category = `Lot ${unique()}`;
  await api.post('/api/news/store', { name_fr: category, name_en: `Batch ${unique()}`, status: 1 });
  await page.request.get('/api/news/cancel', { headers: XHR });
  const lines = ['siren;nom;titre;categorie;source;lien;date'];
  sirens.forEach((siren, n) => lines.push(`${siren};;${label} ${n};${category};Source;https://www.example.com/lot/${unique()}/${n};2026-01-02`));
  const token = (await page.request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/news/import', {
    headers: { ...XHR, 'X-XSRF-TOKEN': token },
    multipart: { file: { name: 'lot.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n') } },
  });
  expect(res.status(), await res.text()).toBe(202);
  const { job } = (await res.json()) as { job: { id: string } };
  await expect.poll(async () => (await api.get<{ state: string }>(`/api/jobs/${job.id}`)).state, { timeout: 60_000, intervals: [500] }).toBe('done');
  expect((await api.get<{ count: number }>('/api/news/process')).count).toBe(sirens.length);
}

test('a synchronisation undone: confirmed with its number and count, its articles back on /news and out of the API', async ({ page }) => {
  test.setTimeout(120_000);
  await api.get('/api/news/syncall'); // nothing else pending: the batch holds exactly this test's articles
  const label = `Annulable ${unique()}`;
  const base = 44_000_000 + Math.floor(Math.random() * 900) * 10_000;
  const sirens = [validSiren(0, base), validSiren(1, base), validSiren(2, base)];
  await importPending(page, label, sirens);

  // Synchroniser on /news: the spec's toast, the list empty.
  await page.goto('/news');
  await page.getByRole('button', { name: 'Synchroniser' }).click();
  await confirm(page, 'Publier 3 articles\u00a0?', 'Publier');
  await expectToast(page, '3 articles publiés avec succès\u202f!');
  await expect(newsList(page).getByTestId('list-empty')).toBeVisible();
  for (const siren of sirens) expect(await api.post<unknown[]>('/api/hows/listbysiren', { siren })).toHaveLength(1);

  // The batch, from the sidebar: number, author, articles, state « En ligne ».
  await sidebar(page).getByRole('link', { name: 'Synchronisations', exact: true }).click();
  await expect(page).toHaveURL(/\/news\/synchronisations$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Synchronisations' })).toBeVisible();
  await expect(batchList(page).getByRole('columnheader')).toHaveText(['N°', 'Date', 'Par', 'Articles', 'Encore publiés', 'État', 'Action']);
  const top = batchList(page).locator('tbody tr[data-row-key]').first();
  const id = Number(await top.getAttribute('data-row-key'));
  expect(id).toBeGreaterThan(0);
  await expect(top.locator('td').nth(3)).toHaveText('3');
  await expect(top.locator('td').nth(4)).toHaveText('3');
  await expect(top.getByTestId('sync-batch-state')).toHaveText('En ligne');

  // « Annuler » asks first, naming the batch and the count; « Garder la synchronisation » changes nothing.
  const question = `Annuler la synchronisation n°\u00a0${id}\u202f? Ses 3 articles encore publiés repasseront dans les news en attente et ne seront plus servis par l’API.`;
  await top.getByRole('button', { name: `Annuler la synchronisation n° ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog.getByText(question, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button')).toHaveText(['Garder la synchronisation', 'Annuler la synchronisation']);
  await dialog.getByRole('button', { name: 'Garder la synchronisation' }).click();
  await expect(dialog).toBeHidden();
  await expect(top.getByTestId('sync-batch-state')).toHaveText('En ligne');

  await top.getByRole('button', { name: `Annuler la synchronisation n° ${id}` }).click();
  await confirm(page, question, 'Annuler la synchronisation');
  await expectToast(page, 'Synchronisation annulée\u00a0: 3 articles remis en attente.');
  const undone = batchList(page).locator(`tbody tr[data-row-key="${id}"]`);
  await expect(undone.getByTestId('sync-batch-state')).toHaveText(/^Annulée le \d\d\/\d\d\/\d\d \d\d:\d\d par .+$/);
  await expect(undone.locator('td').nth(4)).toHaveText('0');
  await expect(undone.getByRole('button', { name: /^Annuler la synchronisation/ })).toHaveCount(0);

  // Back among the pending news, withdrawn from the customer API.
  for (const siren of sirens) expect(await api.post<unknown[]>('/api/hows/listbysiren', { siren })).toEqual([]);
  await sidebar(page).getByRole('link', { name: 'News en attente', exact: true }).click();
  for (let n = 0; n < 3; n += 1) await expect(rowWith(newsList(page), `${label} ${n}`)).toHaveCount(1);
});
