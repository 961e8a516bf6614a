import { expect, test, type Locator, type Page } from '@playwright/test';
import { onOneParisDay } from '../helpers/paris-day';
import { Api, signInViaApi } from './helpers';

/**
 * The update log (/messages) on the demo data seeded before the e2e server starts (the entries the imports of the
 * real INSEE and BODACC samples wrote, groups VIP and Favoris of companies those notices name). Every expectation
 * is read from the API (`/api/messages/getdatas`, `/api/messages/filter`, the groups), never hard-coded; the
 * statistics are compared on one Paris day (test/helpers/paris-day.ts).
 */

interface LogEntry {
  id: number;
  code: string;
  name: string;
  description: string;
  created_at: string;
  source: { label: string; url: string | null } | null;
}
interface LogPage {
  data: LogEntry[];
  from: number | null;
  to: number | null;
  total: number;
  last_page: number;
  total_is_estimate?: boolean;
}
interface LogStats {
  thisYear: number;
  lastYear: number;
  thisMonth: number;
  months: Record<string, number>;
  days: Record<string, number>;
}
interface Filter {
  perPage?: number;
  column?: string;
  direction?: 'asc' | 'desc';
  search?: string;
}

const MONTHS = ['JAN', 'FEV', 'MAR', 'AVR', 'MAI', 'JUN', 'JUL', 'AOU', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAYS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));
const STORAGE_KEY = 'vigie.update-log.filter';

const list = (page: Page) => page.getByTestId('log-list');
const rows = (page: Page) => list(page).locator('tbody tr[data-row-key]');
const range = (page: Page) => page.getByTestId('list-range');
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Rechercher' });
const header = (page: Page, name: string) => list(page).getByRole('columnheader', { name, exact: true });
const chip = (page: Page, label: string) => page.getByRole('checkbox', { name: label, exact: true });

/** One page of the log through the API, as the UI asks for it. */
function filterLog(api: Api, f: Filter = {}, page = 1): Promise<LogPage> {
  return api.post<LogPage>(`/api/messages/filter?page=${page}`, {
    pagination: { per_page: f.perPage ?? 200 },
    orderBy: { column: f.column ?? 'id', direction: f.direction ?? 'desc' },
    search: f.search ?? '',
  });
}

/** The SIRENs of the demo group named `name`. */
async function groupSirens(api: Api, name: string): Promise<Set<string>> {
  const groups = await api.get<Array<{ id: number; name: string }>>('/api/groups/all');
  const group = groups.find((g) => g.name === name);
  expect(group, `demo group ${name}`).toBeDefined();
  const page = await api.post<{ data: Array<{ siren: string }>; last_page: number }>(`/api/groups/filtersirens/${group!.id}?page=1`, {
    pagination: { per_page: 200 },
    orderBy: { column: 'id', direction: 'desc' },
    search: '',
  });
  expect(page.last_page).toBe(1);
  return new Set(page.data.map((row) => row.siren));
}

/** The row ids shown, in order. */
function shownIds(page: Page): Promise<number[]> {
  return rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row-key'))));
}

async function expectRows(page: Page, expected: LogEntry[]): Promise<void> {
  await expect(rows(page)).toHaveCount(expected.length);
  await expect.poll(() => shownIds(page)).toEqual(expected.map((e) => e.id));
}

/** The footer text the UI must show for a page answer: numbers grouped by thousands. */
function rangeText(p: LogPage): string {
  const n = (value: number | null) => (value ?? 0).toLocaleString('fr-FR');
  return `${n(p.from)}-${n(p.to)} sur ${p.total_is_estimate ? 'environ ' : ''}${n(p.total)} résultats`;
}

