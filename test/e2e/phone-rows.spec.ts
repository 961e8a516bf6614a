import { expect, test, type Locator } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import { Api, confirm, expectToast, rowWith, signInViaApi, SUCCESS, unique } from './helpers';

/**
 * On a phone (390 × 844, touch), a row's status and actions are within reach: below 768 px the list's secondary
 * columns leave the table and each row expands (« Développer la ligne ») to show them, title and content. Covered: the
 * file status on /supervisions (BODACC) and /supervisions/insee (both tables), and Effacer on
 * /news/articles/delete (the news import review is walked in news.spec.ts).
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

/** Opens the details of `row` of `list` by a tap on its expand button. @returns the details */
async function expandRow(list: Locator, row: Locator): Promise<Locator> {
  const button = row.getByRole('button', { name: 'Développer la ligne' });
  await expect(button).toBeInViewport();
  await button.tap();
  await expect(row.getByRole('button', { name: 'Réduire la ligne' })).toBeVisible();
  const details = list.getByTestId('row-details').first();
  await expect(details).toBeInViewport();
  return details;
}

/** The first file row of `list` shows its status (✓ or ✗) once expanded, inside the screen. */
async function expectFileStatusReachable(list: Locator): Promise<void> {
  await expect(list.getByRole('columnheader', { name: 'Statut' })).toHaveCount(0);
  const row = list.locator('tbody tr[data-row-key]').first();
  await expect(row).toBeVisible();
  const details = await expandRow(list, row);
  await expect(details).toContainText('Statut');
  await expect(details).toContainText('Date');
  const status = details.getByTestId('file-status');
  await expect(status).toBeInViewport();
  await expect(status).toHaveAccessibleName(/^(Réussi|Échoué)$/);
}

test('/supervisions on a phone: a BODACC file row expands to show its status', async ({ page }) => {
  await page.goto('/supervisions');
  const list = page.getByTestId('bodacc-files');
  await list.scrollIntoViewIfNeeded();
  await expectFileStatusReachable(list);
});

test('/supervisions/insee on a phone: a file row of each table expands to show its status', async ({ page }) => {
  await page.goto('/supervisions/insee');
  for (const id of ['insee-companies-files', 'insee-locations-files']) {
    const list = page.getByTestId(id);
    await list.scrollIntoViewIfNeeded();
    await expectFileStatusReachable(list);
  }
});

test('/news/articles/delete on a phone: an article row expands to show Effacer, which deletes it after the confirmation', async ({ page }) => {
  const api = new Api(page.request);
  const categories = await api.get<Array<{ id: number; status: number }>>('/api/news/all');
  const category = categories.find((c) => c.status === 1)!;
  const siren = validSiren(Math.floor(Math.random() * 1000), 42_000_000);
  const title = `Article sur téléphone ${unique()}`;
  await api.post('/api/news/addnews', { newscategory_id: category.id, siren, name: 'Entreprise mobile', title, source: 'e2e', url: `https://www.example.com/e2e/${unique()}`, posted: '23/11/2026 08:15' });
  await page.goto('/news/articles/delete');
  const box = page.getByRole('textbox', { name: 'Siren', exact: true });
  await box.fill(siren);
  await box.press('Enter');
  const list = page.getByTestId('articles-list');
  const row = rowWith(list, title);
  await expect(row).toHaveCount(1);
  await expect(list.getByRole('columnheader', { name: 'Action' })).toHaveCount(0);
  const details = await expandRow(list, row);
  const remove = details.getByRole('button', { name: `Effacer l’article ${title}` });
  await expect(remove).toBeInViewport();
  await remove.tap();
  await confirm(page, 'Voulez-vous vraiment effacer cet article\u202f?', 'Effacer');
  await expectToast(page, SUCCESS);
  await expect(list.getByTestId('list-empty')).toBeVisible();
});
