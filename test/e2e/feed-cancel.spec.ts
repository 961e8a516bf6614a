import { expect, test } from '@playwright/test';
import { rowWith, signInViaApi, unique } from './helpers';
import { syntheticStockZip } from './sirene-stock';

/**
 * Cancelling a running import from its supervision page (server/jobs/cancel.ts): an INSEE stock zip of 400,000
 * synthetic rows, uploaded on « Base INSEE », shows its progress card with « Annuler l’import »; the confirmation
 * asks « Annuler l’import » / « Continuer » (« Continuer » leaves it running); once confirmed the import stops,
 * its end is announced with « Import annulé par … », and its row in the Entreprises table is failed with that
 * message: nothing was imported.
 */

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

test('Base INSEE: a running import is cancelled from its card, after a confirmation', async ({ page }) => {
  test.setTimeout(180_000);
  const zip = await syntheticStockZip(400_000);
  await page.goto('/supervisions/insee');
  await expect(page.getByRole('heading', { level: 1, name: 'Base INSEE' })).toBeVisible();
  const filename = `StockUniteLegale_annule_${unique()}.zip`;
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  await (await chooser).setFiles({ name: filename, mimeType: 'application/zip', buffer: zip });

  const card = page.getByTestId('feed-job').filter({ hasText: filename });
  await expect(card).toBeVisible({ timeout: 30_000 });
  // Reading: some rows read, not all.
  await expect(card.getByTestId('feed-job-rows')).toHaveText(/^[1-9][\d\u202f\u00a0 ]* lignes? lues?/, { timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'Confirmation' });

  // « Continuer »: nothing changes.
  await card.getByRole('button', { name: 'Annuler l’import' }).click();
  await expect(dialog.getByText(`Annuler l’import de «\u00a0${filename}\u00a0»\u00a0? Ce qui a été lu est abandonné\u00a0: rien ne sera importé.`, { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Continuer', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toBeVisible();

  // « Annuler l’import »: the import stops.
  await card.getByRole('button', { name: 'Annuler l’import' }).click();
  await dialog.getByRole('button', { name: 'Annuler l’import', exact: true }).click();
  await expect(dialog).toBeHidden();
  const ended = page.getByTestId('toast').filter({ hasText: `L’import de «\u00a0${filename}\u00a0» a échoué` });
  await expect(ended).toHaveCount(1, { timeout: 30_000 });
  await expect(ended).toHaveAttribute('data-type', 'error');
  await expect(ended).toContainText(/Import annulé par .+\. Rien n’a été importé\./);
  await expect(card).toHaveCount(0);

  const row = rowWith(page.getByTestId('insee-companies-files'), filename);
  await expect(row.getByTestId('file-status')).toHaveAccessibleName('Échoué');
  await expect(row.getByTestId('file-error')).toContainText(/Import annulé par .+\. Rien n’a été importé\./);
});
