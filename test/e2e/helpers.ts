/**
 * Shared helpers of the end-to-end tests: sign-in through the form, a small API client to create
 * data quickly (same contract as the front end: X-Requested-With, XSRF double-submit cookie),
 * unique names, and assertions on toasts, confirmation dialogs and form field errors.
 *
 * Every test runs against one shared server and database: create your own data with `unique()`
 * and never rely on another test's rows (only the super admin `E2E_ADMIN`, id 1).
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { E2E_ADMIN } from '../../playwright.config';

export { E2E_ADMIN };

/** Success toast shared by every mutation. */
export const SUCCESS = 'Opération effectuée avec succès!';

/** A password accepted by the server (12+ characters). */
export const PASSWORD = 'e2e-Password-123';

let counter = 0;
/** A suffix unique across tests and runs: `<timestamp>-<counter><random>`. */
export function unique(): string {
  counter += 1;
  return `${Date.now()}-${counter}${Math.random().toString(36).slice(2, 6)}`;
}

/** Signs in through the /login form (the page must be on /login or be sent there). */
export async function login(page: Page, email: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('header-user-name')).toBeVisible();
}

/** Signs in as the super admin through the form. */
export function loginAsSuperAdmin(page: Page): Promise<void> {
  return login(page, E2E_ADMIN.email, E2E_ADMIN.password);
}

/**
 * Signs in through the API on the page's own cookie jar (`page.request`), for tests whose subject
 * is not the sign-in itself: the next `page.goto` opens the app already signed in.
 */
