import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { DEAL_CSV_COLUMNS } from '../../contract/deal-import';
import { newAdmin, signInViaApi } from './helpers';

/**
 * « Annuler l’import » on the import pages of the news and of the deals (the shared CancelJobButton, server/jobs/cancel.ts):
 * while the job reads a big file, its progress card offers it; the confirmation asks « Annuler l’import » /
 * « Continuer »; once confirmed the job stops and nothing of the file is kept — the news page shows the failure
 * above the picker, the deals page the refusal under the file. Each test signs in as a fresh administrator (one
 * import at a time is a rule per administrator). Rows are synthetic (example.com links, fictitious names).
 */

const ROWS = 150_000;
/**
 * Rows of the deals file (about 60 MB). On the embedded database the deals job reads the file first, then runs its
 * statements, during which the server answers nothing (PGlite runs them on the process's only thread): the file is
 * big enough for its reading to outlast the time a user takes to confirm « Annuler l’import » (about 2 s here).
 */
const DEAL_ROWS = 600_000;

/** Confirms « Annuler l’import » on the card `card`. */
async function cancelFrom(page: Page, card: ReturnType<Page['getByTestId']>): Promise<void> {
  await card.getByRole('button', { name: 'Annuler l’import' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });
  await expect(dialog.getByText(/^Annuler l’import de «\u00a0.+\u00a0»\u00a0\? Ce qui a été lu est abandonné\u00a0: rien ne sera importé\.$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler l’import', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('news: an import being read is cancelled from its card; the failure shows above the picker, no row kept', async ({ page }) => {
  test.setTimeout(180_000);
  const admin = await newAdmin(page.request, 'Annulation news');
  await signInViaApi(page, admin.email, admin.password);
  const lines = ['siren;nom;titre;categorie;source;lien;date'];
  for (let i = 0; i < ROWS; i++) lines.push(`400000006;Société fictive;Titre ${i};Catégorie fictive;Source;https://www.example.com/annule/${i};15/07/2026 14:30`);
  await page.goto('/news/import');
  await page.locator('input[type="file"]').setInputFiles({ name: 'annule.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n', 'utf8') });
  const busy = page.getByTestId('import-busy');
  await expect(busy.getByRole('button', { name: 'Annuler l’import' })).toBeVisible({ timeout: 30_000 });
  await cancelFrom(page, busy);
  const failed = page.getByTestId('import-failed');
  await expect(failed).toBeVisible({ timeout: 60_000 });
  await expect(failed).toContainText(/Import annulé par .+\. Rien n’a été importé\./);
  await expect(page.locator('input[type="file"]')).toBeAttached();
});

test('deals: an import under way is cancelled from its card; the refusal says so under the file, no deal written', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const admin = await newAdmin(page.request, 'Annulation deals');
  await signInViaApi(page, admin.email, admin.password);
  const lines = [DEAL_CSV_COLUMNS.join(';')];
  for (let i = 0; i < DEAL_ROWS; i++) {
    const row: Record<string, string> = { deal_id: `ANNULE-${i}`, deal_date: '15/03/2026', company_name: `Société fictive ${i}`, url: `https://www.example.com/deal/${i}` };
    lines.push(DEAL_CSV_COLUMNS.map((c) => row[c] ?? '').join(';'));
  }
  await page.goto('/transactions/import');
  // Over Playwright's 50 MB limit of a file given as a buffer: written to a temporary file.
  const file = path.join(testInfo.outputDir, 'annule-deals.csv');
  fs.mkdirSync(testInfo.outputDir, { recursive: true });
  fs.writeFileSync(file, lines.join('\r\n') + '\r\n', 'utf8');
  await page.locator('input[type="file"]').setInputFiles(file);
  const busy = page.getByTestId('import-busy');
  await expect(busy.getByRole('button', { name: 'Annuler l’import' })).toBeVisible({ timeout: 30_000 });
  await cancelFrom(page, busy);
  const errors = page.getByTestId('import-errors');
  await expect(errors).toContainText(/Import annulé par .+\. Rien n’a été importé\./, { timeout: 60_000 });
});
