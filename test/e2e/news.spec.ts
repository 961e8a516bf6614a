import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import { Api, SUCCESS, confirm, expectFieldError, expectToast, rowWith, signInViaApi, unique, walkSidebarGroup, sidebar } from './helpers';

/**
 * News (SPEC section 2 "News"): the sidebar group, the categories (create,
 * toggle, edit, delete, unknown id), the CSV import of a Windows-1252 `;` file with two bad rows (the
 * busy indicator while the job runs and the polling clearing it, the rows' errors, the error chip, the
 * bad rows deleted, Process refused then done), the news on /news, Synchroniser and its toast, the
 * article found by SIREN on 'Effacer un article' and deleted, an article added by hand, and a failed import.
 * The fixture test/fixtures/news/e2e-import.csv names the categories 'Économie' and 'Société'.
 */

const FIXTURE = new URL('../fixtures/news/e2e-import.csv', import.meta.url);
/** The five rows of the fixture (its SIRENs: test/helpers/sirens.ts `validSiren(n, 41_000_000)`). */
const ROWS = {
  one: { siren: validSiren(0, 41_000_000), title: 'Essai n°1 : résumé d’un article fictif (é, è, ç, œ)' },
  badSiren: { siren: '410000054', title: 'Essai n°2 : un siren à la clé fausse' },
  badCategory: { siren: validSiren(1, 41_000_000), title: 'Essai n°3 : une catégorie inconnue' },
  four: { siren: validSiren(2, 41_000_000), title: 'Essai n°4 : « cœur » et façade' },
  five: { siren: validSiren(3, 41_000_000), title: 'Essai n°5 : élève, Noël, même' },
};
const FIXTURE_CATEGORIES = [
  { name_fr: 'Économie', name_en: 'Economy' },
  { name_fr: 'Société', name_en: 'Society' },
];

const DISABLE = 'Voulez-vous vraiment désactiver cette catégorie de news ?';
const ENABLE = 'Voulez-vous vraiment réactiver cette catégorie de news ?';
const DELETE_CATEGORY = 'Voulez-vous vraiment effacer cette catégorie ?';
const DELETE_ARTICLE = 'Voulez-vous vraiment effacer cet article ?';
const DELETE_ROW = 'Voulez-vous vraiment effacer cette ligne\u202f?';
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface ApiCategory {
  id: number;
  name_fr: string;
  name_en: string;
  status: number;
}
interface ApiArticle {
  siren: string;
  identifier: string;
  title: string;
  theme: string;
  date: string;
}
interface ApiPage {
  total: number;
}

const main = (page: Page) => page.getByRole('main');
const categoriesList = (page: Page) => page.getByTestId('news-categories-list');
const newsList = (page: Page) => page.getByTestId('news-list');
const temporaries = (page: Page) => page.getByTestId('temporaries-list');
const temporaryRows = (page: Page) => temporaries(page).locator('tbody tr[data-row-key]');
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

let api: Api;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
});

/** Makes sure the category exists and is active (the demo may have it already; names are unique in any case). */
async function ensureCategory(input: { name_fr: string; name_en: string }): Promise<ApiCategory> {
  const all = await api.get<ApiCategory[]>('/api/news/all');
  const found = all.find((c) => c.name_fr.toLowerCase() === input.name_fr.toLowerCase());
  if (!found) return api.post<ApiCategory>('/api/news/store', { ...input, status: 1 });
  if (found.status !== 1) await api.post(`/api/news/togglestatus/${found.id}`);
  return { ...found, status: 1 };
}

/** Pending news in total, through the API. */
async function pendingTotal(): Promise<number> {
  return (await api.post<ApiPage>('/api/news/filter?page=1', { pagination: { per_page: 10 }, orderBy: { column: 'id', direction: 'desc' }, search: '' })).total;
}

/** The administrator's import left empty: rows of an earlier run cancelled (a 422 while a job runs is ignored). */
async function clearImport(page: Page): Promise<void> {
  await page.request.get('/api/news/cancel', { headers: XHR });
}

