import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Api, signInViaApi } from './helpers';

/**
 * « Exporter CSV » of the lists: the toolbar's button downloads every row of the list's current search and sort
 * as `<list>-YYYY-MM-DD.csv` (UTF-8 with BOM, `;`, CRLF, the list's columns as French headers). Expectations are
 * read from the API on the demo data.
 */

const BOM = '\ufeff';

/** Clicks « Exporter CSV » in `list`; answers the saved file's name and its lines (BOM checked and removed). */
async function exportCsv(page: Page, list: Locator): Promise<{ name: string; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: 'Exporter CSV' }).click()]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith(BOM), 'UTF-8 BOM').toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return { name: download.suggestedFilename(), lines };
}

/** Today in Europe/Paris, YYYY-MM-DD: the date in an export's name. */
const parisToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());

let api: Api;
test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
});

interface LogEntry {
  id: number;
  code: string;
  name: string;
  description: string;
}

test('update log: the export holds every entry of the search, in the sort chosen by a header', async ({ page }) => {
  const all = await api.post<{ data: LogEntry[]; total: number }>('/api/messages/filter?page=1', { pagination: { per_page: 10 }, orderBy: { column: 'id', direction: 'desc' }, search: '' });
  const siren = all.data[0].name;
  const bySiren = await api.post<{ data: LogEntry[]; total: number }>('/api/messages/filter?page=1', {
    pagination: { per_page: 200 },
    orderBy: { column: 'code', direction: 'asc' },
    search: siren,
  });

  await page.goto('/messages');
  const list = page.getByTestId('log-list');
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(siren);
  await page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
  await list.getByRole('columnheader', { name: 'Traitement', exact: true }).click();
  await expect(list.getByRole('columnheader', { name: 'Traitement', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await expect(list.locator('tbody tr[data-row-key]')).toHaveCount(bySiren.data.length);

  const { name, lines } = await exportCsv(page, list);
  expect(name).toBe(`journal-mises-a-jour-${parisToday()}.csv`);
  expect(lines[0]).toBe('Traitement;Date;Siren;Résultat;Source;Lien de la source');
  expect(lines).toHaveLength(bySiren.total + 1);
  const cells = lines.slice(1).map((line) => line.split(';'));
  expect(cells.map((c) => c[0])).toEqual(bySiren.data.map((e) => e.code));
  expect(cells.every((c) => c[2] === siren)).toBe(true);
  expect(cells[0][1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
});
