import { expect, test, type Locator, type Page } from '@playwright/test';
import { validSirens } from '../helpers/sirens';
import { Api, type ApiAdmin, signInViaApi, unique } from './helpers';

/**
 * List state in the URL: page, page size, sort and search of every list live in the
 * query string (`?page=2&per_page=50&sort=name&dir=asc&q=foo`, defaults omitted), each committed change
 * is a history entry, and a reload, Back/Forward or a shared link restores the list. Client mode on
 * /admins, server mode on a group's SIRENs (keys under `sirens.`); the update log keeps localStorage.
 */

const COUNT = 30;
const tag = `url${unique().replace(/-/g, '')}`;

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });

const adminsList = (page: Page) => page.getByTestId('admins-list');
const rowsOf = (list: Locator) => list.locator('tbody tr[data-row-key]');
const range = (list: Locator) => list.getByTestId('list-range');
const searchBox = (list: Locator) => list.getByRole('searchbox', { name: 'Rechercher' });
const pageButton = (list: Locator, label: string) => list.getByTestId('list-footer').getByTitle(label, { exact: true });

/** The query string of the page's URL, decoded into pairs (order kept). */
function query(page: Page): [string, string][] {
  return [...new URL(page.url()).searchParams.entries()];
}

async function choosePageSize(page: Page, list: Locator, size: number): Promise<void> {
  await list.getByLabel('Nombre de résultats par page').click();
  await page.locator('.ant-select-dropdown:visible').getByRole('option', { name: String(size), exact: true }).click();
  await expect(list.getByTestId('page-size')).toHaveText(String(size));
}

async function search(list: Locator, text: string): Promise<void> {
  await searchBox(list).fill(text);
  await searchBox(list).press('Enter');
}

/** Asserts the emails shown, in order. */
async function expectEmails(list: Locator, emails: string[]): Promise<void> {
  await expect(rowsOf(list).locator('td:nth-child(2)')).toHaveText(emails);
}

