import { expect, test, type Page, type Request, type Route } from '@playwright/test';
import { signInViaApi } from './helpers';

/**
 * A fast first screen, checked by what the browser asks for and when, never by timings
 * (those are measured by `npm run measure`):
 * - a page's first queries start while its code is still downloading: on the first load of /messages
 *   and on a navigation to it (the update log's chunk is held back until they have been sent);
 * - the current route's chunk is asked for before the app's own code (antd, the router) has arrived;
 * - the prefetched first page is the one the table shows (one call, none repeated at mount), for the
 *   filter saved in localStorage too;
 * - a signed-out visitor triggers no call but the session probe, and lands on /login;
 * - the table draws all the rows of its page, 200 at most (the first ones first).
 */

const PAGE_CHUNK = /\/assets\/UpdateLogPage-[\w-]+\.js$/;
const APP_CHUNK = /\/assets\/main-[\w-]+\.js$/;
const STORAGE_KEY = 'vigie.update-log.filter';

const rows = (page: Page) => page.getByTestId('log-list').locator('tbody tr[data-row-key]');
const isCall = (path: string) => (request: Request) => new URL(request.url()).pathname === path;

/**
 * Holds every response for `url` until `release()` is called; `requested` resolves when the browser first
 * asks for it (and fails after 15 s).
 */
async function holdBack(page: Page, url: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const requested = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${url} was never asked for`)), 15_000);
    asked = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  await page.route(url, async (route: Route) => {
    asked();
    await released;
    await route.continue();
  });
  return { release, requested };
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

test('opening /messages sends its statistics and first page while the page code is still downloading', async ({ page }) => {
  const chunk = await holdBack(page, PAGE_CHUNK);
  const filter = page.waitForRequest(isCall('/api/messages/filter'), { timeout: 15_000 });
  const stats = page.waitForRequest(isCall('/api/messages/getdatas'), { timeout: 15_000 });
  const opened = page.goto('/messages');
  await chunk.requested;
  // The chunk is held: only a prefetch can have sent these.
  await Promise.all([filter, stats]);
  chunk.release();
  await opened;
  await expect(rows(page).first()).toBeVisible();
});

test('navigating to /messages from the sidebar starts its queries with its chunk', async ({ page }) => {
  await page.goto('/home');
  await expect(page.getByTestId('header-user-name')).toBeVisible();
  const chunk = await holdBack(page, PAGE_CHUNK);
  const filter = page.waitForRequest(isCall('/api/messages/filter'), { timeout: 15_000 });
  await page.getByRole('menu', { name: 'Navigation principale' }).getByRole('link', { name: 'Journal des mises à jour' }).click();
  await chunk.requested;
  await filter;
  chunk.release();
  await expect(page).toHaveURL(/\/messages$/);
  await expect(rows(page).first()).toBeVisible();
});

test("the current page's chunk is asked for before the app's own code has arrived", async ({ page }) => {
  const app = await holdBack(page, APP_CHUNK);
  const pageChunk = page.waitForRequest((request) => PAGE_CHUNK.test(new URL(request.url()).pathname), { timeout: 15_000 });
  const opened = page.goto('/messages');
  await app.requested;
  await pageChunk;
  app.release();
  await opened;
  await expect(rows(page).first()).toBeVisible();
});

test('the prefetched page is the one shown: one filter call, for the filter saved in localStorage', async ({ page }) => {
  await page.addInitScript(
    ([key]) => {
      window.localStorage.setItem(key, JSON.stringify({ page: 2, perPage: 25, orderBy: { column: 'name', direction: 'asc' }, search: '' }));
    },
    [STORAGE_KEY],
  );
  const bodies: unknown[] = [];
  page.on('request', (request) => {
    if (isCall('/api/messages/filter')(request)) bodies.push({ page: new URL(request.url()).searchParams.get('page'), body: request.postDataJSON() });
  });
  await page.goto('/messages');
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByTestId('list-range')).toHaveText(/^26-50 sur /);
  await page.waitForLoadState('networkidle');
  expect(bodies).toEqual([
    {
      page: '2',
      body: { pagination: { per_page: 25, current_page: 2 }, orderBy: { column: 'name', direction: 'asc' }, search: '' },
    },
  ]);
});

test('a signed-out visitor of /messages only triggers the session probe, and lands on /login', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) calls.push(pathname);
  });
  await page.goto('/messages');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fmessages$/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(calls.filter((path) => path !== '/api/profile/getAuthUser')).toEqual([]);
  await context.close();
});

test('the table draws all the rows of its page (200 at most), and the register link keeps its tooltip', async ({ page }) => {
  const answer = page.waitForResponse((response) => isCall('/api/messages/filter')(response.request()));
  await page.goto('/messages');
  const shown = ((await (await answer).json()) as { data: unknown[] }).data.length;
  // More than the 25 drawn first: the rest of the page is drawn right after (the demo log holds the feeds' entries only).
  expect(shown).toBeGreaterThan(25);
  expect(shown).toBeLessThanOrEqual(200);
  await expect(rows(page)).toHaveCount(shown);
  const register = rows(page).first().getByRole('link', { name: /Gestionnaire du registre/ });
  await expect(register).toHaveAttribute('title', 'Gestionnaire du registre');
});