test('the News group of the sidebar holds one entry per screen and opens on its pages', async ({ page }) => {
  await walkSidebarGroup(page, 'News', [
    { label: 'News en attente', href: '/news', title: 'News' },
    { label: 'Import CSV', href: '/news/import' },
    { label: 'Synchronisations', href: '/news/synchronisations' },
    { label: 'Catégories', href: '/news/categories', title: 'Catégories de news' },
    { label: 'Ajouter un article', href: '/news/articles/create' },
    { label: 'Effacer un article', href: '/news/articles/delete' },
  ]);
  // A category's form pages belong to 'Catégories'; opened directly, the group is open.
  await page.goto('/news/create');
  await expect(page.locator('.ant-layout-sider .ant-menu-item-selected')).toHaveText('Catégories');
  await expect(sidebar(page).getByRole('link', { name: 'Import CSV', exact: true })).toBeVisible();
});

test('categories: create from the list, toggle, edit in place, delete; an unknown id goes home', async ({ page }) => {
  const name = `Catégorie créée ${unique()}`;
  await page.goto('/news');
  await main(page).getByRole('link', { name: 'Gérer les catégories' }).click();
  await expect(page).toHaveURL(/\/news\/categories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catégories de news' })).toBeVisible();
  await expect(categoriesList(page).getByRole('columnheader')).toHaveText(['ID', 'Name', 'Status', 'Action']);

  await main(page).getByRole('link', { name: 'Ajouter' }).click();
  await expect(page).toHaveURL(/\/news\/create$/);
  await expect(page.getByRole('checkbox', { name: 'Actif' })).toBeChecked();
  // Nothing typed: the server's messages under both names.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectFieldError(field(page, 'Nom (FR)'), 'Le champ Nom (FR) est obligatoire.');
  await expectFieldError(field(page, 'Nom (EN)'), 'Le champ Nom (EN) est obligatoire.');

  await field(page, 'Nom (FR)').fill(name);
  await field(page, 'Nom (EN)').fill(`Created category ${unique()}`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/news\/categories$/);
  await expectToast(page, SUCCESS);
  const row = rowWith(categoriesList(page), name);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');

  await row.getByRole('button', { name: 'Désactiver' }).click();
  await confirm(page, DISABLE, 'Désactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Désactivé');
  await row.getByRole('button', { name: 'Activer' }).click();
  await confirm(page, ENABLE, 'Réactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');

  await row.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(/\/news\/\d+\/edit$/);
  await expect(field(page, 'Nom (FR)')).toHaveValue(name);
  const renamed = `${name} renommée`;
  await field(page, 'Nom (FR)').fill(renamed);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);
  await expect(page.getByRole('heading', { level: 1, name: `Modifier ${renamed}` })).toBeVisible();

  await page.getByRole('button', { name: 'Effacer', exact: true }).click();
  await confirm(page, DELETE_CATEGORY, 'Effacer');
  await expect(page).toHaveURL(/\/news\/categories$/);
  await expectToast(page, SUCCESS);
  await expect(rowWith(categoriesList(page), renamed)).toHaveCount(0);

  await page.goto('/news/999999/edit');
  await expect(page).toHaveURL(/\/home$/);
  await expectToast(page, 'Category does not exist!', 'error');
});

test('a category in use cannot be deleted: the toast gives the server’s reason', async ({ page }) => {
  const category = await api.post<ApiCategory>('/api/news/store', { name_fr: `Utilisée ${unique()}`, name_en: `Used ${unique()}`, status: 1 });
  const siren = validSiren(20, 41_000_000);
  await api.post('/api/news/addnews', {
    newscategory_id: category.id,
    siren,
    title: `Article de ${category.name_fr}`,
    posted: '23/11/2026 10:00',
    url: `https://www.example.com/e2e/news/${unique()}`,
  });
  await page.goto(`/news/${category.id}/edit`);
  await page.getByRole('button', { name: 'Effacer', exact: true }).click();
  await confirm(page, DELETE_CATEGORY, 'Effacer');
  const toast = page.getByTestId('toast').filter({ hasText: /article/ });
  await expect(toast).toHaveAttribute('data-type', 'error');
  await expect(page).toHaveURL(new RegExp(`/news/${category.id}/edit$`));
});

