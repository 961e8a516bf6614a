import { expect, test, type Page } from '@playwright/test';
import { Api, SUCCESS, confirm, expectToast, signInViaApi } from './helpers';

/**
 * BODACC rows deleted and restored (/transactions/bodacc, /transactions/bodacc/deleted): the delete confirmation
 * names the row (notice number, company) and says it can be restored; the row leaves the list and shows in
 * « Lignes supprimées » with its deletion date and author; « Restaurer » (confirmed, naming the row) puts it back.
 */

interface Row {
  id: number;
  b1: string | null;
  b2: string | null;
  b4: string | null;
}
interface ApiPage<T> {
  total: number;
  data: T[];
}

const list = (page: Page) => page.getByTestId('bodacc-list');
const deletedList = (page: Page) => page.getByTestId('bodacc-deleted-list');
const rowOf = (page: Page, testId: string, id: number) => page.getByTestId(testId).locator(`tbody tr[data-row-key="${id}"]`);
const body = (search: string) => ({ pagination: { per_page: 200 }, orderBy: { column: 'id', direction: 'desc' }, search });

let api: Api;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
});

test('a BODACC row deleted (confirmation naming it), listed in « Lignes supprimées », then restored', async ({ page }) => {
  test.setTimeout(90_000);
  const all = await api.post<ApiPage<Row>>('/api/transactions/filterbodacc?page=1', body(''));
  const target = all.data.find((r) => r.b1 && r.b2 && r.b4);
  expect(target, 'a demo BODACC row with a SIREN, a company and a notice number').toBeDefined();
  const { id, b1: siren, b2: company, b4: notice } = target!;
  const sameSiren = (await api.post<ApiPage<Row>>('/api/transactions/filterbodacc?page=1', body(siren!))).total;

  await page.goto('/transactions/bodacc');
  const search = list(page).getByPlaceholder('Siren');
  await search.fill(siren!);
  await search.press('Enter');
  await expect(list(page).locator('tbody tr[data-row-key]')).toHaveCount(sameSiren);

  // Delete: the question names the row and says where it can be restored.
  await rowOf(page, 'bodacc-list', id).getByRole('button', { name: `Effacer la ligne de l’annonce n° ${notice}` }).click();
  await confirm(page, `Supprimer la ligne de l’annonce n°\u00a0${notice} (${company})\u202f? Elle pourra être restaurée depuis «\u00a0Lignes supprimées\u00a0».`, 'Supprimer la ligne');
  await expectToast(page, SUCCESS);
  await expect(rowOf(page, 'bodacc-list', id)).toHaveCount(0);
  await expect(list(page).locator('tbody tr[data-row-key]')).toHaveCount(sameSiren - 1);

  // « Lignes supprimées »: the row with its deletion date and author.
  await page.getByRole('link', { name: 'Lignes supprimées' }).click();
  await expect(page).toHaveURL(/\/transactions\/bodacc\/deleted$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Lignes supprimées' })).toBeVisible();
  await expect(deletedList(page).getByRole('columnheader')).toHaveText(['SIREN', 'Société', 'N° de transaction', 'Date de l’annonce', 'Supprimée le', 'Par', 'Action']);
  const deleted = rowOf(page, 'bodacc-deleted-list', id);
  await expect(deleted.locator('td').nth(0)).toHaveText(siren!);
  await expect(deleted.locator('td').nth(1)).toHaveText(company!);
  await expect(deleted.locator('td').nth(2)).toHaveText(notice!);
  await expect(deleted.locator('td').nth(4)).toHaveText(/^\d\d\/\d\d\/\d\d \d\d:\d\d$/);
  await expect(deleted.locator('td').nth(5)).not.toHaveText('-');

  // Restore: confirmed, naming the row; gone from the deleted rows, back in the list.
  await deleted.getByRole('button', { name: `Restaurer la ligne de l’annonce n° ${notice}` }).click();
  await confirm(page, `Restaurer la ligne de l’annonce n°\u00a0${notice} (${company})\u202f? Elle reviendra dans la liste des transactions BODACC.`, 'Restaurer');
  await expectToast(page, SUCCESS);
  await expect(deleted).toHaveCount(0);
  await page.getByTestId('breadcrumb').getByRole('link', { name: 'Transactions BODACC', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/bodacc$/);
  await list(page).getByPlaceholder('Siren').fill(siren!);
  await list(page).getByPlaceholder('Siren').press('Enter');
  await expect(rowOf(page, 'bodacc-list', id)).toHaveCount(1);
  await expect(list(page).locator('tbody tr[data-row-key]')).toHaveCount(sameSiren);
});