export async function signInViaApi(page: Page, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<void> {
  await new Api(page.request).post('/api/login', { email, password });
}

/**
 * Opens the header user menu and clicks its item `name` ('Mon profil', 'Changer le mot de passe',
 * 'Se déconnecter'). It waits for the dropdown's opening animation to end first: antd places the popup
 * while it animates, and a click aimed at an item still moving can land on the trigger and close the menu.
 */
export async function chooseUserMenuItem(page: Page, name: string): Promise<void> {
  await page.getByTestId('user-menu').click();
  const dropdown = page.locator('.ant-dropdown').filter({ has: page.getByRole('menuitem', { name }) });
  await expect(dropdown).toBeVisible();
  await expect(dropdown).not.toHaveClass(/-(appear|enter)/);
  await dropdown.getByRole('menuitem', { name }).click();
}

/** Signs out through the header menu; ends on /login. */
export async function logout(page: Page): Promise<void> {
  await chooseUserMenuItem(page, 'Se déconnecter');
  await expect(page).toHaveURL(/\/login$/);
}

/** An administrator as the API returns it. */
export interface ApiAdmin {
  id: number;
  firstname: string;
  name: string;
  email: string;
  status: number;
  avatar_url: string;
}

/** An API customer as the API returns it. */
export interface ApiCustomer {
  id: number;
  name: string;
  client_id: string;
  client_secret: string;
  client_id_sandbox: string;
  client_secret_sandbox: string;
  status: number;
}

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/**
 * API client over a Playwright request context (the `request` fixture, or `page.request`, which
 * shares the page's cookies). Sends the headers the server requires and fails on any non-2xx.
 */
export class Api {
  constructor(private readonly request: APIRequestContext) {}

  /** A client signed in as `email` (the super admin by default) on its own request context. */
  static async signedIn(request: APIRequestContext, email = E2E_ADMIN.email, password = E2E_ADMIN.password): Promise<Api> {
    const api = new Api(request);
    await api.post('/api/login', { email, password });
    return api;
  }

  private async xsrfToken(): Promise<string> {
    const find = async () => (await this.request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value;
    let token = await find();
    if (!token) {
      const res = await this.request.get('/api/csrf-cookie', { headers: XHR });
      expect(res.status(), 'GET /api/csrf-cookie').toBe(204);
      token = await find();
    }
    if (!token) throw new Error('no XSRF-TOKEN cookie');
    return token;
  }

  async get<T>(path: string): Promise<T> {
    const res = await this.request.get(path, { headers: XHR });
    expect(res.ok(), `GET ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  async post<T>(path: string, data?: unknown): Promise<T> {
    const res = await this.request.post(path, { headers: { ...XHR, 'X-XSRF-TOKEN': await this.xsrfToken() }, data });
    expect(res.ok(), `POST ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    const text = await res.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  /** Creates an administrator (active, password `PASSWORD` unless given). */
  createAdmin(input: { name: string; email: string; password?: string; status?: 0 | 1 }): Promise<ApiAdmin> {
    return this.post<ApiAdmin>('/api/admins/store', { password: PASSWORD, status: 1, ...input });
  }

  /** Creates an API customer (active unless given). */
  createCustomer(input: { name: string; status?: 0 | 1 }): Promise<ApiCustomer> {
    return this.post<ApiCustomer>('/api/customers/store', { status: 1, ...input });
  }

  admins(): Promise<ApiAdmin[]> {
    return this.get<ApiAdmin[]>('/api/admins/all');
  }

  customers(): Promise<ApiCustomer[]> {
    return this.get<ApiCustomer[]>('/api/customers/all');
  }
}

/**
 * Waits until the server's customer API serves its sandbox data set, which it prepares at start-up: until then a
 * Sandbox call answers 503 with `Retry-After` (server/api/sandbox.ts). It asks with a customer of its own, so that
 * its calls count in no tested customer's usage. At most `timeoutMs`.
 */
export async function untilSandboxReady(api: Api, request: APIRequestContext, timeoutMs = 120_000): Promise<void> {
  const customer = await api.createCustomer({ name: `Attente Sandbox ${unique()}` });
  const res = await request.post('/oauth/token', {
    form: { grant_type: 'client_credentials', client_id: customer.client_id_sandbox, client_secret: customer.client_secret_sandbox },
  });
  expect(res.status(), await res.text()).toBe(200);
  const headers = { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
  await expect
    .poll(async () => (await request.get('/v1/updates?limit=1', { headers })).status(), {
      message: 'the sandbox data set, prepared at start-up, is served',
      timeout: timeoutMs,
      intervals: [1_000, 2_000, 5_000],
    })
    .toBe(200);
}

/** A fresh administrator (created through the API as the super admin) and its password. */
export async function newAdmin(
  request: APIRequestContext,
  label = 'E2E Admin',
): Promise<ApiAdmin & { password: string }> {
  const api = await Api.signedIn(request);
  const id = unique();
  const admin = await api.createAdmin({ name: `${label} ${id}`, email: `e2e-${id}@example.com` });
  return { ...admin, password: PASSWORD };
}

/**
 * Asserts that a toast with exactly `text` shows, with the given type, then closes it so that a
 * later assertion on the same text sees a new toast.
 */
export async function expectToast(page: Page, text: string, type: 'success' | 'error' | 'info' = 'success'): Promise<void> {
  const toast = page.getByTestId('toast').filter({ has: page.getByText(text, { exact: true }) });
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute('data-type', type);
  await toast.getByRole('button', { name: 'Fermer' }).click();
  await expect(toast).toHaveCount(0);
}

/**
 * Asserts the confirmation dialog's exact question and that its OK button names the action (`action`, e.g.
 * 'Effacer'), then clicks it.
 */
export async function confirm(page: Page, question: string, action: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(question, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Oui', exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Asserts that `field` is marked invalid with `message` shown under it (its accessible description),
 * then waits for the message's appear animation to end: a message wrapping on two lines pushes the
 * buttons below it down, and a click aimed at them mid-animation would miss.
 */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(message);
  await expect(field.page().locator('[class*="-show-help-item-appear"]')).toHaveCount(0);
}

/** The list row (`tr`) of `list` containing `text`. */
export function rowWith(list: Locator, text: string): Locator {
  return list.locator('tbody tr[data-row-key]').filter({ hasText: text });
}

/** The sidebar menu. */
export const sidebar = (page: Page) => page.getByRole('menu', { name: 'Navigation principale' });

/** One entry of a sidebar group: its label, link target and the title (h1) of the page it opens (the label when absent). */
export interface SidebarEntry {
  label: string;
  href: string;
  title?: string;
}

/**
 * Opens the sidebar group `group` from /home, then follows each of its `entries` in order and checks that the
 * link goes to its page: the URL, the page's title, the entry highlighted, and a breadcrumb starting at Dashboard.
 */
export async function walkSidebarGroup(page: Page, group: string, entries: SidebarEntry[]): Promise<void> {
  await page.goto('/home');
  const menu = sidebar(page).getByRole('menuitem', { name: group, exact: true });
  await expect(menu).toBeVisible();
  await menu.click();
  for (const entry of entries) {
    const link = sidebar(page).getByRole('link', { name: entry.label, exact: true });
    await expect(link).toHaveAttribute('href', entry.href);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${entry.href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry.title ?? entry.label);
    await expect(page.locator('.ant-layout-sider .ant-menu-item-selected')).toHaveText(entry.label);
    await expect(page.getByTestId('breadcrumb').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/home');
  }
}
