import { expect, test, type Locator, type Page } from '@playwright/test';
import { signInViaApi } from './helpers';

/**
 * Every column of the wide lists fits a 1440 × 900 screen with the sidebar open: each header lies inside the
 * table's visible area and the table does not scroll sideways (/supervisions/rne: its two account tables up to
 * Status and Action; /transactions: up to Currency and Stake).
 */

test.use({ viewport: { width: 1440, height: 900 } });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

/** Asserts that every header of `list` lies within its table's visible area, with nothing to scroll. */
async function expectAllColumnsVisible(list: Locator, headers: Array<string | RegExp>): Promise<void> {
  const viewport = list.locator('.ant-table-content').first();
  await expect(list.getByRole('columnheader')).toHaveText(headers);
  const box = (await viewport.boundingBox())!;
  const overflow = await viewport.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow, 'the table scrolls sideways').toBeLessThanOrEqual(1);
  for (const header of await list.getByRole('columnheader').all()) {
    const cell = (await header.boundingBox())!;
    const name = await header.innerText();
    expect(cell.x, `${name} starts inside the table`).toBeGreaterThanOrEqual(box.x - 1);
    expect(cell.x + cell.width, `${name} ends inside the table`).toBeLessThanOrEqual(box.x + box.width + 1);
  }
}

/** The sidebar is open (not collapsed). */
async function expectSidebarOpen(page: Page): Promise<void> {
  await expect(page.locator('.ant-layout-sider').first()).not.toHaveClass(/ant-layout-sider-collapsed/);
}

test('/supervisions/rne at 1440: Status and Action of both account tables are on screen', async ({ page }) => {
  await page.goto('/supervisions/rne');
  await expectSidebarOpen(page);
  const officers = page.getByTestId('rne-officers-accounts');
  await expect(officers.getByRole('row').nth(1)).toBeVisible();
  await expectAllColumnsVisible(officers, ['Email', 'Token', 'Dirigeants', 'Bénéficiaires effectifs', 'Mot de passe', 'Utilisé', 'Passage', 'Dernier changement', 'Status', 'Action']);
  await expectAllColumnsVisible(page.getByTestId('rne-filings-accounts'), ['Email', 'Token', 'Actes', 'Bilans', 'Bilans saisis', 'Passage', 'Dernier changement', 'Status', 'Action']);
});

test('/transactions at 1440: Currency and Stake are on screen', async ({ page }) => {
  await page.goto('/transactions');
  await expectSidebarOpen(page);
  const list = page.getByTestId('deals-list');
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  // First the bulk actions' selection column (a checkbox, no text).
  await expectAllColumnsVisible(list, [
    '', 'Deal Nb', 'Deal date', 'SIREN', 'Company Name', 'Company Role', 'Deal Type 1', 'Deal Type 2', 'Deal Amount', 'Currency', 'Stake Percent (%)',
  ]);
});
