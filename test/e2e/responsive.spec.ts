import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { Api, signInViaApi, unique } from './helpers';
import { PAGES, recordIds, settle, sweepTest, type IdentifyingColumn } from './pages';
import { expectVigieWords } from './wording';

/**
 * Every page on a phone (390×844) and on a laptop (1440×900): the page never scrolls
 * horizontally (document scroll width ≤ viewport width), its title and the identifying column of its list
 * (the first cell of the Client / Admin / Traitement / Groupe / Siren column) lie inside the viewport with
 * a usable width, and no word of the title, the list toolbar or that cell is cut across two lines
 * ('Admi/nistra/teurs', 'Affiche/r'). On the laptop the same page load also passes axe (./axe.ts: no serious or
 * critical violation, no landmark violation), has exactly one `main` landmark and, behind the sign-in, writes vigie's
 * words and the typographic apostrophe (./wording.ts). The pages are those of
 * test/e2e/pages.ts; the edit pages open records created once per worker (or the demo group VIP, which shows its
 * SIRENs list). A new module adds its pages there.
 */

const VIEWPORTS = [
  { name: 'phone', width: 390, height: 844, accessibility: false },
  { name: 'laptop', width: 1440, height: 900, accessibility: true },
];

/** Narrowest acceptable identifying cell, in CSS pixels (a name or SIREN is readable in it). */
const MIN_IDENTIFYING_WIDTH = 96;

/** The words of `locator`'s text that the browser laid out over more than one line (hyphenated parts count apart). */
async function cutWords(locator: Locator): Promise<string[]> {
  return locator.evaluateAll((elements) => {
    const cut: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // A word ends at a space or just after a hyphen (where a line may break).
        for (const match of text.matchAll(/[^\s-]+-?|-/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) cut.push(match[0]);
        }
      }
    }
    return cut;
  });
}

/** Asserts that `locator`'s box lies horizontally inside the viewport. */
async function expectInsideViewport(page: Page, locator: Locator, label: string, minWidth = 1): Promise<void> {
  await expect(locator, `${label}: shown`).toBeVisible();
  const box = await locator.boundingBox();
  expect(box, `${label}: laid out`).not.toBeNull();
  const width = page.viewportSize()!.width;
  expect(box!.x, `${label}: left edge inside the viewport`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${label}: right edge inside the viewport`).toBeLessThanOrEqual(width + 0.5);
  expect(box!.width, `${label}: width`).toBeGreaterThanOrEqual(minWidth);
}

/** The first body cell of the column headed `header` in the list `list`. */
async function identifyingCell(page: Page, column: IdentifyingColumn): Promise<Locator> {
  const list = page.getByTestId(column.list);
  const headers = list.locator('thead th');
  const texts = (await headers.allInnerTexts()).map((t) => t.trim());
  const index = texts.indexOf(column.header);
  expect(index, `column '${column.header}' among ${JSON.stringify(texts)}`).toBeGreaterThanOrEqual(0);
  const row = list.locator('tbody tr[data-row-key]').first();
  await expect(row).toBeVisible();
  return row.locator('> td').nth(index);
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.name} ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const p of PAGES) {
      const layout = `${p.name}: no horizontal page overflow, title${p.column ? ' and identifying column' : ''} inside the viewport, no cut word`;
      const laptop = `${layout}; no serious or critical axe violation, one main landmark${p.signedIn ? '; vigie’s words and the typographic apostrophe' : ''}`;
      const name = viewport.accessibility ? laptop : layout;
      const check = async (page: Page) => {
        let path = p.path({ admin: 0, customer: 0, group: 0, category: 0 });
        if (p.signedIn) path = p.path(await recordIds(new Api(page.request), 'Responsive'));
        await page.goto(path);
        await expect(page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}$`));
        await settle(page);

        const overflow = await page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth: window.innerWidth,
        }));
        expect(overflow.scrollWidth, 'document scroll width ≤ viewport width').toBeLessThanOrEqual(overflow.innerWidth);

        const title = page.getByRole('heading', { level: 1 });
        await expectInsideViewport(page, title, 'title');
        expect(await cutWords(title), 'words of the title cut across lines').toEqual([]);

        if (p.column) {
          const list = page.getByTestId(p.column.list);
          const toolbar = list.getByTestId('list-toolbar');
          await expectInsideViewport(page, toolbar, 'list toolbar');
          expect(await cutWords(toolbar), 'words of the list toolbar cut across lines').toEqual([]);

          const cell = await identifyingCell(page, p.column);
          await expectInsideViewport(page, cell, `first '${p.column.header}' cell`, MIN_IDENTIFYING_WIDTH);
          expect(await cutWords(cell), `words of the first '${p.column.header}' cell cut across lines`).toEqual([]);
          expect(await cutWords(list.locator('thead th')), 'words of the column headers cut across lines').toEqual([]);
        }

        if (viewport.accessibility) {
          await expectAccessible(page, path);
          await expect(page.getByRole('main'), 'one main landmark').toHaveCount(1);
          if (p.signedIn) await expectVigieWords(page);
        }
      };
      // A page behind the sign-in opens in the signed-in context the sweep shares; the others in a context of their own.
      if (p.signedIn) sweepTest(name, ({ sweepPage }) => check(sweepPage));
      else test(name, ({ page }) => check(page));
    }

    test('update log: the description column keeps a readable width and the page a sane height', async ({ page }) => {
      await signInViaApi(page);
      await page.goto('/messages');
      await settle(page);
      const cell = await identifyingCell(page, { list: 'log-list', header: 'Résultat' });
      const box = await cell.boundingBox();
      expect(box!.width, 'Résultat cell width').toBeGreaterThanOrEqual(180);
      // 200 rows of one or two lines each: far from the 49,000 px of a crushed description column.
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      expect(height, 'page height').toBeLessThan(30_000);
    });
  });
}

