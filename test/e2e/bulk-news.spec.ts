import { expect, test, type Page } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import { Api, SUCCESS, confirm, expectToast, rowWith, signInViaApi, unique } from './helpers';

/**
 * Deleting the rows of an import under review (/news/import: ticked rows, the rows in error through « Tout
 * sélectionner ») and pending news on /news (SPEC section 2 "/news"; the shared list's bulk actions): one row through its
 * 'Effacer' (the confirmation names the article), ticked rows through 'Supprimer', and every row of one import
 * of several pages (its chip, the page ticked, « Tout sélectionner (1 200) », 'Supprimer', the count toasted).
 * The import has 1,200 rows: six pages of 200 and a count written with its thousands separator are what the screen
 * shows of any size; that the server deletes 100,000 rows in one transaction is test/api/news-pending-delete.test.ts's.
 */

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
/** Rows of the import deleted whole: six pages of the list. */
const ROWS = 1_200;
const fr = (n: number) => n.toLocaleString('fr-FR');
const newsList = (page: Page) => page.getByTestId('news-list');
const bar = (page: Page) => page.getByTestId('bulk-bar');

let api: Api;
let category: string;
let seq = 0;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
  category = `Masse ${unique()}`;
  await api.post('/api/news/store', { name_fr: category, name_en: `Bulk ${unique()}`, status: 1 });
});

/**
 * Uploads a CSV of `count` news titled `${label} n`, then `bad` ones with a wrong SIREN titled `${label} erreur n`,
 * and waits for its import job; answers the file name.
 */
async function uploadNews(page: Page, label: string, count: number, bad = 0): Promise<string> {
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

/** Imports `count` pending news titled `${label} n` through the CSV import, then Process; answers the file name. */
async function importPending(page: Page, label: string, count: number): Promise<string> {
  const filename = await uploadNews(page, label, count);
  expect((await api.get<{ count: number }>('/api/news/process')).count).toBe(count);
  return filename;
}

test('an import under review: a ticked row deleted, then every row in error through « Tout sélectionner »', async ({ page }) => {
  const label = `Revue ${unique()}`;
  await uploadNews(page, label, 2, 12);
  await page.goto('/news/import?rows.per_page=10');
  const rows = page.getByTestId('temporaries-list');
  await expect(page.getByTestId('quick-search-onlyerrors')).toHaveText('Lignes en erreur (12)');

  await rowWith(rows, `${label} erreur 0`).getByRole('checkbox').check();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('1 ligne sélectionnée');
  await bar(page).getByRole('button', { name: 'Effacer' }).click();
  await confirm(page, 'Effacer 1 ligne de l’import\u202f?', 'Effacer');
  await expectToast(page, '1 ligne effacée de l’import.');
  await expect(page.getByTestId('quick-search-onlyerrors')).toHaveText('Lignes en erreur (11)');

  // The rows in error, 10 a page: the page ticked, then all 11.
  await page.getByTestId('quick-search-onlyerrors').click();
  await rows.getByRole('columnheader').getByRole('checkbox').check();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('10 lignes sélectionnées');
  await bar(page).getByRole('button', { name: 'Tout sélectionner (11)' }).click();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('11 lignes sélectionnées');
  await bar(page).getByRole('button', { name: 'Effacer' }).click();
  await confirm(page, 'Effacer 11 lignes de l’import\u202f?', 'Effacer');
  await expectToast(page, '11 lignes effacées de l’import.');
  await expect(page.getByTestId('quick-search-onlyerrors')).toHaveText('Lignes en erreur (0)');
  await expect(page.getByTestId('quick-search-')).toHaveText('Toutes (2)');

  // Nothing left in error: Process takes the two rows.
  await page.getByRole('button', { name: 'Process' }).click();
  await expectToast(page, '2 news ajoutées à la liste en attente.');
});

test('one pending news item deleted by its row’s button, two by a selection', async ({ page }) => {
  const label = `Effacement ${unique()}`;
  await importPending(page, label, 4);
  await page.goto('/news');
  await newsList(page).getByRole('searchbox').fill(label);
  await newsList(page).getByRole('searchbox').press('Enter');
  await expect(newsList(page).locator('tbody tr[data-row-key]')).toHaveCount(4);

  // One row: its button, a confirmation naming the article.
  await rowWith(newsList(page), `${label} 3`).getByRole('button', { name: `Effacer l’article ${label} 3` }).click();
  await confirm(page, `Voulez-vous vraiment effacer la news en attente «\u00a0${label} 3\u00a0»\u202f?`, 'Effacer');
  await expectToast(page, SUCCESS);
  await expect(rowWith(newsList(page), `${label} 3`)).toHaveCount(0);

  // Two ticked rows: the bar counts them, 'Supprimer' asks with the count and toasts the server's.
  await expect(bar(page)).toHaveCount(0);
  await rowWith(newsList(page), `${label} 0`).getByRole('checkbox').check();
  await rowWith(newsList(page), `${label} 2`).getByRole('checkbox').check();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('2 lignes sélectionnées');
  await bar(page).getByRole('button', { name: 'Supprimer' }).click();
  await confirm(page, 'Supprimer 2 news en attente\u202f?', 'Supprimer');
  await expectToast(page, '2 news en attente effacées.');
  await expect(newsList(page).locator('tbody tr[data-row-key]')).toHaveCount(1);
  await expect(rowWith(newsList(page), `${label} 1`)).toHaveCount(1);
  await expect(bar(page)).toHaveCount(0);
});

test('every row of one import of several pages: its chip, « Tout sélectionner (1 200) », Supprimer', async ({ page }) => {
  test.setTimeout(120_000);
  const label = `Import massif ${unique()}`;
  const filename = await importPending(page, label, ROWS);
  await page.goto('/news');
  const chip = page.getByRole('checkbox', { name: new RegExp(`^${filename.replace(/[.]/g, '\\.')} du \\d\\d/\\d\\d/\\d\\d \\d\\d:\\d\\d \\(${fr(ROWS).replace(/\s/g, '\\s')}\\)$`) });
  await chip.click();
  await expect(newsList(page).getByTestId('list-range')).toHaveText(`1-200 sur ${fr(ROWS)} résultats`);

  // The page ticked (its header box), then the whole import.
  await newsList(page).getByRole('columnheader').getByRole('checkbox').check();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('200 lignes sélectionnées');
  await bar(page).getByRole('button', { name: `Tout sélectionner (${fr(ROWS)})` }).click();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText(`${fr(ROWS)} lignes sélectionnées`);
  // The second page is ticked too.
  await newsList(page).getByTitle('2', { exact: true }).click();
  await expect(newsList(page).getByTestId('list-range')).toHaveText(`201-400 sur ${fr(ROWS)} résultats`);
  await expect(newsList(page).locator('tbody tr[data-row-key] input[type="checkbox"]:checked')).toHaveCount(200);

  await bar(page).getByRole('button', { name: 'Supprimer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog.getByText(`Supprimer ${fr(ROWS)} news en attente\u202f?`, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Supprimer', exact: true }).click();
  await expect(dialog).toBeHidden({ timeout: 60_000 });
  await expectToast(page, `${fr(ROWS)} news en attente effacées.`);
  await expect(newsList(page).getByTestId('list-empty')).toBeVisible();
  // The emptied import keeps its chip, at (0), until the page is left.
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${filename.replace(/[.]/g, '\\.')} du .* \\(0\\)$`) })).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${filename.replace(/[.]/g, '\\.')} `) })).toHaveCount(0);
  await expect(bar(page)).toHaveCount(0);
});
