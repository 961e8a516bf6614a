import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import { Api, confirm, expectToast, newAdmin, rowWith, signInViaApi, unique } from './helpers';

/**
 * Imports whose results stay (the uploads' progress and cancel: ./uploads.spec.ts):
 * - what each import did stays beside its file: the feed files' and the deals files' « Résultat » column, the
 *   summary of the latest news import on /news/import;
 * - a BODACC upload that would write more update-log entries than FEED_CONFIRM_THRESHOLD (100 for the e2e servers,
 *   playwright.config.ts) waits, « en attente de confirmation » with its counts, until it is imported or abandoned.
 */

const BODACC_SAMPLE = new URL('../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml', import.meta.url);

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

/** The real bulletin with its issue number replaced by `issue` (8 digits), its notices `copies` times (renumbered). */
function bulletin(issue: string, copies = 1): Buffer {
  const xml = fs.readFileSync(BODACC_SAMPLE, 'utf8').replace('<parution>20210005</parution>', `<parution>${issue}</parution>`);
  const start = xml.indexOf('<listeAvis>') + '<listeAvis>'.length;
  const end = xml.indexOf('</listeAvis>');
  const notices = xml.slice(start, end);
  const renumbered = Array.from({ length: copies }, (_, k) => notices.replace(/<numeroAnnonce>(\d+)<\/numeroAnnonce>/g, (_m, n: string) => `<numeroAnnonce>${Number(n) + k * 10_000}</numeroAnnonce>`));
  return Buffer.from(xml.slice(0, start) + renumbered.join('') + xml.slice(end), 'utf8');
}

/** An issue number no other run used (2098 then four digits of the clock and chance). */
function freshIssue(): string {
  return `2098${String((Date.now() + Math.floor(Math.random() * 1000)) % 10_000).padStart(4, '0')}`;
}

async function uploadBodacc(page: Page, name: string, buffer: Buffer): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  await (await chooser).setFiles({ name, mimeType: 'application/xml', buffer });
}

test('a BODACC file’s table keeps what its import did: lines read, notices created, log entries', async ({ page }) => {
  test.setTimeout(120_000);
  const filename = `RCS-A_BXA${freshIssue()}_resultat.xml`;
  await page.goto('/supervisions');
  const files = page.getByTestId('bodacc-files');
  await expect(files.getByRole('columnheader')).toHaveText(['Fichier', 'Statut', 'Date', 'Résultat', 'Erreur']);
  await uploadBodacc(page, filename, bulletin(filename.slice(9, 17)));
  await expectToast(page, `Import de «\u00a0${filename}\u00a0» terminé\u00a0: 29 lignes lues.`);
  // In its row after the toast has gone: it stays.
  await expect(rowWith(files, filename).getByTestId('file-summary')).toHaveText('29 lignes lues · 29 créées · 55 entrées au journal');
  await page.reload();
  await expect(rowWith(page.getByTestId('bodacc-files'), filename).getByTestId('file-summary')).toHaveText('29 lignes lues · 29 créées · 55 entrées au journal');
});

test('a deals file’s row keeps what its import did: rows read, deals created', async ({ page }) => {
  test.setTimeout(120_000);
  const api = new Api(page.request);
  const role = await api.post<{ name: string }>('/api/transactions/storerole', { name: `Rôle résumé ${unique()}`, display_name: 'Cible', status: 1 });
  const deal = `E2E-RES-${unique()}`;
  const fileName = `resume-${unique()}.csv`;
  const csv = ['deal_id;deal_date;siren;company_name;role', `${deal};15/03/2026;${validSiren(1, 66_000_000)};Alpha SA;${role.name}`, `${deal};15/03/2026;${validSiren(2, 66_000_000)};Beta SA;${role.name}`];
  await page.goto('/transactions/import');
  await page.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n')) });
  await expect(page).toHaveURL(/\/transactions\/success$/, { timeout: 60_000 });
  await page.goto('/transactions/files');
  const files = page.getByTestId('deal-files-list');
  await expect(files.getByRole('columnheader')).toHaveText(['ID', 'Name', 'Date', 'Résultat']);
  await expect(rowWith(files, fileName).getByTestId('file-summary')).toHaveText('2 lignes lues · 1 transaction créée');
});

