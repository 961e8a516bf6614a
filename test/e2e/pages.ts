/**
 * The pages of the app, for the suites that visit every one of them (accessibility, phone and laptop
 * layout): path, whether it needs a session, and the identifying column of its list when it has one. The
 * edit pages open records created once per worker (`recordIds`). A new module adds its pages here.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { Api, E2E_ADMIN, unique } from './helpers';

/** The records the edit pages open. */
export interface Ids {
  admin: number;
  customer: number;
  group: number;
  category: number;
  /** The deal records (optional: a suite's first call, before `recordIds`, passes only the four above). */
  dealRole?: number;
  dealType?: number;
  deal?: number;
  /** A register (RNE) account. */
  rneAccount?: number;
}

/** The identifying column of a page's list: the list's test id and the column's header text. */
export interface IdentifyingColumn {
  list: string;
  header: string;
}

/** One page of the app. */
export interface AppPage {
  name: string;
  path: (ids: Ids) => string;
  signedIn: boolean;
  column?: IdentifyingColumn;
}

/** Every page of web/src/modules/{name}/module.tsx. */
export const PAGES: AppPage[] = [
  { name: 'login', path: () => '/login', signedIn: false },
  { name: 'home', path: () => '/home', signedIn: true },
  { name: 'profile', path: () => '/profile', signedIn: true },
  { name: 'profile password', path: () => '/profile/password', signedIn: true },
  { name: 'admins list', path: () => '/admins', signedIn: true, column: { list: 'admins-list', header: 'Admin' } },
  { name: 'admins create', path: () => '/admins/create', signedIn: true },
  { name: 'admins edit', path: (ids) => `/admins/${ids.admin}/edit`, signedIn: true },
  { name: 'customers list', path: () => '/customers', signedIn: true, column: { list: 'customers-list', header: 'Client' } },
  { name: 'customers create', path: () => '/customers/create', signedIn: true },
  { name: 'customers edit', path: (ids) => `/customers/${ids.customer}/edit`, signedIn: true },
  { name: 'update log', path: () => '/messages', signedIn: true, column: { list: 'log-list', header: 'Traitement' } },
  { name: 'groups list', path: () => '/groups', signedIn: true, column: { list: 'groups-list', header: 'Groupe' } },
  { name: 'groups create', path: () => '/groups/create', signedIn: true },
  { name: 'groups edit', path: (ids) => `/groups/${ids.group}/edit`, signedIn: true, column: { list: 'group-sirens-list', header: 'Siren' } },
  { name: 'news pending', path: () => '/news', signedIn: true },
  { name: 'news import', path: () => '/news/import', signedIn: true },
  { name: 'news sync batches', path: () => '/news/synchronisations', signedIn: true },
  { name: 'news categories', path: () => '/news/categories', signedIn: true, column: { list: 'news-categories-list', header: 'Name' } },
  { name: 'news category create', path: () => '/news/create', signedIn: true },
  { name: 'news category edit', path: (ids) => `/news/${ids.category}/edit`, signedIn: true },
  { name: 'news article create', path: () => '/news/articles/create', signedIn: true },
  { name: 'news article delete', path: () => '/news/articles/delete', signedIn: true },
  { name: 'supervisions', path: () => '/supervisions', signedIn: true, column: { list: 'bodacc-files', header: 'Fichier' } },
  { name: 'supervisions insee', path: () => '/supervisions/insee', signedIn: true, column: { list: 'insee-companies-files', header: 'Fichier' } },
  { name: 'supervisions rne', path: () => '/supervisions/rne', signedIn: true, column: { list: 'rne-officers-accounts', header: 'Email' } },
  { name: 'supervisions rne create', path: () => '/supervisions/rne/create', signedIn: true },
  { name: 'supervisions rne edit', path: (ids) => `/supervisions/rne/${ids.rneAccount}/edit`, signedIn: true },
  { name: 'supervisions reports', path: () => '/supervisions/reports', signedIn: true, column: { list: 'queue-accounts', header: 'Siren' } },
  { name: 'supervisions dirigeants', path: () => '/supervisions/dirigeants', signedIn: true, column: { list: 'queue-officers', header: 'Siren' } },
  { name: 'supervisions liveinpi', path: () => '/supervisions/liveinpi', signedIn: true, column: { list: 'queue-live', header: 'Siren' } },
  { name: 'deals list', path: () => '/transactions', signedIn: true, column: { list: 'deals-list', header: 'Deal Nb' } },
  { name: 'deal create', path: () => '/transactions/createdeal', signedIn: true },
  { name: 'deal edit', path: (ids) => `/transactions/${ids.deal}/editdeal`, signedIn: true },
  { name: 'deal roles', path: () => '/transactions/roles', signedIn: true, column: { list: 'deal-roles-list', header: 'Name' } },
  { name: 'deal role create', path: () => '/transactions/createrole', signedIn: true },
  { name: 'deal role edit', path: (ids) => `/transactions/${ids.dealRole}/editrole`, signedIn: true },
  { name: 'deal types', path: () => '/transactions/types', signedIn: true, column: { list: 'deal-types-list', header: 'Name' } },
  { name: 'deal type create', path: () => '/transactions/createtype', signedIn: true },
  { name: 'deal type edit', path: (ids) => `/transactions/${ids.dealType}/edittype`, signedIn: true },
  { name: 'deals import', path: () => '/transactions/import', signedIn: true },
  { name: 'deals import success', path: () => '/transactions/success', signedIn: true },
  { name: 'deals imported files', path: () => '/transactions/files', signedIn: true },
  { name: 'deals bodacc rows', path: () => '/transactions/bodacc', signedIn: true, column: { list: 'bodacc-list', header: 'SIREN' } },
  { name: 'deals bodacc deleted rows', path: () => '/transactions/bodacc/deleted', signedIn: true },
  { name: 'audit log', path: () => '/audit', signedIn: true, column: { list: 'audit-list', header: 'Administrateur' } },
];

