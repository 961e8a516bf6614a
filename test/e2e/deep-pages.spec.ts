import { expect, test } from '@playwright/test';
import { validSirens } from '../helpers/sirens';
import { Api, signInViaApi, unique } from './helpers';

/**
 * Deep pages in the shared list, on a group of 250,010 SIRENs (server-paged
 * list): the last page shows the last rows, and a page whose OFFSET would pass 100,000 rows shows the
 * server's « affinez la recherche ou inversez le tri » instead of the generic error.
 */

const TOTAL = 250_010;
/** A number as the list footer writes it (French grouping, narrow no-break space). */
const fr = (n: number): string => n.toLocaleString('fr-FR');
const DEEP = 'Cette page est trop loin dans la liste (au-delà de 100\u202f000 lignes)\u00a0: affinez la recherche ou inversez le tri.';

test('a group of 250,010 SIRENs: the last page, then a page too deep for the list', async ({ page }) => {
  test.setTimeout(180_000);
  await signInViaApi(page);
  const api = new Api(page.request);
  const group = await api.post<{ id: number }>('/api/groups/store', { name: `Profond ${unique()}`, status: 1 });
  const sirens = validSirens(TOTAL, 60_000_000);
  for (let i = 0; i < TOTAL; i += 125_005) await api.post('/api/groups/addsirens', { id: group.id, sirens: sirens.slice(i, i + 125_005) });

  await page.goto(`/groups/${group.id}/edit`);
  const list = page.getByTestId('group-sirens-list');
  await expect(list.getByTestId('list-range')).toHaveText(`1-200 sur ${fr(TOTAL)} résultats`);

  // The last page (1,251 at 200 a page), read backward by the server: the 10 oldest rows, oldest last.
  await list.getByTitle('1251', { exact: true }).click();
  await expect(list.getByTestId('list-range')).toHaveText(`${fr(250_001)}-${fr(TOTAL)} sur ${fr(TOTAL)} résultats`);
  await expect(list.locator('tbody tr[data-row-key] td:nth-child(2)')).toHaveText(sirens.slice(0, 10).reverse());

  // The list asks for page 626: OFFSET 125,000 forward or 124,810 backward, both past the cap. (The footer
  // cannot jump there in one click, so the page number of the next call, back to page 1, is changed in
  // flight; the answer is the server's own.)
  await page.route(/\/api\/groups\/filtersirens\/\d+\?page=1$/, (route) => route.continue({ url: route.request().url().replace(/page=1$/, 'page=626') }));
  const answer = page.waitForResponse((r) => r.url().includes('page=626'));
  await list.getByTitle('1', { exact: true }).click();
  expect((await answer).status()).toBe(422);
  const error = list.getByTestId('list-error');
  await expect(error).toHaveRole('alert');
  await expect(error).toContainText(DEEP);
  await expect(error.getByRole('button', { name: 'Réessayer' })).toBeVisible();
  await expect(list.getByText('Une erreur est survenue!')).toHaveCount(0);
});
