import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { Api, expectToast, rowWith, signInViaApi, unique, walkSidebarGroup } from './helpers';

/**
 * The data feeds' pages: the "Surveillance" group of the sidebar; a BODACC
 * bulletin uploaded on /supervisions, its job's progress, then its row with a green check and its entries in
 * the update log; a broken file shown with a red cross and its French error; an INSEE stock file uploaded on
 * 'Base INSEE' and its row in the Entreprises table; the feed-health strip on /supervisions and /home; the
 * company name beside a group's SIRENs. The demo seed run before the server starts has already imported the
 * real samples (server/seed/demo-feeds.ts), so the tables and the health are filled from the first visit.
 *
 * The BODACC upload is the real bulletin test/fixtures/bodacc/RCS-A_BXA20210005_ventes.xml with one change
 * made here: its issue number (`<parution>`), set to an unused one, so that its 29 notices are new to the
 * database (a re-import of the same issue adds nothing, by design) and write fresh update-log entries.
 */

const BODACC_SAMPLE = new URL('../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml', import.meta.url);
const SIRENE_SAMPLE = new URL('../fixtures/sirene/StockUniteLegale_sample.csv', import.meta.url);
/** The buyer named by the first sale notice of the bulletin. */
const FIRST_NOTICE_SIREN = '892606575';
/** A company of StockUniteLegale_sample.csv (its first row) and its name as INSEE builds it. */
const REGISTER_COMPANY = { siren: '016750697', name: 'ETS J VIRLY S A' };

const bodaccFiles = (page: Page) => page.getByTestId('bodacc-files');

interface FileRecord {
  id: number;
  filename: string;
  status: number;
  lines: number;
  error: string | null;
}

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

/** The real bulletin with its issue number replaced by `issue` (8 digits). */
function bulletinWithIssue(issue: string): Buffer {
  const xml = fs.readFileSync(BODACC_SAMPLE, 'utf8');
  expect(xml).toContain('<parution>20210005</parution>');
  return Buffer.from(xml.replace('<parution>20210005</parution>', `<parution>${issue}</parution>`), 'utf8');
}

/** An issue number no other run used: 2099 then four digits of the clock and chance. */
function freshIssue(): string {
  return `2099${String(Date.now() % 10_000).padStart(4, '0')}`.slice(0, 8);
}

/** Chooses `file` in the page's « Importer un fichier » picker. */
async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  await (await chooser).setFiles(file);
}

/** The status icon of a file row: its accessible name is « Réussi » or « Échoué ». */
function statusOf(row: Locator): Locator {
  return row.getByTestId('file-status');
}

test('the Surveillance group of the sidebar opens its two pages', async ({ page }) => {
  await walkSidebarGroup(page, 'Surveillance', [
    { label: 'Surveillance', href: '/supervisions' },
    { label: 'Base INSEE', href: '/supervisions/insee' },
  ]);
  await expect(page.getByTestId('breadcrumb').getByRole('link', { name: 'Surveillance' })).toHaveAttribute('href', '/supervisions');
});

