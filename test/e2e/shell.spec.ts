import { expect, test, type Page } from '@playwright/test';
import { signInViaApi } from './helpers';
import { settle } from './pages';

/**
 * The shell of every page: on a phone the sidebar is a drawer that covers the
 * page, opened from the header's menu button and closed by navigation; on a laptop it fills the window's
 * height and its collapse control is a real button the keyboard reaches; the skip link 'Aller au contenu'
 * is the first Tab stop and moves the focus to the main content; sortable headers show a focus ring.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1440, height: 900 };
/**
 * How far, in CSS pixels, an edge may lie from where it is expected: layout places edges at fractions of a pixel
 * (a sticky box at -0.5 px once the page is scrolled), which a screen draws on the nearest whole pixel.
 */
const PIXEL = 1;

/** Asserts that two boxes are the same within a pixel on each edge. */
function expectSameBox(actual: { x: number; y: number; width: number; height: number } | null, expected: typeof actual, message: string): void {
  expect(actual, message).not.toBeNull();
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(actual![key] - expected![key]), `${message}: ${key} ${actual![key]} for ${expected![key]}`).toBeLessThanOrEqual(PIXEL);
  }
}

/** Presses Tab until the focused element matches `predicate` (run in the page), at most `max` times. */
async function tabUntil(page: Page, predicate: string, max = 40): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    if (await page.evaluate(`(() => { const el = document.activeElement; return Boolean(${predicate}); })()`)) return;
  }
  throw new Error(`no Tab stop matches ${predicate} within ${max} presses`);
}

