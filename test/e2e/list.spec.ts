import { expect, test, type Locator, type Page } from '@playwright/test';
import { Api, type ApiAdmin, signInViaApi, unique } from './helpers';

/**
 * The shared list on /admins with 250 generated administrators (plus whatever other tests
 * created: expectations are computed from GET /api/admins/all at the start of each test).
 */

const COUNT = 250;
const BATCH = 10;
const prefix = `Liste ${unique()}`;
const emailPrefix = `list-${unique()}`;

/** Same comparison as the front end's client-side sort. */
const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

/** The API list in the order the UI shows for a sort (stable sort of the API's id-desc order). */
function sorted(all: ApiAdmin[], column: 'id' | 'email' | 'name', direction: 'asc' | 'desc'): ApiAdmin[] {
  const sign = direction === 'asc' ? 1 : -1;
  const byIdDesc = [...all].sort((a, b) => b.id - a.id);
  if (column === 'id') return direction === 'desc' ? byIdDesc : byIdDesc.reverse();
  return byIdDesc.sort((a, b) => sign * collator.compare(a[column], b[column]));
}

const list = (page: Page) => page.getByTestId('admins-list');
const rows = (page: Page) => list(page).locator('tbody tr[data-row-key]');
const range = (page: Page) => page.getByTestId('list-range');
const footer = (page: Page) => page.getByTestId('list-footer');

