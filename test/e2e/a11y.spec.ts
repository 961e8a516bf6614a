import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { Api, signInViaApi } from './helpers';
import { PAGES, recordIds, settle, sweepTest } from './pages';

/**
 * Accessibility of every page of the app: axe-core in Chromium reports no violation of
 * impact serious or critical, for the WCAG 2.0 / 2.1 A and AA rules and axe's best practices, no landmark
 * violation, and each page has exactly one `main` landmark. The pages are those of
 * test/e2e/pages.ts; the edit pages open records created here (or the demo group VIP,
 * which shows its SIRENs list). A new module adds its pages there.
 */

/** axe tags checked: WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * Impacts that fail the test. The landmark rules (best practices of impact moderate, e.g. a `main` nested
 * in another) fail it too: the shell draws the landmarks of every page.
 */
const BLOCKING = new Set(['serious', 'critical']);

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

/**
 * Runs axe on the page as it is and expects no blocking violation. Every rule runs on every node; axe describes
 * only the violations' nodes (`resultTypes`), the passes being read by no one here (a quarter of its CPU on a list
 * page of 200 rows).
 */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] }).analyze();
  expect.soft(describeViolations(results), `axe violations on ${label}`).toEqual([]);
}

for (const p of PAGES) {
  const name = `${p.name}: no serious or critical axe violation, one main landmark`;
  const check = async (page: Page) => {
    let path = p.path({ admin: 0, customer: 0, group: 0, category: 0 });
    if (p.signedIn) path = p.path(await recordIds(new Api(page.request), 'A11y'));
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
    await settle(page);

    await expectAccessible(page, path);
    await expect(page.getByRole('main'), 'one main landmark').toHaveCount(1);
  };
  // A page behind the sign-in opens in the signed-in context the sweep shares; the others in a context of their own.
  if (p.signedIn) sweepTest(name, ({ sweepPage }) => check(sweepPage));
  else test(name, ({ page }) => check(page));
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

test('reduced motion: antd animates nothing while the system asks for reduced motion, and animates again once it does not', async ({ page }) => {
  const duration = () => page.getByRole('button', { name: 'Se connecter' }).evaluate((el) => getComputedStyle(el).transitionDuration);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/login');
  await expect.poll(duration).toMatch(/^0s(, 0s)*$/);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(duration).not.toMatch(/^0s(, 0s)*$/);
});