test('the news import page keeps the summary of the latest import once its rows are gone', async ({ page }) => {
  test.setTimeout(120_000);
  const admin = await newAdmin(page.request, 'Résumé news');
  await signInViaApi(page, admin.email, admin.password);
  const filename = `resume-${unique()}.csv`;
  const rows = ['siren;nom;titre;categorie;source;lien;date', `${validSiren(3, 66_000_000)};Alpha;Titre A;Catégorie inconnue;Source;https://example.com/a;15/07/2026`, `${validSiren(4, 66_000_000)};Beta;Titre B;Catégorie inconnue;Source;https://example.com/b;15/07/2026`];
  await page.goto('/news/import');
  await page.locator('input[type="file"]').setInputFiles({ name: filename, mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) });
  await expect(page.getByTestId('import-summary')).toBeVisible({ timeout: 60_000 });
  // The rows are cancelled: the page offers the picker again, under the summary of that import.
  await page.getByTestId('import-cancel').click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Annuler l’import' }).click();
  const last = page.getByTestId('last-import');
  await expect(last).toContainText(`Dernier import\u00a0: «\u00a0${filename}\u00a0», le `);
  await expect(last).toContainText('2 lignes lues · 0 prête · 2 en erreur');
  await page.reload();
  await expect(page.getByTestId('last-import')).toContainText('2 lignes lues · 0 prête · 2 en erreur');
});

test('a BODACC upload over the threshold waits with its counts: abandoned, nothing is imported; confirmed, it is', async ({ page }) => {
  test.setTimeout(180_000);
  const api = new Api(page.request);
  await page.goto('/supervisions');
  const files = page.getByTestId('bodacc-files');

  // 58 new notices: 110 update-log entries, over the e2e threshold of 100.
  const dropped = `RCS-A_BXA${freshIssue()}_double.xml`;
  await uploadBodacc(page, dropped, bulletin(dropped.slice(9, 17), 2));
  const held = page.getByTestId('feed-job-held');
  await expect(held).toContainText(`Import de «\u00a0${dropped}\u00a0»\u00a0: en attente de confirmation`, { timeout: 60_000 });
  await expect(held.getByTestId('feed-job-held-counts')).toHaveText('Cet import écrirait 110 entrées au journal des mises à jour (plus de 100). Rien n’a encore été enregistré.');
  await expect(held).toContainText('58 lignes lues · 58 créées · 110 entrées au journal');
  await expect(page.getByText(/a échoué/)).toHaveCount(0);
  await expect(rowWith(files, dropped)).toHaveCount(0);
  await held.getByRole('button', { name: 'Abandonner' }).click();
  await confirm(page, `Abandonner l’import de «\u00a0${dropped}\u00a0»\u00a0? Rien ne sera importé.`, 'Abandonner');
  await expectToast(page, 'Import abandonné\u00a0: rien n’a été importé.', 'info');
  await expect(held).toHaveCount(0);
  expect(await api.get<unknown[]>('/api/supervisions/jobs')).toEqual([]);
  expect((await api.get<Array<{ filename: string }>>('/api/supervisions/bodaccall')).some((f) => f.filename === dropped)).toBe(false);

  const kept = `RCS-A_BXA${freshIssue()}_double.xml`;
  await uploadBodacc(page, kept, bulletin(kept.slice(9, 17), 2));
  await expect(held).toContainText('en attente de confirmation', { timeout: 60_000 });
  await held.getByRole('button', { name: 'Importer' }).click();
  await confirm(page, 'Importer et écrire 110 entrées au journal des mises à jour\u00a0?', 'Importer');
  await expectToast(page, `Import de «\u00a0${kept}\u00a0» terminé\u00a0: 58 lignes lues.`);
  await expect(rowWith(files, kept).getByTestId('file-summary')).toHaveText('58 lignes lues · 58 créées · 110 entrées au journal');
});
