import { expect, test, type Page } from '@playwright/test';
import { Api, SUCCESS, confirm, expectToast, rowWith, signInViaApi, unique } from './helpers';
import { importPendingNews, uploadNews } from './news-import';

/**
 * Deleting the rows of an import under review (/news/import: ticked rows, the rows in error through « Tout
 * sélectionner ») and pending news on /news (SPEC section 2 "/news"; the shared list's bulk actions): one row through its
 * 'Effacer' (the confirmation names the article), ticked rows through 'Supprimer', and every row of one import
 * of several pages (its chip, the page ticked, « Tout sélectionner (1 200) », 'Supprimer', the count toasted).
 * The import has 1,200 rows: six pages of 200 and a count written with its thousands separator are what the screen
 * shows of any size; that the server deletes 100,000 rows in one transaction is test/api/news-pending-delete.test.ts's.
 */

/** Rows of the import deleted whole: six pages of the list. */
const ROWS = 1_200;
const fr = (n: number) => n.toLocaleString('fr-FR');
const newsList = (page: Page) => page.getByTestId('news-list');
const bar = (page: Page) => page.getByTestId('bulk-bar');

let api: Api;
let category: string;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
  category = `Masse ${unique()}`;
  await api.post('/api/news/store', { name_fr: category, name_en: `Bulk ${unique()}`, status: 1 });
});

test('an import under review: a ticked row deleted, then every row in error through « Tout sélectionner »', async ({ page }) => {
  const label = `Revue ${unique()}`;
  await uploadNews(page, api, category, label, 2, 12);
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
  await importPendingNews(page, api, category, label, 4);
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
  const filename = await importPendingNews(page, api, category, label, ROWS);
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