test('import a Windows-1252 CSV, fix it, Process, Synchroniser, then remove one published article by SIREN', async ({ page }) => {
  test.setTimeout(120_000);
  for (const category of FIXTURE_CATEGORIES) await ensureCategory(category);
  await clearImport(page);

  await page.goto('/news');
  await main(page).getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/news\/import$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import CSV' })).toBeVisible();

  // The template, downloaded through the API client: UTF-8 with a BOM, the French header.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger le modèle' }).click();
  const template = await download;
  expect(template.suggestedFilename()).toBe('modele-import-news.csv');
  const bytes = fs.readFileSync(await template.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(bytes.subarray(3).toString('utf8').split(/\r?\n/)[0]).toBe('siren;nom;titre;categorie;source;lien;date');

  // Upload. The temporaries are held back until the busy indicator has been seen: then the polling clears it.
  const input = page.locator('input[type="file"]');
  await expect(input).toHaveAttribute('accept', '.csv');
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let summaryCalls = 0;
  await page.route('**/api/news/filtertemporaries*', async (route) => {
    summaryCalls += 1;
    await released;
    // A held request the page has given up meanwhile (a newer read replaced it) is already answered.
    await route.continue().catch(() => undefined);
  });
  await input.setInputFiles(FIXTURE.pathname);
  const busy = page.getByTestId('import-busy');
  await expect(busy).toBeVisible();
  await expect(busy.locator('.ant-spin-spinning')).toBeVisible();
  await expect(busy.getByRole('progressbar')).toBeVisible();
  await expect(busy.getByTestId('import-step')).toContainText('e2e-import.csv');
  release();
  await expect(busy).toBeHidden({ timeout: 30_000 });
  await page.unroute('**/api/news/filtertemporaries*');
  expect(summaryCalls).toBeGreaterThan(0);
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);

  // Five rows read, accents of Windows-1252 intact, two in error with their messages beside them.
  await expect(temporaryRows(page)).toHaveCount(5);
  await expect(page.getByTestId('import-summary')).toContainText('5 lignes importées de « e2e-import.csv », dont 2 lignes en erreur');
  await expect(temporaries(page).getByRole('columnheader')).toHaveText(['', 'ID', 'Ligne', 'Siren', 'Titre', 'Catégorie', 'Source', 'Link', 'Date', 'Erreurs', 'Action']);
  // Each row gives its line in the file (the header is line 1), the number its messages cite.
  await expect(rowWith(temporaries(page), ROWS.one.title).getByRole('cell').nth(2)).toHaveText('2');
  await expect(rowWith(temporaries(page), ROWS.badSiren.title).getByRole('cell').nth(2)).toHaveText('3');
  for (const row of [ROWS.one, ROWS.four, ROWS.five]) {
    await expect(rowWith(temporaries(page), row.title)).toHaveCount(1);
    await expect(rowWith(temporaries(page), row.title).getByTestId('row-errors')).toHaveCount(0);
  }
  await expect(rowWith(temporaries(page), ROWS.one.title)).toContainText('23/11/26 09:30');
  await expect(rowWith(temporaries(page), ROWS.one.title)).toContainText('Économie');
  await expect(rowWith(temporaries(page), ROWS.badSiren.title).getByTestId('row-errors')).toHaveText(
    'Siren invalide\u00a0: «\u00a0410000054\u00a0» (9 chiffres, clé de contrôle comprise).',
  );
  await expect(rowWith(temporaries(page), ROWS.badCategory.title).getByTestId('row-errors')).toHaveText(
    'Catégorie inconnue\u00a0: «\u00a0Catégorie fantôme\u00a0».',
  );

  // The chip keeps the rows in error.
  await expect(page.getByTestId('quick-search-')).toHaveText('Toutes (5)');
  await page.getByTestId('quick-search-onlyerrors').click();
  await expect(temporaryRows(page)).toHaveCount(2);
  await expect(page.getByTestId('quick-search-onlyerrors')).toHaveText('Lignes en erreur (2)');

  // Process is refused while rows are in error.
  await page.getByRole('button', { name: 'Process' }).click();
  const refused = page.getByTestId('toast').filter({ hasText: /Impossible de traiter l’import.*2 lignes sont en erreur/ });
  await expect(refused).toHaveAttribute('data-type', 'error');
  await refused.getByRole('button', { name: 'Fermer' }).click();

  // Delete both bad rows.
  for (const row of [ROWS.badSiren, ROWS.badCategory]) {
    await rowWith(temporaries(page), row.title).getByRole('button', { name: /Effacer/ }).click();
    await confirm(page, DELETE_ROW, 'Effacer');
    await expectToast(page, SUCCESS);
    await expect(rowWith(temporaries(page), row.title)).toHaveCount(0);
  }
  await expect(page.getByTestId('quick-search-onlyerrors')).toHaveText('Lignes en erreur (0)');
  await expect(temporaries(page).getByTestId('list-empty')).toHaveText('Aucun résultat trouvé');
  await page.getByTestId('quick-search-').click();
  await expect(temporaryRows(page)).toHaveCount(3);
  await expect(page.getByTestId('import-summary')).toContainText('3 lignes importées de « e2e-import.csv », sans erreur');

  // Process: the three news on /news.
  await page.getByRole('button', { name: 'Process' }).click();
  await expect(page).toHaveURL(/\/news$/);
  await expectToast(page, '3 news ajoutées à la liste en attente.');
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
  await expect(newsList(page).getByRole('columnheader')).toHaveText(['', 'ID', 'Siren', 'Titre', 'Catégorie', 'Date', 'Action']);
  for (const row of [ROWS.one, ROWS.four, ROWS.five]) await expect(rowWith(newsList(page), row.title)).toHaveCount(1);
  await expect(rowWith(newsList(page), ROWS.four.title)).toContainText('Société');
  await expect(rowWith(newsList(page), ROWS.four.title)).toContainText('22/11/26 18:45');

  // Searched by SIREN, sorted by title.
  const search = newsList(page).getByRole('searchbox', { name: 'Rechercher' });
  await search.fill(ROWS.four.siren);
  await search.press('Enter');
  await expect(newsList(page).locator('tbody tr[data-row-key]')).toHaveCount(1);
  await newsList(page).getByRole('button', { name: 'Réinitialiser' }).click();
  await newsList(page).getByRole('columnheader', { name: 'Titre' }).click();
  await expect(page).toHaveURL(/sort=title/);

  // Synchroniser asks first, with the count; « Annuler » publishes nothing.
  const pending = await pendingTotal();
  expect(pending).toBeGreaterThanOrEqual(3);
  const question = `Publier ${pending.toLocaleString('fr-FR')} articles\u00a0?`;
  await page.getByRole('button', { name: 'Synchroniser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog.getByText(question, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button')).toHaveText(['Annuler', 'Publier']);
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toBeHidden();
  expect(await pendingTotal()).toBe(pending);
  // Confirmed: every pending item published, the toast says how many.
  await page.getByRole('button', { name: 'Synchroniser' }).click();
  await confirm(page, question, 'Publier');
  await expectToast(page, `${pending.toLocaleString('fr-FR')} articles publiés avec succès\u202f!`);
  await expect(newsList(page).getByTestId('list-empty')).toHaveText('Aucun résultat trouvé');
  expect(await pendingTotal()).toBe(0);

  // 'Effacer un article': the published article found by its SIREN, then removed.
  await sidebar(page).getByRole('link', { name: 'Effacer un article', exact: true }).click();
  await expect(page).toHaveURL(/\/news\/articles\/delete$/);
  await field(page, 'Siren').fill(`  ${ROWS.one.siren}  `);
  await field(page, 'Siren').press('Enter');
  const articles = page.getByTestId('articles-list');
  await expect(articles.getByRole('columnheader')).toHaveText(['Siren', 'Titre', 'Catégorie', 'Date', 'Action']);
  const article = rowWith(articles, ROWS.one.title);
  await expect(article).toHaveCount(1);
  await expect(article).toContainText('Économie');
  await expect(field(page, 'Siren')).toHaveValue(ROWS.one.siren);
  await article.getByRole('button', { name: /Effacer/ }).click();
  await confirm(page, DELETE_ARTICLE, 'Effacer');
  await expectToast(page, SUCCESS);
  await expect(articles.getByTestId('list-empty')).toHaveText('Aucun résultat trouvé');
  expect(await api.post<ApiArticle[]>('/api/hows/listbysiren', { siren: ROWS.one.siren })).toEqual([]);
  // The others stay published.
  expect(await api.post<ApiArticle[]>('/api/hows/listbysiren', { siren: ROWS.four.siren })).toHaveLength(1);
});