test.describe('client mode (/admins)', () => {
  let mine: ApiAdmin[] = [];

  test.beforeAll(async ({ playwright }, testInfo) => {
    const context = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const api = await Api.signedIn(context);
    mine = [];
    for (let i = 0; i < COUNT; i++) {
      // Email order differs from id order: (i * 7) % 30 is a permutation.
      const n = String((i * 7) % COUNT).padStart(2, '0');
      mine.push(await api.createAdmin({ name: `Url ${tag} ${n}`, email: `${tag}-${n}@example.com` }));
    }
    await context.dispose();
  });

  test.beforeEach(async ({ page }) => {
    await signInViaApi(page);
  });

  test('sort, page size, search and page go to the URL; a reload restores them; Back and Forward step through them', async ({ page }) => {
    const list = adminsList(page);
    const byEmail = [...mine].sort((a, b) => collator.compare(a.email, b.email)).map((a) => a.email);
    const emailHeader = page.getByRole('columnheader', { name: 'Email', exact: true });

    await page.goto('/admins');
    await expect(rowsOf(list).first()).toBeVisible();
    expect(query(page)).toEqual([]);

    await emailHeader.click();
    await expect(page).toHaveURL(/\/admins\?sort=email&dir=asc$/);
    await choosePageSize(page, list, 10);
    await expect(page).toHaveURL(/\/admins\?per_page=10&sort=email&dir=asc$/);
    await search(list, tag);
    await expect(page).toHaveURL(new RegExp(`/admins\\?per_page=10&sort=email&dir=asc&q=${tag}$`));
    await expect(range(list)).toHaveText(`1-10 sur ${COUNT} résultats`);
    await expectEmails(list, byEmail.slice(0, 10));
    await pageButton(list, '2').click();
    await expect(page).toHaveURL(new RegExp(`/admins\\?page=2&per_page=10&sort=email&dir=asc&q=${tag}$`));
    await expectEmails(list, byEmail.slice(10, 20));

    await page.reload();
    await expect(range(list)).toHaveText(`11-20 sur ${COUNT} résultats`);
    await expectEmails(list, byEmail.slice(10, 20));
    await expect(list.getByTestId('page-size')).toHaveText('10');
    await expect(searchBox(list)).toHaveValue(tag);
    await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');

    // Back: page 1 of the search, then no search, then 200 per page, then the fresh list.
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/admins\\?per_page=10&sort=email&dir=asc&q=${tag}$`));
    await expect(range(list)).toHaveText(`1-10 sur ${COUNT} résultats`);
    await expectEmails(list, byEmail.slice(0, 10));
    await page.goBack();
    await expect(page).toHaveURL(/\/admins\?per_page=10&sort=email&dir=asc$/);
    await expect(searchBox(list)).toHaveValue('');
    await expect(list.getByTestId('page-size')).toHaveText('10');
    await expect(rowsOf(list)).toHaveCount(10);
    await page.goBack();
    await expect(page).toHaveURL(/\/admins\?sort=email&dir=asc$/);
    await expect(list.getByTestId('page-size')).toHaveText('200');
    await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
    await page.goBack();
    await expect(page).toHaveURL(/\/admins$/);
    await expect(emailHeader).not.toHaveAttribute('aria-sort', /./);

    // Forward again to the search.
    await page.goForward();
    await page.goForward();
    await page.goForward();
    await expect(searchBox(list)).toHaveValue(tag);
    await expect(range(list)).toHaveText(`1-10 sur ${COUNT} résultats`);

    // Réinitialiser is one more entry, back to the clean URL.
    await list.getByTestId('list-reset').click();
    await expect(page).toHaveURL(/\/admins$/);
    await expect(searchBox(list)).toHaveValue('');
  });

  test('a sort clicked before the submitted search has reached the URL keeps that search', async ({ page }) => {
    const list = adminsList(page);
    const byEmail = [...mine].sort((a, b) => collator.compare(a.email, b.email)).map((a) => a.email);
    await page.goto('/admins');
    await expect(rowsOf(list).first()).toBeVisible();
    await searchBox(list).fill(tag);
    // Enter and the header click in one task: the router has not yet drawn the search's URL when the sort runs.
    await page.evaluate(() => {
      const box = document.querySelector<HTMLInputElement>('[data-testid="admins-list"] input[type="search"]');
      box?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', keyCode: 13, bubbles: true }));
      const header = [...document.querySelectorAll<HTMLElement>('[data-testid="admins-list"] th')].find((th) => th.textContent?.trim() === 'Email');
      header?.click();
    });
    await expect(page).toHaveURL(new RegExp(`/admins\\?sort=email&dir=asc&q=${tag}$`));
    await expectEmails(list, byEmail);
  });

  test('a shared link opens the list in its state', async ({ page }) => {
    const list = adminsList(page);
    const byEmailDesc = [...mine].sort((a, b) => collator.compare(b.email, a.email)).map((a) => a.email);
    await page.goto(`/admins?page=3&per_page=10&sort=email&dir=desc&q=${tag}`);
    await expect(range(list)).toHaveText(`21-30 sur ${COUNT} résultats`);
    await expectEmails(list, byEmailDesc.slice(20, 30));
    await expect(page.getByRole('columnheader', { name: 'Email', exact: true })).toHaveAttribute('aria-sort', 'descending');
  });

  test('invalid values in the URL give the defaults', async ({ page }) => {
    const list = adminsList(page);
    await page.goto(`/admins?page=0x2&per_page=7&sort=password&dir=asc&q=${tag}`);
    await expect(list.getByTestId('page-size')).toHaveText('200');
    await expect(rowsOf(list)).toHaveCount(COUNT);
    // Default sort: id descending.
    const ids = mine.map((a) => a.id).sort((a, b) => b - a);
    await expect
      .poll(() => rowsOf(list).evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-row-key')))))
      .toEqual(ids);
    await expect(page.getByRole('columnheader', { name: 'Email', exact: true })).not.toHaveAttribute('aria-sort', /./);
  });
});

test.describe('server mode (a group SIRENs, POST /api/groups/filtersirens/{id})', () => {
  test.beforeEach(async ({ page }) => {
    await signInViaApi(page);
  });

  test('page 2 goes to the URL under the list namespace; a reload asks the server for it again; Back returns to page 1', async ({ page }) => {
    const api = new Api(page.request);
    const group = await api.post<{ id: number }>('/api/groups/store', { name: `Url ${tag}`, status: 1 });
    const sirens = validSirens(COUNT, 61_000_000 + Math.floor(Math.random() * 1_000_000));
    await api.post('/api/groups/addsirens', { id: group.id, sirens });
    const list = page.getByTestId('group-sirens-list');
    const sirenCells = rowsOf(list).locator('td:nth-child(2)');
    // Default order id descending: the last added first.
    const newestFirst = [...sirens].reverse();

    await page.goto(`/groups/${group.id}/edit`);
    await expect(sirenCells).toHaveText(newestFirst);
    expect(query(page)).toEqual([]);

    await choosePageSize(page, list, 10);
    await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/edit\\?sirens.per_page=10$`));
    await pageButton(list, '2').click();
    await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/edit\\?sirens.page=2&sirens.per_page=10$`));
    await expect(range(list)).toHaveText(`11-20 sur ${COUNT} résultats`);
    await expect(sirenCells).toHaveText(newestFirst.slice(10, 20));

    const call = page.waitForRequest((req) => req.url().includes(`/api/groups/filtersirens/${group.id}`));
    await page.reload();
    const req = await call;
    expect(new URL(req.url()).searchParams.get('page')).toBe('2');
    expect(req.postDataJSON()).toMatchObject({ pagination: { per_page: 10 }, orderBy: { column: 'id', direction: 'desc' }, search: '' });
    await expect(range(list)).toHaveText(`11-20 sur ${COUNT} résultats`);
    await expect(sirenCells).toHaveText(newestFirst.slice(10, 20));
    await expect(list.getByTestId('page-size')).toHaveText('10');

    // A search on the server list, then Back to page 2 without it.
    await search(list, sirens[0]);
    await expect(page).toHaveURL(new RegExp(`\\?sirens.per_page=10&sirens.q=${sirens[0]}$`));
    await expect(sirenCells).toHaveText([sirens[0]]);
    await page.goBack();
    await expect(range(list)).toHaveText(`11-20 sur ${COUNT} résultats`);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`\\?sirens.per_page=10$`));
    await expect(range(list)).toHaveText(`1-10 sur ${COUNT} résultats`);
    await expect(sirenCells).toHaveText(newestFirst.slice(0, 10));
  });
});

test('the update log keeps its filter in localStorage, not in the URL', async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/messages');
  const list = page.getByTestId('log-list');
  await expect(rowsOf(list).first()).toBeVisible();
  await choosePageSize(page, list, 25);
  await expect(rowsOf(list)).toHaveCount(25);
  expect(query(page)).toEqual([]);
  const saved = await page.evaluate(() => JSON.parse(window.localStorage.getItem('vigie.update-log.filter') ?? 'null'));
  expect(saved).toMatchObject({ perPage: 25 });
});