/** Asserts the displayed rows are exactly `expected`, in order (by id). */
async function expectRows(page: Page, expected: ApiAdmin[]): Promise<void> {
  await expect(rows(page)).toHaveCount(expected.length);
  await expect
    .poll(() => rows(page).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row-key')))))
    .toEqual(expected.map((a) => a.id));
}

/** Asserts the cells of column `index` (1-based) show `texts`, in order. */
async function expectColumn(page: Page, index: number, texts: string[]): Promise<void> {
  await expect(rows(page).locator(`td:nth-child(${index})`)).toHaveText(texts);
}

async function choosePageSize(page: Page, size: number): Promise<void> {
  await page.getByLabel('Nombre de résultats par page').click();
  await page.locator('.ant-select-dropdown').getByRole('option', { name: String(size), exact: true }).click();
  await expect(page.getByTestId('page-size')).toHaveText(String(size));
}

function pageButton(page: Page, label: string): Locator {
  return footer(page).getByTitle(label, { exact: true });
}

test.describe('shared list on the administrators', () => {
  test.beforeAll(async ({ playwright }, testInfo) => {
    testInfo.setTimeout(120_000);
    const context = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const api = await Api.signedIn(context);
    for (let start = 0; start < COUNT; start += BATCH) {
      await Promise.all(
        Array.from({ length: BATCH }, (_, k) => {
          const i = start + k;
          // Permuted numbers so that the id, email and name orders all differ; every 10th is disabled.
          return api.createAdmin({
            name: `${prefix} ${String((i * 91) % COUNT).padStart(3, '0')}`,
            email: `${emailPrefix}-${String((i * 37) % COUNT).padStart(3, '0')}@example.com`,
            status: i % 10 === 0 ? 0 : 1,
          });
        }),
      );
    }
    await context.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await signInViaApi(page);
  });

  test('pages of 200 by default, id descending, numbered pages and arrows', async ({ page }) => {
    const all = await new Api(page.request).admins();
    const total = all.length;
    expect(total).toBeGreaterThan(COUNT);
    const byIdDesc = sorted(all, 'id', 'desc');

    await page.goto('/admins');
    await expect(page.getByTestId('page-size')).toHaveText('200');
    await expect(range(page)).toHaveText(`1-200 sur ${total} résultats`);
    await expectRows(page, byIdDesc.slice(0, 200));
    await expect(rows(page).first()).toHaveAttribute('data-row-key', String(Math.max(...all.map((a) => a.id))));
    await expect(pageButton(page, '1')).toBeVisible();
    await expect(pageButton(page, '2')).toBeVisible();
    await expect(pageButton(page, 'Page précédente')).toHaveAttribute('aria-disabled', 'true');

    await pageButton(page, 'Page suivante').click();
    await expect(range(page)).toHaveText(`201-${Math.min(400, total)} sur ${total} résultats`);
    await expectRows(page, byIdDesc.slice(200, 400));

    await pageButton(page, 'Page précédente').click();
    await expect(range(page)).toHaveText(`1-200 sur ${total} résultats`);
    await pageButton(page, '2').click();
    await expect(range(page)).toHaveText(`201-${Math.min(400, total)} sur ${total} résultats`);
  });

  test('the footer shows only when there is more than one page; empty result text', async ({ page }) => {
    await page.goto('/admins');
    const search = page.getByRole('searchbox', { name: 'Rechercher' });

    // The generated administrators only: 250 rows, two pages of 200.
    await search.fill(emailPrefix);
    await search.press('Enter');
    await expect(range(page)).toHaveText(`1-200 sur ${COUNT} résultats`);

    // One of them: a single page, no footer.
    await search.fill(`${emailPrefix}-007@example.com`);
    await search.press('Enter');
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page)).toContainText(`${emailPrefix}-007@example.com`);
    await expect(footer(page)).toHaveCount(0);

    // Nobody.
    await search.fill(`nobody-${unique()}`);
    await search.press('Enter');
    await expect(list(page).getByTestId('list-empty')).toHaveText('Aucun résultat trouvé');
    await expect(rows(page)).toHaveCount(0);
    await expect(footer(page)).toHaveCount(0);
  });

  test('changing the page size goes back to page 1', async ({ page }) => {
    const all = await new Api(page.request).admins();
    const total = all.length;
    const byIdDesc = sorted(all, 'id', 'desc');

    await page.goto('/admins');
    await pageButton(page, '2').click();
    await expect(range(page)).toHaveText(`201-${Math.min(400, total)} sur ${total} résultats`);

    await choosePageSize(page, 50);
    await expect(range(page)).toHaveText(`1-50 sur ${total} résultats`);
    await expectRows(page, byIdDesc.slice(0, 50));
    await expect(pageButton(page, String(Math.ceil(total / 50)))).toBeVisible();

    await pageButton(page, 'Page suivante').click();
    await expect(range(page)).toHaveText(`51-100 sur ${total} résultats`);
    await expectRows(page, byIdDesc.slice(50, 100));
  });

  test('sorting by a header: ascending, then descending; another header starts ascending; back to page 1', async ({ page }) => {
    const all = await new Api(page.request).admins();
    const total = all.length;
    const emailHeader = page.getByRole('columnheader', { name: 'Email', exact: true });
    const nameHeader = page.getByRole('columnheader', { name: 'Admin', exact: true });

    await page.goto('/admins');
    await choosePageSize(page, 50);
    await pageButton(page, '2').click();
    await expect(range(page)).toHaveText(`51-100 sur ${total} résultats`);

    await emailHeader.click();
    await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(range(page)).toHaveText(`1-50 sur ${total} résultats`);
    await expectColumn(page, 2, sorted(all, 'email', 'asc').slice(0, 50).map((a) => a.email));

    await emailHeader.click();
    await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(range(page)).toHaveText(`1-50 sur ${total} résultats`);
    await expectColumn(page, 2, sorted(all, 'email', 'desc').slice(0, 50).map((a) => a.email));

    await pageButton(page, '2').click();
    await expect(range(page)).toHaveText(`51-100 sur ${total} résultats`);
    await expectColumn(page, 2, sorted(all, 'email', 'desc').slice(50, 100).map((a) => a.email));

    await nameHeader.click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(emailHeader).not.toHaveAttribute('aria-sort', /./);
    await expect(range(page)).toHaveText(`1-50 sur ${total} résultats`);
    await expectColumn(page, 1, sorted(all, 'name', 'asc').slice(0, 50).map((a) => a.name));
    await expectColumn(page, 2, sorted(all, 'name', 'asc').slice(0, 50).map((a) => a.email));
  });

  test('the dashboard cards match the API counts', async ({ page }) => {
    const api = new Api(page.request);
    const admins = await api.admins();
    const customers = await api.customers();
    const count = (items: { status: number }[]) => ({ active: items.filter((i) => i.status === 1).length, total: items.length });
    const a = count(admins);
    const c = count(customers);
    expect(a.active).toBeLessThan(a.total); // the generated ones include disabled accounts

    await page.goto('/home');
    // Even on /home, the breadcrumb starts with a Dashboard link to /home.
    await expect(page.getByTestId('breadcrumb').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/home');
    const card = (testId: string, n: { active: number; total: number }) =>
      expect(page.getByTestId(testId)).toContainText(
        new RegExp(`${n.active}\\s*${n.active > 1 ? 'actifs' : 'actif'} / ${n.total} au total`),
      );
    await expect(page.getByTestId('stat-admins')).toContainText('Administrateurs');
    await card('stat-admins', a);
    await expect(page.getByTestId('stat-customers')).toContainText("Clients de l'api");
    await card('stat-customers', c);

    await page.getByTestId('stat-admins').getByRole('link', { name: 'Voir la liste' }).click();
    await expect(page).toHaveURL(/\/admins$/);
    await expect(range(page)).toHaveText(`1-200 sur ${a.total} résultats`);
  });
});