let ids: Ids | undefined;

/**
 * Creates (once per worker) an administrator, a customer, a news category, a deal role, a deal type, a deal
 * with two entities and an RNE account (filings pool, never checked), with long names, so that layouts meet
 * realistic text, and finds the demo group VIP (which has SIRENs). `label` names the suite in the records.
 */
export async function recordIds(api: Api, label: string): Promise<Ids> {
  if (ids) return ids;
  const id = unique();
  const admin = await api.createAdmin({ name: `Administratrice ${label} ${id}`, email: `${label.toLowerCase()}-${id}@example.com` });
  const customer = await api.createCustomer({ name: `Cabinet ${label} Conseil ${id}` });
  const groups = await api.get<Array<{ id: number; name: string }>>('/api/groups/all');
  const vip = groups.find((g) => g.name === 'VIP');
  expect(vip, 'demo group VIP').toBeDefined();
  const category = await api.post<{ id: number }>('/api/news/store', {
    name_fr: `Catégorie ${label} développement durable ${id}`,
    name_en: `${label} sustainable development category ${id}`,
    status: 1,
  });
  const dealRole = await api.post<{ id: number }>('/api/transactions/storerole', {
    name: `Rôle ${label} conseil financier ${id}`,
    display_name: `Conseil financier ${label}`,
    status: 1,
  });
  const dealType = await api.post<{ id: number }>('/api/transactions/storetype', { name: `Type ${label} prise de participation ${id}`, status: 1 });
  const deal = await api.post<{ id: number }>('/api/transactions/storedeal', {
    deal_identifier: `${label}-${id}`,
    deal_date: '2026-03-15',
    dealtype1_id: dealType.id,
    amount: 12_500_000,
    currency: 'EUR',
    description: `Prise de participation majoritaire (${label})`,
    status: 1,
    entities: [
      { siren: '552032534', name: `Société acquéreuse ${label} développement`, entityrole_id: dealRole.id, stake_percent: 60 },
      { name: `Société cible ${label} industrie`, entityrole_id: 0, stake_percent: 40 },
    ],
  });
  const rneAccount = await api.post<{ id: number }>('/api/supervisions/rne/accounts', {
    pool: 'filings',
    email: `compte-rne-${label.toLowerCase()}-${id}@example.com`,
    password: `secret-${label.toLowerCase()}-${id}`,
  });
  ids = {
    admin: admin.id,
    customer: customer.id,
    group: vip!.id,
    category: category.id,
    dealRole: dealRole.id,
    dealType: dealType.id,
    deal: deal.id,
    rneAccount: rneAccount.id,
  };
  return ids;
}

/**
 * Waits until the page shows its title, the network is quiet and no spinner or skeleton is left. No animation
 * is left to wait for: the tests ask for reduced motion (playwright.config.ts), under which the app turns antd's
 * motion off (web/src/app/AppProviders.tsx).
 */
export async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton, .ant-card-loading')).toHaveCount(0);
}

/**
 * The test of the page sweeps (a11y, responsive) with `sweepPage`: a page opened in a browser context that the
 * tests of one worker share, signed in once as the super admin through the API. Each test still loads its page
 * from scratch (`page.goto`), but the context keeps its HTTP and code caches and its session, where a context of
 * its own per test would fetch, compile and sign in again each time. The context takes the project's options
 * (base URL, locale, time zone, reduced motion) and the test's viewport. The session is the super admin's: a
 * sweep test never signs out or changes that account (the records it opens come from `recordIds`).
 */
export const sweepTest = test.extend<{ sweepPage: Page }, { sweepContext: BrowserContext }>({
  sweepContext: [
    async ({ browser }, use, workerInfo) => {
      const { baseURL, locale, timezoneId, reducedMotion } = workerInfo.project.use;
      const context = await browser.newContext({ baseURL, locale, timezoneId, reducedMotion });
      await new Api(context.request).post('/api/login', { email: E2E_ADMIN.email, password: E2E_ADMIN.password });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  sweepPage: async ({ sweepContext, viewport }, use) => {
    const page = await sweepContext.newPage();
    if (viewport) await page.setViewportSize(viewport);
    await use(page);
    await page.close();
  },
});