test('cancelling an import asks with buttons that say what they do: « Continuer » keeps the rows, « Annuler l’import » drops them', async ({ page }) => {
  test.setTimeout(120_000);
  for (const category of FIXTURE_CATEGORIES) await ensureCategory(category);
  await clearImport(page);
  await page.goto('/news/import');
  await page.locator('input[type="file"]').setInputFiles(FIXTURE.pathname);
  await expect(temporaryRows(page)).toHaveCount(5, { timeout: 30_000 });
  // The « Fichier reçu » toast is gone once the rows are shown.
  await expect(page.getByTestId('toast').filter({ hasText: 'Fichier reçu' })).toHaveCount(0);

  await page.getByTestId('import-cancel').click();
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog).toContainText('Voulez-vous vraiment annuler l’import\u202f?');
  await expect(dialog.getByRole('button')).toHaveText(['Continuer', 'Annuler l’import']);
  // The safe answer has the focus.
  await expect(dialog.getByRole('button', { name: 'Continuer' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Continuer' }).click();
  await expect(dialog).toBeHidden();
  await expect(temporaryRows(page)).toHaveCount(5);

  await page.getByTestId('import-cancel').click();
  await dialog.getByRole('button', { name: 'Annuler l’import' }).click();
  await expectToast(page, SUCCESS);
  await expect(temporaryRows(page)).toHaveCount(0);
  await expect(page.locator('input[type="file"]')).toBeAttached();
});

test('Synchroniser with nothing pending says so', async ({ page }) => {
  await api.get('/api/news/syncall');
  await page.goto('/news');
  await expect(newsList(page).getByTestId('list-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Synchroniser' }).click();
  await expectToast(page, 'Aucun article publié\u00a0: aucune news en attente.');
});

test('add an article by hand: errors under the fields, then published and the form emptied', async ({ page }) => {
  const category = await ensureCategory(FIXTURE_CATEGORIES[0]);
  const siren = validSiren(30, 41_000_000);
  const title = `Article ajouté à la main ${unique()}`;
  await page.goto('/news/articles/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un article' })).toBeVisible();
  await expect(field(page, 'Date')).toHaveValue(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

  // Nothing chosen, an invalid SIREN, no title: the server's messages under those fields.
  await field(page, 'Siren').fill('123456789');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('combobox', { name: 'Catégorie' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Le champ Catégorie est obligatoire.', { exact: true })).toBeVisible();
  await expect(field(page, 'Siren')).toHaveAttribute('aria-invalid', 'true');
  await expectFieldError(field(page, 'Titre'), 'Le champ Titre est obligatoire.');

  // Then a bad date and a link that is not http(s), by the rules of an import row.
  // Typed into the select's search: the dropdown draws only the options in view, and other tests add categories.
  await page.getByRole('combobox', { name: 'Catégorie' }).fill(category.name_fr);
  await page.locator('.ant-select-dropdown').getByTitle(category.name_fr, { exact: true }).click();
  await field(page, 'Siren').fill(siren);
  await field(page, 'Nom de l’entreprise').fill('Entreprise d’essai');
  await field(page, 'Titre').fill(title);
  await field(page, 'Date').fill('31/02/2026');
  await field(page, 'Source').fill('Saisie e2e');
  await field(page, 'Lien').fill('ftp://example.com/x');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(field(page, 'Date')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Date')).toHaveAccessibleDescription(/Date invalide/);
  await expect(field(page, 'Lien')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Lien')).toHaveAccessibleDescription(/http/);

  await field(page, 'Date').fill('23/11/2026 08:15');
  await field(page, 'Lien').fill(`https://www.example.com/e2e/news/${unique()}`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);
  await expect(field(page, 'Titre')).toHaveValue('');
  await expect(field(page, 'Siren')).toHaveValue('');

  const published = await api.post<ApiArticle[]>('/api/hows/listbysiren', { siren });
  expect(published.map((a) => [a.title, a.theme])).toEqual([[title, category.name_fr]]);

  // Found by its SIREN on 'Effacer un article'.
  await page.goto('/news/articles/delete');
  await field(page, 'Siren').fill(siren);
  await page.getByRole('button', { name: 'Chercher' }).click();
  await expect(rowWith(page.getByTestId('articles-list'), title)).toContainText('23/11/26 08:15');
});

test('Effacer un article: an empty SIREN calls nothing, an invalid one is refused, none found, Réinitialiser', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/hows/')) calls.push(req.url());
  });
  await page.goto('/news/articles/delete');
  await field(page, 'Siren').fill('   ');
  await page.getByRole('button', { name: 'Chercher' }).click();
  await expectFieldError(field(page, 'Siren'), 'Veuillez saisir un siren');
  expect(calls).toEqual([]);
  await expect(page.getByTestId('articles-list')).toHaveCount(0);

  await field(page, 'Siren').fill('123456789');
  await field(page, 'Siren').press('Enter');
  await expect(field(page, 'Siren')).toHaveAttribute('aria-invalid', 'true');
  expect(calls).toHaveLength(1);

  await field(page, 'Siren').fill(validSiren(40, 41_000_000));
  await field(page, 'Siren').press('Enter');
  await expect(page.getByTestId('articles-list').getByTestId('list-empty')).toHaveText('Aucun résultat trouvé');

  await page.getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(field(page, 'Siren')).toHaveValue('');
  await expect(page.getByTestId('articles-list')).toHaveCount(0);
});

test('an import that fails while its job reads the file shows the job’s error above the picker', async ({ page }) => {
  await clearImport(page);
  await page.goto('/news/import');
  // A header, then 70 kB of blank lines: readable at upload (past the sniffed head), empty once read.
  const body = Buffer.from(`siren;titre;categorie;source;lien;date\r\n${'\r\n'.repeat(35_000)}`, 'utf8');
  await page.locator('input[type="file"]').setInputFiles({ name: 'vide.csv', mimeType: 'text/csv', buffer: body });
  const failed = page.getByTestId('import-failed');
  await expect(failed).toBeVisible({ timeout: 30_000 });
  await expect(failed).toContainText('L’import de « vide.csv » a échoué');
  await expect(failed).toContainText('aucune ligne de données');
  await expect(page.locator('input[type="file"]')).toBeAttached();
  // The « Fichier reçu » toast is gone once the outcome is shown.
  await expect(page.getByTestId('toast').filter({ hasText: 'Fichier reçu' })).toHaveCount(0);
  // The banner can be closed, and stays closed for that import.
  await failed.getByRole('button', { name: 'Fermer' }).click();
  await expect(failed).toHaveCount(0);
  await page.reload();
  await expect(page.locator('input[type="file"]')).toBeAttached();
  await expect(page.getByTestId('import-failed')).toHaveCount(0);

  // Not a .csv: refused at once, the toast gives errors.file.
  await page.locator('input[type="file"]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expectToast(page, 'Seuls les fichiers .csv sont acceptés.', 'error');
});

test.describe('on a phone (390 × 844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the import review: a row expands (« Développer la ligne ») to show Effacer, which removes the row after the confirmation', async ({ page }) => {
    test.setTimeout(120_000);
    for (const category of FIXTURE_CATEGORIES) await ensureCategory(category);
    await clearImport(page);
    await page.goto('/news/import');
    await page.locator('input[type="file"]').setInputFiles(FIXTURE.pathname);
    await expect(temporaryRows(page)).toHaveCount(5, { timeout: 30_000 });
    // Effacer has left the table for the rows' details.
    await expect(temporaries(page).getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
    const row = temporaryRows(page).first();
    const expand = row.getByRole('button', { name: 'Développer la ligne' });
    await expect(expand).toBeInViewport();
    await expand.tap();
    const details = temporaries(page).getByTestId('row-details');
    await expect(details).toContainText('Action');
    const remove = details.getByRole('button', { name: /^Effacer la ligne \d+$/ });
    await expect(remove).toBeInViewport();
    await remove.tap();
    await confirm(page, 'Voulez-vous vraiment effacer cette ligne\u202f?', 'Effacer');
    await expectToast(page, SUCCESS);
    await expect(temporaryRows(page)).toHaveCount(4);
    await clearImport(page);
  });
});