/** What has the focus: tag, id, accessible label and text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName.toLowerCase(), id: el?.id, label: el?.getAttribute('aria-label'), text: el?.textContent?.trim() };
  });
}

test.describe('phone 390×844', () => {
  test.use({ viewport: PHONE });

  test('the sidebar is a drawer: the menu button opens it over the page, a navigation closes it', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Tableau de bord' })).toBeVisible();
    // The dashboard's figures loaded: its height no longer changes on its own.
    await settle(page);

    // No sidebar beside the page: the main content starts at the left edge and the navigation is hidden.
    const main = page.getByRole('main');
    const before = await main.boundingBox();
    expect(before!.x, 'main starts at the left edge').toBeLessThan(1);
    await expect(page.getByRole('menu', { name: 'Navigation principale' })).toBeHidden();

    const open = page.getByRole('button', { name: 'Ouvrir le menu' });
    await expect(open).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    await open.click();

    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(open).toHaveAttribute('aria-expanded', 'true');
    const nav = drawer.getByRole('menu', { name: 'Navigation principale' });
    await expect(nav.getByRole('link', { name: 'Administrateurs' })).toBeVisible();
    // It covers the page: drawn from the left edge over the content, which does not move.
    const panel = await nav.boundingBox();
    expect(panel!.x).toBeLessThan(1);
    expectSameBox(await main.boundingBox(), before, 'the page does not move under the drawer');
    // Once its opening has ended, the drawer is what a click at the left of the page reaches.
    const covering = () =>
      page.evaluate(({ x, y }) => {
        const el = document.elementFromPoint(x, y);
        return Boolean(el?.closest('[role="dialog"], .ant-drawer'));
      }, { x: 40, y: 400 });
    await expect.poll(covering, { message: 'the drawer is on top of the page' }).toBe(true);

    await nav.getByRole('link', { name: 'Administrateurs' }).click();
    await expect(page).toHaveURL(/\/admins$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Administrateurs' })).toBeVisible();
    await expect(drawer).toBeHidden();
    await expect(open).toHaveAttribute('aria-expanded', 'false');

    // Escape closes it too.
    await open.click();
    await expect(drawer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
  });

  test('the skip link is the first Tab stop and moves the focus to the main content', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/admins');
    await expect(page.getByRole('heading', { level: 1, name: 'Administrateurs' })).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu' });
    await expect(skip).toBeFocused();
    const box = await skip.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'contenu' });
  });
});

test.describe('laptop 1440×900', () => {
  test.use({ viewport: LAPTOP });

  test('the skip link: hidden until focused, first Tab stop, then focus on the main content', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/customers');
    await expect(page.getByRole('heading', { level: 1, name: "Clients de l'api" })).toBeVisible();
    const skip = page.getByRole('link', { name: 'Aller au contenu' });
    await expect(skip).toHaveAttribute('href', '#contenu');
    // Visually hidden: a one-pixel clipped box.
    const hidden = await skip.boundingBox();
    expect(hidden!.width * hidden!.height).toBeLessThanOrEqual(1);

    await page.keyboard.press('Tab');
    await expect(skip).toBeFocused();
    const shown = await skip.boundingBox();
    expect(shown!.width).toBeGreaterThan(40);
    expect(shown!.height).toBeGreaterThan(16);

    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'contenu' });
    await expect(page).toHaveURL(/\/customers$/);
    // The next Tab goes on inside the page (the breadcrumb's first link), not back to the sidebar.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
  });

  test('the login page starts with the skip link too', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    const skip = page.getByRole('link', { name: 'Aller au contenu' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'contenu' });
  });

  test('the sidebar fills the window height and its collapse button works from the keyboard', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/messages');
    await expect(page.locator('tbody tr[data-row-key]').first()).toBeVisible();
    const sider = page.getByTestId('sidebar');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(async () => Math.abs((await sider.boundingBox())!.y), { message: 'sidebar top at the window top' }).toBeLessThanOrEqual(PIXEL);
    const box = (await sider.boundingBox())!;
    expect(Math.abs(box.y), 'sidebar top at the window top').toBeLessThanOrEqual(PIXEL);
    expect(Math.abs(box.y + box.height - LAPTOP.height), 'sidebar bottom at the window bottom').toBeLessThanOrEqual(PIXEL);
    expect(box.width).toBeGreaterThan(200);
    await page.evaluate(() => window.scrollTo(0, 0));

    await tabUntil(page, `el.getAttribute('aria-label') === 'Réduire le menu'`);
    const toggle = page.getByRole('button', { name: 'Réduire le menu' });
    await expect(toggle).toBeFocused();
    expect(await toggle.evaluate((el) => el.tagName.toLowerCase())).toBe('button');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');

    await page.keyboard.press('Enter');
    const unfold = page.getByRole('button', { name: 'Déplier le menu' });
    await expect(unfold).toBeFocused();
    await expect(unfold).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeLessThan(100);

    await page.keyboard.press('Space');
    await expect(page.getByRole('button', { name: 'Réduire le menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeGreaterThan(200);
  });

  test('the collapsed sidebar stays collapsed after a reload, and expanded once expanded again', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/home');
    const sider = page.getByTestId('sidebar');
    await page.getByRole('button', { name: 'Réduire le menu' }).click();
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeLessThan(100);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Déplier le menu' })).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeLessThan(100);
    await page.getByRole('button', { name: 'Déplier le menu' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Réduire le menu' })).toHaveAttribute('aria-expanded', 'true');
    await expect.poll(async () => (await sider.boundingBox())!.width).toBeGreaterThan(200);
  });

  test('a sortable header reached with Tab shows a visible focus ring, and Enter sorts', async ({ page }) => {
    await signInViaApi(page);
    await page.goto('/admins');
    await expect(page.locator('tbody tr[data-row-key]').first()).toBeVisible();
    await tabUntil(page, `el.tagName === 'TH' && el.getAttribute('aria-label') === 'Email'`);
    const header = page.getByRole('columnheader', { name: 'Email', exact: true });
    await expect(header).toBeFocused();
    const ring = await header.evaluate((el) => {
      const style = getComputedStyle(el);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor };
    });
    expect(ring.style, 'outline style').not.toBe('none');
    expect(ring.width, 'outline width (px)').toBeGreaterThanOrEqual(2);
    expect(ring.color, 'outline colour').not.toMatch(/rgba\(0, 0, 0, 0\)|transparent/);

    await page.keyboard.press('Enter');
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
  });
});
