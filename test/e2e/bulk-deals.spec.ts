import { expect, test, type Page } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import { Api, confirm, expectToast, rowWith, signInViaApi, unique } from './helpers';

/**
 * Bulk actions of the deals list (/transactions): the ticked rows' deals deactivated, activated, then deleted,
 * each asked with the count of rows and toasted with the count of deals the server changed (a deal with two
 * entities is two rows, one deal).
 */

const list = (page: Page) => page.getByTestId('deals-list');
const bar = (page: Page) => page.getByTestId('bulk-bar');
interface ApiDeal {
  id: number;
  status: number;
}

test('deals of ticked rows: Désactiver, Activer, Supprimer', async ({ page }) => {
  await signInViaApi(page);
  const api = new Api(page.request);
  const name = `Lot ${unique()}`;
  const store = (identifier: string, entities: string[]) =>
    api.post<ApiDeal>('/api/transactions/storedeal', {
      deal_identifier: `E2E-LOT-${identifier}-${unique()}`,
      currency: 'EUR',
      status: 1,
      entities: entities.map((entity, n) => ({ siren: validSiren(n + 1, 65_000_000), name: `${name} ${entity}`, entityrole_id: 0 })),
    });
  const two = await store('A', ['A1', 'A2']);
  const one = await store('B', ['B1']);
  const status = async (deal: ApiDeal) => (await api.get<ApiDeal>(`/api/transactions/getDealRoles/${deal.id}`)).status;

  await page.goto('/transactions');
  await list(page).getByRole('searchbox', { name: 'Rechercher' }).fill(name);
  await list(page).getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
  await expect(list(page).locator('tbody tr[data-row-key]')).toHaveCount(3);

  // The whole page: three rows, two deals.
  await list(page).getByRole('columnheader').getByRole('checkbox', { name: 'Sélectionner les lignes de la page' }).check();
  await expect(bar(page).getByTestId('bulk-count')).toHaveText('3 lignes sélectionnées');
  await bar(page).getByRole('button', { name: 'Désactiver', exact: true }).click();
  await confirm(page, 'Désactiver les transactions de 3 lignes\u202f?', 'Désactiver');
  await expectToast(page, '2 transactions désactivées.');
  expect([await status(two), await status(one)]).toEqual([0, 0]);
  await expect(bar(page)).toHaveCount(0);

  // One row.
  await rowWith(list(page), `${name} B1`).getByRole('checkbox').check();
  await bar(page).getByRole('button', { name: 'Activer', exact: true }).click();
  await confirm(page, 'Activer les transactions de 1 ligne\u202f?', 'Activer');
  await expectToast(page, '1 transaction activée.');
  expect([await status(two), await status(one)]).toEqual([0, 1]);

  await list(page).getByRole('columnheader').getByRole('checkbox').check();
  await bar(page).getByRole('button', { name: 'Supprimer', exact: true }).click();
  await confirm(page, 'Supprimer les transactions de 3 lignes\u202f?', 'Supprimer');
  await expectToast(page, '2 transactions effacées.');
  await expect(list(page).getByTestId('list-empty')).toBeVisible();
  const gone = await page.request.get(`/api/transactions/getDealRoles/${two.id}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(gone.status()).toBe(404);
});