/** Picks a page size (retried: a click landing during the dropdown's opening animation can be lost). */
async function choosePageSize(page: Page, size: number): Promise<void> {
  const select = page.getByLabel('Nombre de résultats par page');
  const option = page.locator('.ant-select-dropdown:visible').getByRole('option', { name: String(size), exact: true });
  await expect(async () => {
    if (!(await option.isVisible())) await select.click();
    await option.click({ timeout: 2_000 });
    await expect(page.getByTestId('page-size')).toHaveText(String(size), { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

async function search(page: Page, text: string): Promise<void> {
  await searchBox(page).fill(text);
  await searchBox(page).press('Enter');
}

/** Digits of a figure (the French grouping separator is a narrow no-break space). */
async function figure(locator: Locator): Promise<number> {
  const text = (await locator.locator('.ant-statistic-content').textContent()) ?? '';
  return Number(text.replace(/\D/g, ''));
}

/** True once the canvas has painted pixels. */
function canvasPainted(chart: Locator): Promise<boolean> {
  return chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    if (canvas.width === 0 || canvas.height === 0) return false;
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
    return false;
  });
}

/** The most frequent word (5 letters or more) of `texts`, lower-cased. */
function mostFrequentWord(texts: string[]): string {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of text.toLowerCase().split(/[^\p{L}]+/u)) {
      if (word.length >= 5) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0][0];
}

/** `DD/MM/YY HH:mm` in Europe/Paris. */
function parisDateTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    day: '2-digit',
    month: '2-digit',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('day')}/${part('month')}/${part('year')} ${part('hour')}:${part('minute')}`;
}

let api: Api;

// Each test has a fresh browser context, hence an empty localStorage: the persisted filter starts at its defaults.
test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
});

test('sidebar entry, breadcrumb, the three figures and both charts (JAN..DEC, 01..31)', async ({ page }) => {
  // The API's figures and the page's, of one Paris day (its month and year): checked again when midnight passed meanwhile.
  await onOneParisDay(async () => {
    const stats = await api.get<LogStats>('/api/messages/getdatas');
    expect(stats.thisYear + stats.lastYear).toBeGreaterThan(0);

    await page.goto('/home');
    await page.getByRole('menu', { name: 'Navigation principale' }).getByRole('link', { name: 'Journal des mises à jour' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Journal des mises à jour' })).toBeVisible();
    const breadcrumb = page.getByTestId('breadcrumb');
    await expect(breadcrumb.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/home');
    await expect(breadcrumb).toContainText('Journal des mises à jour');

    await expect.poll(() => figure(page.getByTestId('stat-this-year'))).toBe(stats.thisYear);
    await expect.poll(() => figure(page.getByTestId('stat-last-year'))).toBe(stats.lastYear);
    await expect.poll(() => figure(page.getByTestId('stat-this-month'))).toBe(stats.thisMonth);

    const months = page.getByTestId('chart-months');
    const days = page.getByTestId('chart-days');
    await expect(months).toHaveAttribute('data-labels', MONTHS.join(','));
    await expect(months).toHaveAttribute('data-values', MONTHS.map((_, i) => stats.months[String(i + 1).padStart(2, '0')]).join(','));
    await expect(days).toHaveAttribute('data-labels', DAYS.join(','));
    await expect(days).toHaveAttribute('data-values', DAYS.map((d) => stats.days[d]).join(','));
    // Both titled 'Sirens traités', and actually drawn.
    await expect(page.locator('.ant-card-head-title').filter({ hasText: /^Sirens traités$/ })).toHaveCount(2);
    await expect.poll(() => canvasPainted(months)).toBe(true);
    await expect.poll(() => canvasPainted(days)).toBe(true);
    // The canvases carry the labels for assistive technologies.
    await expect(months.getByRole('listitem')).toHaveCount(12);
    await expect(months.getByRole('listitem').first()).toHaveText(`JAN\u00a0: ${stats.months['01']}`);
  });
});

test('the statistics failure shows an alert saying error, with Réessayer', async ({ page }) => {
  await page.route('**/api/messages/getdatas', (route) => route.fulfill({ status: 500, json: { message: 'Une erreur est survenue!' } }));
  await page.goto('/messages');
  const alert = page.getByTestId('stats-error');
  await expect(alert.getByText('error', { exact: true })).toBeVisible();
  await expect(alert).toHaveAttribute('role', 'alert');
  // The table still works.
  await expect(rows(page).first()).toBeVisible();

  // Réessayer loads them again: the figures and the charts replace the alert.
  await page.unroute('**/api/messages/getdatas');
  await alert.getByRole('button', { name: 'Réessayer' }).click();
  await expect(alert).toBeHidden();
  await expect(page.getByTestId('chart-months')).toBeVisible();
  await expect(page.getByTestId('stat-this-year')).toBeVisible();
});

test('table: 4 columns, default id descending, external links, sorting by a header', async ({ page }) => {
  const first = await filterLog(api, { perPage: 25 });
  expect(first.total).toBeGreaterThan(25);
  const config = await api.get<{ company_page_url: string; register_page_url: string }>('/api/config');

  await page.goto('/messages');
  await choosePageSize(page, 25);
  await expect(list(page).getByRole('columnheader')).toHaveText(['Traitement', 'Siren', 'Résultat', 'Gestionnaire du registre']);
  await expect(range(page)).toHaveText(rangeText(first));
  await expectRows(page, first.data);

  // Cells of the first row: '{code} - DD/MM/YY HH:mm', the SIREN as a link, the description, the register link.
  const entry = first.data[0];
  const row = rows(page).first();
  await expect(row.locator('td').nth(0)).toHaveText(new RegExp(`^${entry.code} - \\d{2}/\\d{2}/\\d{2} \\d{2}:\\d{2}$`));
  const expectedDate = parisDateTime(entry.created_at);
  await expect(row.locator('td').nth(0)).toHaveText(`${entry.code} - ${expectedDate}`);
  const company = row.getByRole('link', { name: entry.name, exact: true });
  await expect(company).toHaveAttribute('href', config.company_page_url.replace('{siren}', entry.name));
  await expect(company).toHaveAttribute('target', '_blank');
  await expect(company).toHaveAttribute('rel', 'noopener noreferrer');
  // The description, then the source a feed read it from, as a link (the notice on bodacc.fr, or the supervision table of the file).
  const source = entry.source ? `Source\u00a0: ${entry.source.label}` : '';
  await expect(row.locator('td').nth(2)).toHaveText(`${entry.description}${source}`);
  if (entry.source?.url) {
    const link = row.getByTestId('log-source').getByRole('link', { name: entry.source.label });
    await expect(link).toHaveAttribute('href', entry.source.url);
    if (!entry.source.url.startsWith('/')) await expect(link).toHaveAttribute('target', '_blank');
  }
  const register = row.getByRole('link', { name: /Gestionnaire du registre/ });
  await expect(register).toHaveAttribute('href', config.register_page_url.replace('{siren}', entry.name));
  await expect(register).toHaveAttribute('target', '_blank');
  await expect(register).toHaveAttribute('rel', 'noopener noreferrer');

  // Siren: ascending, then descending.
  await header(page, 'Siren').click();
  await expect(header(page, 'Siren')).toHaveAttribute('aria-sort', 'ascending');
  await expectRows(page, (await filterLog(api, { perPage: 25, column: 'name', direction: 'asc' })).data);
  await header(page, 'Siren').click();
  await expect(header(page, 'Siren')).toHaveAttribute('aria-sort', 'descending');
  await expectRows(page, (await filterLog(api, { perPage: 25, column: 'name', direction: 'desc' })).data);

  // Traitement sorts by code, starting ascending.
  await header(page, 'Traitement').click();
  await expect(header(page, 'Traitement')).toHaveAttribute('aria-sort', 'ascending');
  await expect(header(page, 'Siren')).not.toHaveAttribute('aria-sort', /./);
  const byCode = await filterLog(api, { perPage: 25, column: 'code', direction: 'asc' });
  await expectRows(page, byCode.data);
  await expect(range(page)).toHaveText(rangeText(byCode));
});

test('searching a SIREN shows only its entries; a common word gives an estimated total', async ({ page }) => {
  const siren = (await filterLog(api, { perPage: 10 })).data[0].name;
  const expected = await filterLog(api, { perPage: 200, search: siren });
  expect(expected.total).toBeGreaterThan(0);

  await page.goto('/messages');
  await search(page, `  ${siren} `);
  await expectRows(page, expected.data);
  const sirens = await rows(page).locator('td:nth-child(2)').allTextContents();
  expect(new Set(sirens)).toEqual(new Set([siren]));
  if (expected.last_page > 1) await expect(range(page)).toHaveText(rangeText(expected));
  else await expect(page.getByTestId('list-footer')).toHaveCount(0);

  // Nothing matches: the empty text.
  await search(page, 'zzzz-aucune-entrée');
  await expect(list(page).getByTestId('list-empty')).toHaveText('Aucun résultat trouvé');

  // The most frequent word of recent descriptions: the server only estimates its total, and the
  // footer says 'sur environ N résultats'.
  const word = mostFrequentWord((await filterLog(api)).data.map((e) => e.description));
  const common = await filterLog(api, { perPage: 10, search: word });
  expect(common.last_page).toBeGreaterThan(1);
  expect(common.total_is_estimate, `estimated total for '${word}'`).toBe(true);
  await choosePageSize(page, 10);
  await search(page, word);
  await expect(range(page)).toHaveText(rangeText(common));
  await expect(range(page)).toContainText(' sur environ ');
});

test('quick chips Tous / VIP / Favoris filter on the groups and go back to page 1', async ({ page }) => {
  const vip = await groupSirens(api, 'VIP');
  const favoris = await groupSirens(api, 'Favoris');

  await page.goto('/messages');
  await choosePageSize(page, 50);
  await expect(chip(page, 'Tous')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('list-footer').getByTitle('2', { exact: true }).click();
  // Page 2 (the demo's log may hold fewer than 100 entries).
  await expect(range(page)).toHaveText(/^51-\d+ /);

  await chip(page, 'VIP').click();
  await expect(chip(page, 'VIP')).toHaveAttribute('aria-checked', 'true');
  await expect(chip(page, 'Tous')).toHaveAttribute('aria-checked', 'false');
  const vipPage = await filterLog(api, { perPage: 50, search: 'onlyvip' });
  expect(vipPage.total).toBeGreaterThan(0);
  await expectRows(page, vipPage.data);
  for (const siren of await rows(page).locator('td:nth-child(2)').allTextContents()) expect(vip.has(siren), siren).toBe(true);
  // The demo's VIP companies have a few real entries each: one page may hold them all, and then no footer shows.
  if (vipPage.last_page > 1) await expect(range(page)).toHaveText(rangeText(vipPage));
  else await expect(page.getByTestId('list-footer')).toHaveCount(0);
  // The box stays empty while a chip is applied.
  await expect(searchBox(page)).toHaveValue('');

  await chip(page, 'Favoris').click();
  await expect(chip(page, 'Favoris')).toHaveAttribute('aria-checked', 'true');
  await expect(chip(page, 'VIP')).toHaveAttribute('aria-checked', 'false');
  const favPage = await filterLog(api, { perPage: 50, search: 'onlyfavoris' });
  await expectRows(page, favPage.data);
  for (const siren of await rows(page).locator('td:nth-child(2)').allTextContents()) expect(favoris.has(siren), siren).toBe(true);

  await chip(page, 'Tous').click();
  await expect(chip(page, 'Tous')).toHaveAttribute('aria-checked', 'true');
  await expectRows(page, (await filterLog(api, { perPage: 50, search: 'all' })).data);
});

test('the filter (page size, sort, search) is restored on the next visit; Réinitialiser restores the defaults', async ({ page }) => {
  // A search with more than one page of 25: the code of the feed that wrote the most entries (a real company has
  // only a few entries each).
  const term = (await Promise.all(['BODACC', 'INSEE'].map(async (code) => ({ code, total: (await filterLog(api, { search: code })).total })))).sort(
    (a, b) => b.total - a.total,
  )[0].code;
  const filter: Filter = { perPage: 25, column: 'code', direction: 'asc', search: term };
  const expected = await filterLog(api, filter);
  expect(expected.total).toBeGreaterThan(25);

  await page.goto('/messages');
  await choosePageSize(page, 25);
  await header(page, 'Traitement').click();
  await search(page, term);
  await expectRows(page, expected.data);

  await page.reload();
  await expect(page.getByTestId('page-size')).toHaveText('25');
  await expect(searchBox(page)).toHaveValue(term);
  await expect(header(page, 'Traitement')).toHaveAttribute('aria-sort', 'ascending');
  await expectRows(page, expected.data);
  await expect(range(page)).toHaveText(rangeText(expected));
  const saved = await page.evaluate((key) => JSON.parse(window.localStorage.getItem(key) ?? 'null'), STORAGE_KEY);
  expect(saved).toMatchObject({ perPage: 25, orderBy: { column: 'code', direction: 'asc' }, search: term });

  // A chip is persisted too.
  await chip(page, 'VIP').click();
  await page.reload();
  await expect(chip(page, 'VIP')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('page-size')).toHaveText('25');

  await list(page).getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(page.getByTestId('page-size')).toHaveText('200');
  await expect(chip(page, 'Tous')).toHaveAttribute('aria-checked', 'true');
  await expect(header(page, 'Traitement')).not.toHaveAttribute('aria-sort', /./);
  await expectRows(page, (await filterLog(api)).data);
  await expect(list(page).getByRole('button', { name: 'Réinitialiser' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('page-size')).toHaveText('200');
  await expect(searchBox(page)).toHaveValue('');
});
