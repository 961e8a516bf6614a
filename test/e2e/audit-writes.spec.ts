import { expect, test, type Page } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import { Api, SUCCESS, confirm, expectToast, newAdmin, rowWith, signInViaApi, unique } from './helpers';

/**
 * The audit trail as a user meets it (docs/audit.md): an administrator who imports news, deletes a row of the
 * review, runs Process and Synchroniser, publishes the deals and undoes the publication (« Annuler la dernière
 * écriture »), then discards another import, finds each of these actions on /audit under their French names; opening
 * the pages (the Synchronisations among them) adds nothing to the trail.
 */

const DELETE_ROW = 'Voulez-vous vraiment effacer cette ligne\u202f?';
const reviewRows = (page: Page) => page.getByTestId('temporaries-list').locator('tbody tr[data-row-key]');

/** The trail of administrator `id` in total, read through the API. */
async function trailTotal(api: Api, id: number): Promise<number> {
  return (await api.post<{ total: number }>(`/api/audit/filter?admin_id=${id}`, { pagination: { per_page: 10 } })).total;
}

/** Uploads a news file of `titles` (category `category`) on /news/import and waits for its review. */
async function importReview(page: Page, category: string, titles: string[]): Promise<void> {
  const base = 49_000_000 + Math.floor(Math.random() * 900) * 10_000;
  const lines = ['siren;nom;titre;categorie;source;lien;date'];
  titles.forEach((title, n) => lines.push(`${validSiren(n, base)};;${title};${category};Presse;https://www.example.com/audit/${unique()};2026-01-02`));
  await page.goto('/news/import');
  await page.locator('input[type="file"]').setInputFiles({ name: 'audit.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n') });
  await expect(reviewRows(page)).toHaveCount(titles.length, { timeout: 30_000 });
}

test('a user’s writes each show on /audit under their French names; opening pages adds nothing', async ({ page, request }) => {
  test.setTimeout(180_000);
  const root = await Api.signedIn(request);
  const category = `Audit ${unique()}`;
  await root.post('/api/news/store', { name_fr: category, name_en: `Audit ${unique()}`, status: 1 });
  const admin = await newAdmin(request, 'Auditée');
  await signInViaApi(page, admin.email, admin.password);
  const api = new Api(page.request);
  await api.post('/api/transactions/storedeal', { deal_identifier: `E2E-AUDIT-${unique()}`, currency: 'EUR', status: 1, entities: [{ siren: validSiren(5, 65_000_000), name: 'Auditée SA' }] });

  // An import: one row of its review deleted, then Process and Synchroniser.
  const label = `Audit ${unique()}`;
  await importReview(page, category, [`${label} 1`, `${label} 2`, `${label} 3`]);
  await rowWith(page.getByTestId('temporaries-list'), `${label} 2`).getByRole('button', { name: /Effacer/ }).click();
  await confirm(page, DELETE_ROW, 'Effacer');
  await expectToast(page, SUCCESS);
  await page.getByRole('button', { name: 'Process' }).click();
  await expectToast(page, '2 news ajoutées à la liste en attente.');
  await expect(page).toHaveURL(/\/news$/);
  await page.getByRole('button', { name: 'Synchroniser' }).click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Publier', exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /articles? publiés? avec succès/ })).toHaveCount(1);

  // The deals published, then the publication undone.
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Publier les transactions' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /insertions? effectuées? avec succès!/ })).toHaveCount(1);
  await page.getByRole('button', { name: 'Annuler la dernière écriture' }).click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Annuler la dernière écriture' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: /purges? effectuées? avec succès!/ })).toHaveCount(1);

  // Another import, discarded.
  await importReview(page, category, [`${label} 4`]);
  await page.getByTestId('import-cancel').click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Annuler l’import' }).click();
  await expectToast(page, SUCCESS);
  await expect(reviewRows(page)).toHaveCount(0);

  // Opening pages records nothing: the Synchronisations, the lists, the trail itself.
  const total = await trailTotal(api, admin.id);
  for (const [url, heading] of [
    ['/news/synchronisations', 'Synchronisations'],
    ['/news', 'News'],
    ['/news/import', 'Import CSV'],
    ['/transactions', 'Transactions'],
    ['/audit', 'Journal d’audit'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  }
  expect(await trailTotal(api, admin.id)).toBe(total);

  // Each action on /audit, filtered on the administrator (a job's end is the system's, started by them).
  await page.goto(`/audit?admin_id=${admin.id}`);
  const list = page.getByTestId('audit-list');
  const rows = list.locator('tbody tr[data-row-key]');
  await expect(rows).toHaveCount(total);
  const column = (await list.getByRole('columnheader').allTextContents()).indexOf('Action') + 1;
  const actions = (await rows.locator(`td:nth-child(${column})`).allTextContents()).sort();
  expect(actions).toEqual(
    [
      'Connexion',
      'Création',
      'Import d’un fichier',
      'Traitement',
      'Suppression',
      'Traitement de l’import (Process)',
      'Synchronisation des news',
      'Publication des transactions',
      'Annulation de la dernière écriture',
      'Import d’un fichier',
      'Traitement',
      'Abandon de l’import',
    ].sort(),
  );
  await expect(rowWith(list, 'Synchronisation des news')).toContainText('News en attente');
  await expect(rowWith(list, 'Abandon de l’import').getByTestId('audit-detail')).toContainText('lignes\u00a0: 1');
  await expect(rowWith(list, 'Suppression').getByTestId('audit-detail')).toContainText(`titre\u00a0: ${label} 2`);
});