test.describe('customers at 1440×900', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('every column fits without scrolling; each environment shows id · secret in one cell, both copyable', async ({
    page,
    context,
  }) => {
    await signInViaApi(page);
    const customer = await new Api(page.request).createCustomer({ name: `Client Une Cellule ${unique()}` });
    await page.goto('/customers');
    await settle(page);
    const list = page.getByTestId('customers-list');

    // The spec's column titles stay readable: each merged header names both of its spec columns.
    const headers = list.getByRole('columnheader');
    await expect(headers).toHaveText([
      'ID',
      'Client',
      'Client_id (Prod) · Client_secret (Prod)',
      'Client_id (Sandbox) · Client_secret (Sandbox)',
      'Appels aujourd’hui',
      'Status',
      'Action',
    ]);
    // No horizontal scrolling inside the card, and no column under another (nothing sticky overlaps).
    const scroller = list.locator('.ant-table-content');
    const sizes = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(sizes.scroll, 'table scroll width ≤ its box').toBeLessThanOrEqual(sizes.client);
    const boxes = await headers.evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect().toJSON() as DOMRect));
    const card = await scroller.boundingBox();
    for (const [i, box] of boxes.entries()) {
      expect(box.right, `header ${i} inside the table`).toBeLessThanOrEqual(card!.x + card!.width + 0.5);
      if (i > 0) expect(box.left, `header ${i} after header ${i - 1}`).toBeGreaterThanOrEqual(boxes[i - 1].right - 0.5);
    }
    await expect(list.getByRole('columnheader', { name: 'Status' })).toBeInViewport();

    // One cell per environment: the id (full in its title), a copy button for it, then the masked secret.
    const row = list.locator('tbody tr[data-row-key]').filter({ hasText: customer.name });
    const prod = row.getByTestId('credentials-prod');
    await expect(prod.getByTestId('client-id')).toHaveAttribute('title', customer.client_id);
    await expect(prod.getByTestId('secret-value')).toHaveText('••••••••');
    await expect(row.getByTestId('credentials-sandbox').getByTestId('client-id')).toHaveAttribute('title', customer.client_id_sandbox);

    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await prod.getByRole('button', { name: 'Copier le Client_id (Prod)' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(customer.client_id);
    await row.getByTestId('credentials-sandbox').getByRole('button', { name: 'Copier le Client_secret (Sandbox)' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(customer.client_secret_sandbox);
  });
});
