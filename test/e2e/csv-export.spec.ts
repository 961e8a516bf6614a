import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parisDay } from '../../server/lib/paris-day';
import { parisDaysSince } from '../helpers/paris-day';
import { validSiren } from '../helpers/sirens';
import { Api, newAdmin, signInViaApi, unique } from './helpers';
import { importPendingNews } from './news-import';

/**
 * « Exporter CSV » of the lists: the toolbar's button downloads every row of the list's current search and sort
 * as `<list>-YYYY-MM-DD.csv` (UTF-8 with BOM, `;`, CRLF, the list's columns as French headers). Expectations are
 * read from the API on the demo data.
 */

const BOM = '\ufeff';

/** Clicks « Exporter CSV » in `list`; answers the saved file's name and its lines (BOM checked and removed). */
async function exportCsv(page: Page, list: Locator): Promise<{ name: string; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), list.getByRole('button', { name: 'Exporter CSV' }).click()]);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith(BOM), 'UTF-8 BOM').toBe(true);
  const lines = text.slice(1).split('\r\n');
  expect(lines.pop()).toBe('');
  return { name: download.suggestedFilename(), lines };
}

/** The Paris day the running test started on, `YYYY-MM-DD`. */
let startedOn = parisDay();

/**
 * Asserts that `name` is `<prefix>-<date>.csv`, dated the Paris day of the export: the day the test started, or the
 * next one when it ran over midnight (the server, or the page for a list exported in the browser, dates the file
 * when it writes it).
 */
function expectDatedName(name: string, prefix: string): void {
  expect(parisDaysSince(startedOn).map((day) => `${prefix}-${day}.csv`), 'file name').toContain(name);
}

let api: Api;
test.beforeEach(async ({ page }) => {
  startedOn = parisDay();
  await signInViaApi(page);
  api = new Api(page.request);
});

interface LogEntry {
  id: number;
  code: string;
  name: string;
  description: string;
}