test('a BODACC bulletin uploaded on /supervisions shows its progress, then a green check, and its notices in the update log', async ({ page }) => {
  test.setTimeout(120_000);
  const issue = freshIssue();
  const filename = `RCS-A_BXA${issue}_ventes.xml`;
  await page.goto('/supervisions');
  await expect(page.getByRole('heading', { level: 1, name: 'Surveillance' })).toBeVisible();
  // The table of the spec, filled by the demo's samples.
  await expect(bodaccFiles(page).getByRole('columnheader')).toHaveText(['Fichier', 'Statut', 'Date', 'Résultat', 'Erreur']);
  await expect(rowWith(bodaccFiles(page), 'RCS-A_BXA20210005_ventes.xml').first()).toBeVisible();

  await chooseFile(page, { name: filename, mimeType: 'application/xml', buffer: bulletinWithIssue(issue) });
  // The job appears at the top while it runs, or the toast says it ended (a small file may be quicker than a poll).
  await expect(page.getByTestId('feed-job').or(page.getByTestId('toast').filter({ hasText: filename })).first()).toBeVisible();
  // What the import did: its 29 sales are new, each a transaction row, and each names 1 or 2 SIRENs (buyer, seller).
  await expect(page.getByTestId('toast').filter({ hasText: filename })).toContainText('29 avis nouveaux, 0 déjà connu, 29 transactions\u00a0; 55 entrées ajoutées au journal.');
  await expectToast(page, `Import de «\u00a0${filename}\u00a0» terminé\u00a0: 29 lignes lues.`);
  await expect(page.getByTestId('feed-jobs')).toHaveCount(0);

  const row = rowWith(bodaccFiles(page), filename);
  await expect(row).toHaveCount(1);
  await expect(statusOf(row)).toHaveAccessibleName('Réussi');
  await expect(row.getByRole('cell').nth(2)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  await expect(row.getByTestId('file-error')).toHaveCount(0);
  // Newest first: the file just imported heads the table.
  await expect(bodaccFiles(page).locator('tbody tr[data-row-key]').first()).toContainText(filename);

  // Its notices wrote BODACC entries on the SIRENs they name.
  await page.goto('/messages');
  const search = page.getByRole('searchbox', { name: 'Rechercher' });
  await search.fill(issue);
  await search.press('Enter');
  const log = page.getByTestId('log-list');
  const entry = rowWith(log, FIRST_NOTICE_SIREN);
  await expect(entry.first()).toBeVisible();
  await expect(entry.first()).toContainText('BODACC');
  await expect(entry.first()).toContainText(`BODACC A n°${issue} du 08/01/2021`);
});

test('a broken BODACC file shows a red cross with its French error, and counts as a failure in the health strip', async ({ page }) => {
  test.setTimeout(120_000);
  const api = new Api(page.request);
  const before = (await api.get<Array<{ feed: string; consecutive_failures: number }>>('/api/supervisions/health')).find((h) => h.feed === 'bodacc')!;
  const filename = `casse-${unique()}.xml`;
  await page.goto('/supervisions');
  await chooseFile(page, { name: filename, mimeType: 'application/xml', buffer: Buffer.from('<?xml version="1.0"?>\n<RCS-A_IMMAT><parution>20210005</parution><listeAvis><avis>', 'utf8') });

  const toast = page.getByTestId('toast').filter({ hasText: `L’import de «\u00a0${filename}\u00a0» a échoué` });
  await expect(toast).toHaveAttribute('data-type', 'error');
  const row = rowWith(bodaccFiles(page), filename);
  await expect(row).toHaveCount(1);
  await expect(statusOf(row)).toHaveAccessibleName('Échoué');
  const records = await api.get<FileRecord[]>('/api/supervisions/bodaccall');
  const record = records.find((r) => r.filename === filename)!;
  expect(record.status).toBe(0);
  expect(record.error).toBeTruthy();
  // The error the server recorded, shown in the row and in the toast.
  await expect(row.getByTestId('file-error')).toHaveText(record.error!);
  await expect(toast).toContainText(record.error!);

  const health = page.getByTestId('feed-health-bodacc');
  await expect(health.getByTestId('feed-health-failures')).toHaveText(
    `${before.consecutive_failures + 1} ${before.consecutive_failures + 1 > 1 ? 'échecs consécutifs' : 'échec consécutif'}`,
  );
  await expect(health.getByTestId('feed-health-failing')).toHaveText('Dernier import en échec');
});

test('a bulletin dropped in the inbox while the page is open appears in the table, without a reload', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/supervisions');
  await expect(bodaccFiles(page)).toBeVisible();
  const filename = `depot-${unique()}.xml`;
  const inbox = path.join(process.env.VIGIE_E2E_DATA_DIR!, 'inbox', 'bodacc');
  fs.mkdirSync(inbox, { recursive: true });
  // Written under a name the watcher skips, then renamed: the file is whole when it is seen.
  fs.writeFileSync(path.join(inbox, `${filename}.part`), bulletinWithIssue(freshIssue()));
  fs.renameSync(path.join(inbox, `${filename}.part`), path.join(inbox, filename));
  const row = rowWith(bodaccFiles(page), filename);
  await expect(row).toHaveCount(1, { timeout: 60_000 });
  await expect(statusOf(row)).toHaveAccessibleName('Réussi');
});

test('a file of the wrong type is refused with the server’s French message', async ({ page }) => {
  await page.goto('/supervisions');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  const picker = await chooser;
  expect(await picker.element().getAttribute('accept')).toBe('.xml,.json');
  await picker.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
  await expectToast(page, 'Seuls les fichiers .xml et .json sont acceptés pour le BODACC.', 'error');
  await expect(page.getByTestId('feed-jobs')).toHaveCount(0);
});

