import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Api, signInViaApi, unique } from './helpers';

/**
 * Accessibility of every page of the app (issue 6 section 4): axe-core in Chromium reports no violation of
 * impact serious or critical, for the WCAG 2.0 / 2.1 A and AA rules and axe's best practices, no landmark
 * violation, and each page has exactly one `main` landmark. The pages are those of
 * web/src/modules/{name}/routes.ts; the edit pages open records created here (or the demo group VIP,
 * which shows its SIRENs list). A new module adds its pages to `PAGES`.
 */

/** axe tags checked: WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * Impacts that fail the test. The landmark rules (best practices of impact moderate, e.g. a `main` nested
 * in another) fail it too: the shell draws the landmarks of every page.
 */
const BLOCKING = new Set(['serious', 'critical']);

/** The ids used by the edit pages, created once. */
interface Ids {
  admin: number;
  customer: number;
  group: number;
}

/** One page: its path (given the ids) and whether it needs a signed-in session. */
const PAGES: Array<{ name: string; path: (ids: Ids) => string; signedIn: boolean }> = [
  { name: 'login', path: () => '/login', signedIn: false },
  { name: 'home', path: () => '/home', signedIn: true },
  { name: 'profile', path: () => '/profile', signedIn: true },
  { name: 'profile password', path: () => '/profile/password', signedIn: true },
  { name: 'admins list', path: () => '/admins', signedIn: true },
  { name: 'admins create', path: () => '/admins/create', signedIn: true },
  { name: 'admins edit', path: (ids) => `/admins/${ids.admin}/edit`, signedIn: true },
  { name: 'customers list', path: () => '/customers', signedIn: true },
  { name: 'customers create', path: () => '/customers/create', signedIn: true },
  { name: 'customers edit', path: (ids) => `/customers/${ids.customer}/edit`, signedIn: true },
  { name: 'update log', path: () => '/messages', signedIn: true },
  { name: 'groups list', path: () => '/groups', signedIn: true },
  { name: 'groups create', path: () => '/groups/create', signedIn: true },
  { name: 'groups edit', path: (ids) => `/groups/${ids.group}/edit`, signedIn: true },
];

let ids: Ids | undefined;

/** Creates (once) an administrator and a customer to edit, and finds the demo group VIP. */
async function recordIds(api: Api): Promise<Ids> {
  if (ids) return ids;
  const id = unique();
  const admin = await api.createAdmin({ name: `A11y Admin ${id}`, email: `a11y-${id}@example.com` });
  const customer = await api.createCustomer({ name: `A11y Client ${id}` });
  const groups = await api.get<Array<{ id: number; name: string }>>('/api/groups/all');
  const vip = groups.find((g) => g.name === 'VIP');
  expect(vip, 'demo group VIP').toBeDefined();
  ids = { admin: admin.id, customer: customer.id, group: vip!.id };
  return ids;
}

/** Waits until the page has its title and no loading placeholder, and the network is quiet. */
async function settle(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton, .ant-card-loading')).toHaveCount(0);
  // Let antd's enter animations (opacity, colours) end before colours are measured.
  await page.waitForTimeout(500);
}

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** A failing node: its CSS target, with the colours and ratio measured when axe gives them. */
function describeNode(node: AxeResults['violations'][number]['nodes'][number]): string {
  const data = node.any.find((check) => check.data && typeof check.data === 'object' && 'contrastRatio' in check.data)?.data as
    | { fgColor: string; bgColor: string; contrastRatio: number }
    | undefined;
  const target = node.target.join(' ');
  return data ? `${target} [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1]` : target;
}

/** One line per blocking violation (serious, critical, or a landmark rule): `rule (impact): node; node…`. */
function describeViolations(results: AxeResults): string[] {
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? '') || v.id.startsWith('landmark-'))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map(describeNode).join('; ')}`);
}

/** Runs axe on the page as it is and expects no blocking violation. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect.soft(describeViolations(results), `axe violations on ${label}`).toEqual([]);
}

for (const p of PAGES) {
  test(`${p.name}: no serious or critical axe violation, one main landmark`, async ({ page }) => {
    let path = p.path({ admin: 0, customer: 0, group: 0 });
    if (p.signedIn) {
      await signInViaApi(page);
      path = p.path(await recordIds(new Api(page.request)));
    }
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
    await settle(page);

    await expectAccessible(page, path);
    await expect(page.getByRole('main'), 'one main landmark').toHaveCount(1);
  });
}

test('a form showing its field errors: no serious or critical axe violation', async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/admins/create');
  await settle(page);
  await page.getByTestId('form-submit').click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(page.locator('[class*="-show-help-item-appear"]')).toHaveCount(0);
  await expectAccessible(page, '/admins/create with field errors');
});