test('update log: the export holds every entry of the search, in the sort chosen by a header', async ({ page }) => {
  const all = await api.post<{ data: LogEntry[]; total: number }>('/api/messages/filter?page=1', { pagination: { per_page: 10 }, orderBy: { column: 'id', direction: 'desc' }, search: '' });
  const siren = all.data[0].name;
  const bySiren = await api.post<{ data: LogEntry[]; total: number }>('/api/messages/filter?page=1', {
    pagination: { per_page: 200 },
    orderBy: { column: 'code', direction: 'asc' },
    search: siren,
  });

  await page.goto('/messages');
  const list = page.getByTestId('log-list');
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(siren);
  await page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
  await list.getByRole('columnheader', { name: 'Traitement', exact: true }).click();
  await expect(list.getByRole('columnheader', { name: 'Traitement', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await expect(list.locator('tbody tr[data-row-key]')).toHaveCount(bySiren.data.length);

  const { name, lines } = await exportCsv(page, list);
  expectDatedName(name, `journal-mises-a-jour`);
  expect(lines[0]).toBe('Traitement;Date;Siren;Résultat;Source;Lien de la source');
  expect(lines).toHaveLength(bySiren.total + 1);
  const cells = lines.slice(1).map((line) => line.split(';'));
  expect(cells.map((c) => c[0])).toEqual(bySiren.data.map((e) => e.code));
  expect(cells.every((c) => c[2] === siren)).toBe(true);
  expect(cells[0][1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
});

test('news import review: « Télécharger les lignes en erreur (CSV) » gives each row in error with its line, columns as read and messages', async ({ page }) => {
  test.setTimeout(120_000);
  // A fresh administrator: the import and its rows are its own.
  const admin = await newAdmin(page.request);
  await signInViaApi(page, admin.email, admin.password);
  const categories = await new Api(page.request).get<Array<{ name_fr: string }>>('/api/news/allvalides');
  const category = categories[0].name_fr;
  const file = [
    'siren;nom;titre;categorie;source;lien;date',
    `552032534;Bonne;Ligne correcte;${category};Presse;https://www.example.com/e2e/export-1;23/11/2026`,
    `410000054;=Formule;Siren faux;${category};Presse;https://www.example.com/e2e/export-2;23/11/2026`,
    `552032534;Autre;Catégorie absente;Catégorie fantôme;Presse;https://www.example.com/e2e/export-3;23/11/2026`,
  ].join('\r\n');
  await page.goto('/news/import');
  await page.locator('input[type="file"]').setInputFiles({ name: 'export-erreurs.csv', mimeType: 'text/csv', buffer: Buffer.from(file, 'utf8') });
  await expect(page.getByTestId('temporaries-list').locator('tbody tr[data-row-key]')).toHaveCount(3, { timeout: 30_000 });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Télécharger les lignes en erreur (CSV)' }).click()]);
  expectDatedName(download.suggestedFilename(), `import-news-erreurs`);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith(BOM)).toBe(true);
  const lines = text.slice(1).split('\r\n').filter(Boolean);
  expect(lines[0]).toBe('Ligne;Siren;Nom;Titre;Catégorie;Source;Lien;Date;Erreurs');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toBe(
    `3;410000054;'=Formule;Siren faux;${category};Presse;https://www.example.com/e2e/export-2;23/11/2026;` +
      'Siren invalide\u00a0: «\u00a0410000054\u00a0» (9 chiffres, clé de contrôle comprise).',
  );
  expect(lines[2]).toBe(
    '4;552032534;Autre;Catégorie absente;Catégorie fantôme;Presse;https://www.example.com/e2e/export-3;23/11/2026;' +
      'Catégorie inconnue\u00a0: «\u00a0Catégorie fantôme\u00a0».',
  );

  // The list's own « Exporter CSV » gives every row.
  const all = await exportCsv(page, page.getByTestId('temporaries-list'));
  expectDatedName(all.name, `import-news`);
  expect(all.lines.slice(1).map((line) => line.split(';')[0])).toEqual(['2', '3', '4']);
});

test('RNE queues: the processed and parked tables export every entry of their sort', async ({ page }) => {
  const page1 = (path: string, column: string, direction: 'asc' | 'desc') =>
    api.post<{ data: Array<{ siren: string }>; total: number }>(`${path}?page=1`, { pagination: { per_page: 200 }, orderBy: { column, direction }, search: '' });
  await page.goto('/supervisions/reports');
  const done = page.getByTestId('queue-accounts');
  await done.getByRole('columnheader', { name: 'Siren', exact: true }).click();
  await expect(done.getByRole('columnheader', { name: 'Siren', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  const expected = await page1('/api/supervisions/queues/accounts/filter', 'siren', 'asc');
  const { name, lines } = await exportCsv(page, done);
  expectDatedName(name, `rne-accounts`);
  expect(lines[0]).toBe('Siren;Date;Motif');
  expect(lines).toHaveLength(expected.total + 1);
  expect(lines.slice(1, 201).map((line) => line.split(';')[0])).toEqual(expected.data.map((e) => e.siren));

  const parked = page.getByTestId('parked-accounts');
  const expectedParked = await page1('/api/supervisions/queues/accounts/parked/filter', 'id', 'desc');
  const parkedCsv = await exportCsv(page, parked);
  expectDatedName(parkedCsv.name, `rne-accounts-parked`);
  expect(parkedCsv.lines[0]).toBe('Siren;Erreur;Tentatives;Motif;Mis en file');
  expect(parkedCsv.lines).toHaveLength(expectedParked.total + 1);
});

test('group SIRENs: the export holds the group’s SIRENs in the list’s sort', async ({ page }) => {
  const group = await api.post<{ id: number }>('/api/groups/store', { name: `Export CSV ${Date.now()}`, status: 1 });
  const sirens = ['552032534', '542051180', '380129866'];
  await api.post('/api/groups/addsirens', { id: group.id, sirens });
  await page.goto(`/groups/${group.id}/edit`);
  const list = page.getByTestId('group-sirens-list');
  await list.getByRole('columnheader', { name: 'Siren', exact: true }).click();
  await expect(list.getByRole('columnheader', { name: 'Siren', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  const { name, lines } = await exportCsv(page, list);
  expectDatedName(name, `groupe-${group.id}-sirens`);
  expect(lines[0]).toBe('ID;Siren;Entreprise;Date d’ajout');
  expect(lines.slice(1).map((line) => line.split(';')[1])).toEqual([...sirens].sort());
  await api.post(`/api/groups/removegroup/${group.id}`);
});

test('deals: the export holds every deal entity of the search, in the list’s sort', async ({ page }) => {
  const search = (await api.post<{ data: Array<{ deal: { deal_identifier: string } }> }>('/api/transactions/filter?page=1', { pagination: { per_page: 10 } })).data[0].deal.deal_identifier;
  const expected = await api.post<{ data: Array<{ siren: string | null; deal: { deal_identifier: string } }>; total: number }>('/api/transactions/filter?page=1', {
    pagination: { per_page: 200 },
    orderBy: { column: 'deal_identifier', direction: 'asc' },
    search,
  });
  await page.goto('/transactions');
  const list = page.getByTestId('deals-list');
  // The first page is drawn before the search is typed: a search sent while it loads could be overtaken by it.
  await expect(list.locator('tbody tr[data-row-key]').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(search);
  await page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
  await list.getByRole('columnheader', { name: 'Deal Nb', exact: true }).click();
  await expect(list.getByRole('columnheader', { name: 'Deal Nb', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await expect(list.locator('tbody tr[data-row-key]')).toHaveCount(expected.data.length);
  const { name, lines } = await exportCsv(page, list);
  expectDatedName(name, `transactions`);
  expect(lines[0]).toBe('Deal Nb;Deal date;SIREN;Company Name;Company Role;Deal Type 1;Deal Type 2;Deal Amount;Currency;Stake Percent (%)');
  expect(lines).toHaveLength(expected.total + 1);
  expect(lines.slice(1).map((line) => line.split(';')[0])).toEqual(expected.data.map((row) => row.deal.deal_identifier));
});

test('loaded lists: administrators of the search in the sort, customers without their credentials', async ({ page }) => {
  const admins = await api.admins();
  const term = 'example.com';
  const expected = admins
    .filter((a) => `${a.name} ${a.email}`.toLowerCase().includes(term))
    .sort((a, b) => new Intl.Collator('fr', { sensitivity: 'base', numeric: true }).compare(b.email, a.email));
  await page.goto('/admins');
  const list = page.getByTestId('admins-list');
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(term);
  await page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
  const email = list.getByRole('columnheader', { name: 'Email', exact: true });
  await email.click();
  await email.click();
  await expect(email).toHaveAttribute('aria-sort', 'descending');
  const { name, lines } = await exportCsv(page, list);
  expectDatedName(name, `admins`);
  expect(lines[0]).toBe('Admin;Email;Status');
  expect(lines.slice(1).map((line) => line.split(';')[1])).toEqual(expected.map((a) => a.email));
  expect(lines[1]).toBe(`${expected[0].name};${expected[0].email};${expected[0].status === 1 ? 'Actif' : 'Désactivé'}`);

  const customer = await api.createCustomer({ name: `=Client export ${Date.now()}` });
  await page.goto('/customers');
  const customers = await exportCsv(page, page.getByTestId('customers-list'));
  expect(customers.lines[0]).toBe('ID;Client;Appels aujourd’hui;Status');
  expect(customers.lines).toContain(`${customer.id};'${customer.name};0;Actif`);
  const text = customers.lines.join('\n');
  for (const secret of [customer.client_secret, customer.client_secret_sandbox].filter(Boolean)) expect(text).not.toContain(secret);
});

test('RNE accounts: both pools export their accounts without token nor password', async ({ page }) => {
  const officers = await api.get<Array<{ email: string; password: string }>>('/api/supervisions/inpiall');
  await page.goto('/supervisions/rne');
  const csv = await exportCsv(page, page.getByTestId('rne-officers-accounts'));
  expectDatedName(csv.name, `rne-comptes-officers`);
  expect(csv.lines[0]).toBe('Email;Dirigeants;Bénéficiaires effectifs;Utilisé;Passage;Dernier changement;Status');
  expect(csv.lines).toHaveLength(officers.length + 1);
  expect(csv.lines.slice(1).map((line) => line.split(';')[0])).toEqual(officers.map((a) => a.email).sort((a, b) => new Intl.Collator('fr', { sensitivity: 'base', numeric: true }).compare(a, b)));
  const text = csv.lines.join('\n');
  for (const account of officers) if (account.password) expect(text).not.toContain(account.password);
  const filings = await exportCsv(page, page.getByTestId('rne-filings-accounts'));
  expect(filings.lines[0]).toBe('Email;Actes;Bilans;Bilans saisis;Passage;Dernier changement;Status');
});

test('feed files: the BODACC files table exports its files, newest first', async ({ page }) => {
  const files = await api.get<Array<{ id: number; filename: string }>>('/api/supervisions/bodaccall');
  await page.goto('/supervisions');
  const csv = await exportCsv(page, page.getByTestId('bodacc-files'));
  expectDatedName(csv.name, `fichiers-bodacc`);
  expect(csv.lines[0]).toBe('Fichier;Statut;Date;Résultat;Erreur');
  expect(csv.lines).toHaveLength(files.length + 1);
  expect(csv.lines[1].split(';')[0]).toBe([...files].sort((a, b) => b.id - a.id)[0].filename);
});

test('deal roles and types: their loaded lists export ID, names and status', async ({ page }) => {
  const roles = await api.get<Array<{ id: number; name: string; display_name: string; status: number }>>('/api/transactions/allroles');
  await page.goto('/transactions/roles');
  const csv = await exportCsv(page, page.getByTestId('deal-roles-list'));
  expectDatedName(csv.name, `deal-roles`);
  expect(csv.lines[0]).toBe('ID;Name;Display Name;Status');
  expect(csv.lines).toHaveLength(roles.length + 1);
  const newest = [...roles].sort((a, b) => b.id - a.id)[0];
  expect(csv.lines[1]).toBe(`${newest.id};${newest.name};${newest.display_name};${newest.status === 1 ? 'Actif' : 'Désactivé'}`);
  await page.goto('/transactions/types');
  const types = await exportCsv(page, page.getByTestId('deal-types-list'));
  expect(types.lines[0]).toBe('ID;Name;status');
});

interface PendingNews {
  id: number;
  siren: string;
  title: string;
  newscategory: { name_fr: string };
}

test('pending news: the export holds every pending news item of the search, in the sort chosen by a header', async ({ page }) => {
  // Pending news of a category of its own (the demo's are published by the tests that run « Synchroniser »).
  const search = `Export ${unique()}`;
  await api.post('/api/news/store', { name_fr: search, name_en: `Export ${unique()}`, status: 1 });
  await importPendingNews(page, api, search, `Export ${unique()}`, 3);
  const expected = await api.post<{ data: PendingNews[]; total: number }>('/api/news/filter?page=1', {
    pagination: { per_page: 200 },
    orderBy: { column: 'siren', direction: 'asc' },
    search,
  });
  await page.goto('/news');
  const list = page.getByTestId('news-list');
  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(search);
  await page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
  await list.getByRole('columnheader', { name: 'Siren', exact: true }).click();
  await expect(list.getByRole('columnheader', { name: 'Siren', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  await expect(list.locator('tbody tr[data-row-key]').first()).toContainText(expected.data[0].siren);
  const { name, lines } = await exportCsv(page, list);
  expectDatedName(name, `news-en-attente`);
  expect(lines[0]).toBe('ID;Siren;Titre;Catégorie;Date');
  expect(lines).toHaveLength(expected.total + 1);
  const cells = lines.slice(1, expected.data.length + 1).map((line) => line.split(';'));
  expect(cells.map((c) => c[0])).toEqual(expected.data.map((row) => String(row.id)));
  expect(cells[0][3]).toBe(search);
  expect(cells[0][4]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
});

interface BodaccExportRow {
  id: number;
  b1: string | null;
  b4: string | null;
}

test('BODACC rows: the list and « Lignes supprimées » export the rows of their search, a deleted row only in the latter', async ({ page }) => {
  const first = await api.post<{ data: BodaccExportRow[] }>('/api/transactions/filterbodacc?page=1', { pagination: { per_page: 10 } });
  const siren = first.data.find((row) => row.b1)!.b1!;
  const bySiren = () =>
    api.post<{ data: BodaccExportRow[]; total: number }>('/api/transactions/filterbodacc?page=1', { pagination: { per_page: 200 }, orderBy: { column: 'b1', direction: 'asc' }, search: siren });
  const before = await bySiren();
  const removed = before.data[0];
  await api.post('/api/transactions/removebodacc', { id: removed.id });
  try {
    const expected = await bySiren();
    await page.goto('/transactions/bodacc');
    const list = page.getByTestId('bodacc-list');
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(siren);
    await page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
    await expect(list.locator('tbody tr[data-row-key]')).toHaveCount(expected.data.length);
    const { name, lines } = await exportCsv(page, list);
    expectDatedName(name, `transactions-bodacc`);
    expect(lines[0]).toMatch(/^SIREN;Société;Rôle;N° de transaction;Date de l’annonce;.*;Lien;Source$/);
    expect(lines).toHaveLength(expected.total + 1);
    expect(lines.length).toBe(before.total);

    await page.goto('/transactions/bodacc/deleted');
    const deleted = page.getByTestId('bodacc-deleted-list');
    await page.getByRole('searchbox', { name: 'Rechercher' }).fill(siren);
    await page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
    await expect(deleted.locator('tbody tr[data-row-key]')).toHaveCount(1);
    const gone = await exportCsv(page, deleted);
    expectDatedName(gone.name, `transactions-bodacc-supprimees`);
    expect(gone.lines[0]).toBe('SIREN;Société;N° de transaction;Date de l’annonce;Supprimée le;Par');
    expect(gone.lines).toHaveLength(2);
    expect(gone.lines[1].startsWith(`${siren};`)).toBe(true);
    expect(gone.lines[1]).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};[^;]+$/);
  } finally {
    await api.post('/api/transactions/restorebodacc', { id: removed.id });
  }
});

test('deal import files: the loaded list exports every file of its search and sort, dates and results as shown', async ({ page }) => {
  test.setTimeout(120_000);
  // One file imported first (the demo has none): its row gives a « Résultat » to export.
  const role = await api.post<{ name: string }>('/api/transactions/storerole', { name: `Rôle export ${unique()}`, display_name: 'Cible', status: 1 });
  const deal = `E2E-EXP-${unique()}`;
  const fileName = `export-${unique()}.csv`;
  const csv = ['deal_id;deal_date;siren;company_name;role', `${deal};15/03/2026;${validSiren(1, 67_000_000)};Alpha SA;${role.name}`];
  await page.goto('/transactions/import');
  await page.locator('input[type="file"]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv.join('\r\n')) });
  await expect(page).toHaveURL(/\/transactions\/success$/, { timeout: 60_000 });
  const files = await api.get<Array<{ id: number; name: string }>>('/api/transactions/allfiles');
  await page.goto('/transactions/files');
  const list = page.getByTestId('deal-files-list');
  await list.getByRole('columnheader', { name: 'ID', exact: true }).click();
  await expect(list.getByRole('columnheader', { name: 'ID', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  const { name, lines } = await exportCsv(page, list);
  expectDatedName(name, `fichiers-importes`);
  expect(lines[0]).toBe('ID;Name;Date;Résultat');
  expect(lines.slice(1).map((line) => Number(line.split(';')[0]))).toEqual(files.map((f) => f.id).sort((a, b) => a - b));
  expect(lines[1].split(';')[2]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);

  await page.getByRole('searchbox', { name: 'Rechercher' }).fill(fileName);
  await page.getByRole('searchbox', { name: 'Rechercher' }).press('Enter');
  await expect(list.locator('tbody tr[data-row-key]')).toHaveCount(1);
  const found = await exportCsv(page, list);
  expect(found.lines).toHaveLength(2);
  // The date and the result as the row shows them.
  const shown = await list.locator('tbody tr[data-row-key] td').allInnerTexts();
  expect(found.lines[1].split(';')).toEqual([shown[0], fileName, shown[2], shown[3]].map((text) => text.trim()));
  expect(found.lines[1]).toMatch(/;\d{2}\/\d{2}\/\d{4} \d{2}:\d{2};1\sligne lue/);
});

test('published articles of a SIREN: the loaded list exports them in its sort, dates in Paris time', async ({ page }) => {
  const category = await api.post<{ id: number; name_fr: string }>('/api/news/store', { name_fr: `Export ${unique()}`, name_en: `Export ${unique()}`, status: 1 });
  const siren = validSiren(21, 67_000_000);
  for (const [title, posted] of [
    ['Article B', '23/11/2026 10:00'],
    ['Article A', '24/11/2026 08:15'],
  ]) {
    await api.post('/api/news/addnews', { newscategory_id: category.id, siren, title, posted, url: `https://www.example.com/e2e/export/${unique()}` });
  }
  await page.goto('/news/articles/delete');
  await page.getByLabel('Siren').fill(siren);
  await page.getByRole('button', { name: 'Chercher' }).click();
  const list = page.getByTestId('articles-list');
  await expect(list.locator('tbody tr[data-row-key]')).toHaveCount(2);
  const { name, lines } = await exportCsv(page, list);
  expectDatedName(name, `articles-${siren}`);
  expect(lines).toEqual([
    'Siren;Titre;Catégorie;Date',
    `${siren};Article A;${category.name_fr};24/11/2026 08:15`,
    `${siren};Article B;${category.name_fr};23/11/2026 10:00`,
  ]);
  await list.getByRole('columnheader', { name: 'Titre', exact: true }).click();
  await list.getByRole('columnheader', { name: 'Titre', exact: true }).click();
  await expect(list.getByRole('columnheader', { name: 'Titre', exact: true })).toHaveAttribute('aria-sort', 'descending');
  const byTitle = await exportCsv(page, list);
  expect(byTitle.lines.slice(1).map((line) => line.split(';')[1])).toEqual(['Article B', 'Article A']);
});

test('Synchronisations: the export holds every batch in the sort chosen by a header', async ({ page }) => {
  // A batch of the demo's pending news, undone at once (they go back to /news): its row reads « Annulée le … ».
  await api.get('/api/news/syncall');
  const latest = await api.post<{ data: Array<{ id: number; undone_at: string | null }> }>('/api/news/syncbatches?page=1', { pagination: { per_page: 10 } });
  if (latest.data[0] && !latest.data[0].undone_at) await api.post(`/api/news/syncbatches/${latest.data[0].id}/undo`);
  const expected = await api.post<{ data: Array<{ id: number; undone_at: string | null }>; total: number }>('/api/news/syncbatches?page=1', {
    pagination: { per_page: 200 },
    orderBy: { column: 'id', direction: 'asc' },
  });
  expect(expected.total).toBeGreaterThan(0);
  await page.goto('/news/synchronisations');
  const list = page.getByTestId('sync-batches-list');
  await list.getByRole('columnheader', { name: 'N°', exact: true }).click();
  await expect(list.getByRole('columnheader', { name: 'N°', exact: true })).toHaveAttribute('aria-sort', 'ascending');
  const { name, lines } = await exportCsv(page, list);
  expectDatedName(name, `synchronisations`);
  expect(lines[0]).toBe('N°;Date;Par;Articles;Encore publiés;État');
  expect(lines).toHaveLength(expected.total + 1);
  const cells = lines.slice(1).map((line) => line.split(';'));
  expect(cells.map((c) => Number(c[0]))).toEqual(expected.data.map((b) => b.id));
  expect(cells.map((c) => c[5].startsWith('Annulée le '))).toEqual(expected.data.map((b) => b.undone_at !== null));
  expect(cells[0][1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
});