test('Base INSEE: an INSEE stock file uploaded shows in the Entreprises table with its lines', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/supervisions/insee');
  await expect(page.getByRole('heading', { level: 1, name: 'Base INSEE' })).toBeVisible();
  const companies = page.getByTestId('insee-companies-files');
  const locations = page.getByTestId('insee-locations-files');
  await expect(page.getByRole('heading', { level: 2, name: 'Entreprises' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Établissements' })).toBeVisible();
  for (const list of [companies, locations]) {
    await expect(list.getByRole('columnheader')).toHaveText(['Fichier', 'Statut', 'Date', 'Lignes', 'Résultat', 'Erreur']);
  }
  // The demo's samples, with their line counts.
  await expect(rowWith(locations, 'StockEtablissement_sample.csv').first()).toContainText('72');

  const filename = `StockUniteLegale_${unique()}.csv`;
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  const picker = await chooser;
  expect(await picker.element().getAttribute('accept')).toBe('.csv,.zip');
  await picker.setFiles({ name: filename, mimeType: 'text/csv', buffer: fs.readFileSync(SIRENE_SAMPLE) });
  await expectToast(page, `Import de «\u00a0${filename}\u00a0» terminé\u00a0: 97 lignes lues.`);
  const row = rowWith(companies, filename);
  await expect(row).toHaveCount(1);
  await expect(statusOf(row)).toHaveAccessibleName('Réussi');
  await expect(row.getByRole('cell').nth(3)).toHaveText('97');
  await expect(rowWith(locations, filename)).toHaveCount(0);
});

test('Base INSEE: a file saved with semicolons imports; a refused one shows its reason wrapped inside the table', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/supervisions/insee');
  const companies = page.getByTestId('insee-companies-files');
  await expect(page.getByRole('heading', { level: 1, name: 'Base INSEE' })).toBeVisible();

  // The sample as a French Excel saves it: semicolons between the columns.
  const semicolons = fs.readFileSync(SIRENE_SAMPLE, 'utf8').split('\n').map((line) => line.replaceAll(',', ';')).join('\n');
  expect(fs.readFileSync(SIRENE_SAMPLE, 'utf8')).not.toContain('"');
  const saved = `StockUniteLegale_excel_${unique()}.csv`;
  await chooseFile(page, { name: saved, mimeType: 'text/csv', buffer: Buffer.from(semicolons) });
  await expectToast(page, `Import de «\u00a0${saved}\u00a0» terminé\u00a0: 97 lignes lues.`);
  await expect(statusOf(rowWith(companies, saved))).toHaveAccessibleName('Réussi');

  // A first line of 3,000 letters is not a header: the error does not quote it, and the cell wraps.
  const refused = `StockUniteLegale_illisible_${unique()}.csv`;
  await chooseFile(page, { name: refused, mimeType: 'text/csv', buffer: Buffer.from(`${'x'.repeat(3000)}\n1\n`) });
  const row = rowWith(companies, refused);
  await expect(statusOf(row)).toHaveAccessibleName('Échoué');
  await expect(row.getByTestId('file-error')).toContainText('Première ligne lue (séparateur virgule)\u00a0: non citée, ce n’est pas une ligne de noms de colonnes. Rien n’a été importé.');
  const sizes = await companies.evaluate((list) => ({ table: list.querySelector('table')!.getBoundingClientRect().width, list: list.getBoundingClientRect().width }));
  expect(sizes.table, 'the table stays within its list').toBeLessThanOrEqual(sizes.list + 1);
});

test('the feed-health strip shows both feeds on /supervisions and on /home', async ({ page }) => {
  const api = new Api(page.request);
  const health = await api.get<Array<{ feed: string; label: string; last_success: string | null; scheduled: boolean }>>('/api/supervisions/health');
  expect(health.map((h) => h.feed)).toEqual(['bodacc', 'sirene']);
  for (const path of ['/supervisions', '/home']) {
    await page.goto(path);
    const strip = page.getByRole('region', { name: 'État des flux' });
    await expect(strip).toBeVisible();
    for (const feed of health) {
      const card = strip.getByTestId(`feed-health-${feed.feed}`);
      await expect(card).toContainText(feed.label);
      await expect(card.getByTestId('feed-health-last')).toHaveText(/^Dernier succès\u00a0: \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
      await expect(card.getByTestId('feed-health-age')).toContainText(feed.feed === 'bodacc' ? '— attendu chaque jour' : '— attendu chaque mois');
      await expect(card.getByTestId('feed-health-age')).toContainText(/il y a/);
      await expect(card.getByTestId('feed-health-scheduled')).toHaveText(`Récupération planifiée\u00a0: ${feed.scheduled ? 'activée' : 'désactivée'}`);
    }
    // Imported just now by the demo seed: fresh.
    await expect(strip.getByTestId('feed-health-sirene')).toHaveAttribute('data-level', 'green');
    await expect(strip.getByTestId('feed-health-sirene').getByTestId('feed-health-level')).toHaveText('À jour');
  }
});

test('a group’s SIRENs show the company name from the register, or « inconnu au répertoire »', async ({ page }) => {
  const api = new Api(page.request);
  const group = await api.post<{ id: number }>('/api/groups/store', { name: `Registre ${unique()}`, status: 1 });
  // 552032534 (Danone) is a valid SIREN that the demo register (the INSEE samples) does not hold.
  await api.post('/api/groups/addsirens', { id: group.id, sirens: [REGISTER_COMPANY.siren, '552032534'] });
  await page.goto(`/groups/${group.id}/edit`);
  const list = page.getByTestId('group-sirens-list');
  await expect(rowWith(list, REGISTER_COMPANY.siren).getByTestId('company-name')).toHaveText(REGISTER_COMPANY.name);
  await expect(rowWith(list, '552032534').getByTestId('company-unknown')).toHaveText('inconnu au répertoire');
});
