import fs from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import luhn from 'fast-luhn';
import type { RneAccountRecord, RneSyncResult } from '../../contract/rne';
import { FAKE_RNE_ACCOUNT } from '../helpers/fake-rne-server';
import { dayBefore, frenchDay, onOneParisDay } from '../helpers/paris-day';
import { validSirens } from '../helpers/sirens';
import { Api, confirm, expectFieldError, expectToast, rowWith, signInViaApi, SUCCESS, walkSidebarGroup } from './helpers';

/**
 * The register (RNE) pages, against the app started with its worker on
 * (`RNE_WORKER=on`) and `RNE_API_URL` pointing at the fake INPI RNE API of test/helpers/fake-rne-server.ts
 * (playwright.config.ts starts both): an account added on /supervisions/rne and checked (✓ and the toast),
 * a wrong password (✗ and its toast), edit, disable / enable and delete with their confirmations; the four
 * cards and the banners of /supervisions/reports and /supervisions/dirigeants, SIRENs queued by hand and
 * worked off by the real worker, a SIREN unknown to the RNE parked and requeued; the « Détails » navigation,
 * the breadcrumb and the 10-second refresh of /supervisions/liveinpi, and its CSV saved as export.csv.
 *
 * The demo seed run before the server starts adds two accounts that fail their check (unknown to the fake),
 * waiting entries and four days of history: the cards and tables are filled from the first visit, and the
 * worker starts working the queues off once a test has checked the fake's account.
 * The cards are those of the Paris days J..J-3 on the server's clock: a page is checked against the day read just
 * before it loads, and loaded again when midnight passed meanwhile (test/helpers/paris-day.ts); an entry processed
 * is looked for on the card of the day it was processed on.
 */

type Pool = 'officers' | 'filings';

const LISTS: Record<Pool, string> = { officers: '/api/supervisions/inpiall', filings: '/api/supervisions/rneall' };
const CONFIRM = {
  disable: 'Voulez-vous vraiment désactiver ce compte RNE\u202f?',
  enable: 'Voulez-vous vraiment réactiver ce compte RNE\u202f?',
  remove: 'Voulez-vous vraiment effacer ce compte RNE\u202f?',
};
const SYNC_OK = 'Connexion au service RNE réussie.';
const SYNC_REFUSED = 'Identifiants refusés par le service RNE.';
const NEVER_CHECKED = 'Compte jamais vérifié\u00a0: cliquez sur Synchroniser.';
/** How long the worker may take to reach a SIREN just queued (behind the demo's waiting entries, the 10 s refresh). */
const WORKED_OFF_MS = 60_000;
const DATE_TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

/** `count` valid SIRENs of a series starting at a random prefix (new to the queues of this run's fresh database). */
function freshSirens(count: number): string[] {
  return validSirens(count, 60_000_000 + Math.floor(Math.random() * 30_000_000));
}

/** A valid SIREN ending in 000, which the fake RNE answers with 404 (unknown company). */
function unknownToRne(): string {
  for (let n = 100_000 + Math.floor(Math.random() * 800_000); ; n += 1) {
    const siren = `${n}000`;
    if (luhn(siren)) return siren;
  }
}

/** The accounts of `pool` named `email`. */
async function accountsNamed(api: Api, pool: Pool, email: string): Promise<RneAccountRecord[]> {
  return (await api.get<RneAccountRecord[]>(LISTS[pool])).filter((a) => a.email.toLowerCase() === email.toLowerCase());
}

/** Deletes the fake's account from `pool` (a test that adds it through the page starts without it). */
async function removeFakeAccount(api: Api, pool: Pool): Promise<void> {
  for (const account of await accountsNamed(api, pool, FAKE_RNE_ACCOUNT.username)) {
    await api.post(`/api/supervisions/rne/accounts/${account.id}/delete`);
  }
}

/** The fake's account in `pool`, enabled with its right password and checked: the worker works through it. */
async function ensureWorkingAccount(api: Api, pool: Pool): Promise<void> {
  const [existing] = await accountsNamed(api, pool, FAKE_RNE_ACCOUNT.username);
  const body = { pool, email: FAKE_RNE_ACCOUNT.username, password: FAKE_RNE_ACCOUNT.password, status: 1 };
  const account = existing
    ? await api.post<RneAccountRecord>(`/api/supervisions/rne/accounts/${existing.id}`, body)
    : await api.post<RneAccountRecord>('/api/supervisions/rne/accounts', body);
  const sync = await api.get<RneSyncResult>(`/api/supervisions/syncInpiAccount/${account.id}`);
  expect(sync.result, sync.message).toBe('ok');
}

/** The four day cards: J to J-3 of the Paris day `j` (`YYYY-MM-DD`), each with its date and « Total Sirens ». */
async function expectDayCards(page: Page, j: string): Promise<void> {
  const cards = page.getByTestId('day-card');
  await expect(cards).toHaveCount(4);
  for (let n = 0; n < 4; n += 1) {
    const card = cards.nth(n);
    await expect(card).toHaveAttribute('data-day', n === 0 ? 'J' : `J-${n}`);
    await expect(card.getByTestId('day-card-date')).toHaveText(frenchDay(dayBefore(j, n)));
    await expect(card.getByText('Total Sirens', { exact: true })).toBeVisible();
    await expect(card.locator('.ant-statistic-content-value')).toHaveText(/^\d[\d\u202f\u00a0]*$/);
  }
}

/** The total the page's card dated `date` (DD/MM/YYYY) shows; null while no card has that date. */
async function cardTotal(page: Page, date: string): Promise<number | null> {
  const card = page.getByTestId('day-card').filter({ has: page.getByTestId('day-card-date').getByText(date, { exact: true }) });
  if ((await card.count()) !== 1) return null;
  const text = await card.locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/\D/g, ''));
}

/** The total of the reports' card dated `date` (DD/MM/YYYY), as the API answers it; null when no card has it. */
async function apiCardTotal(api: Api, date: string): Promise<number | null> {
  const r = await api.get<Record<'nb1' | 'nb2' | 'nb3' | 'nb4', { day: string; total: number }>>('/api/supervisions/reportsall');
  return [r.nb1, r.nb2, r.nb3, r.nb4].find((card) => frenchDay(card.day) === date)?.total ?? null;
}

/** The Siren cell's link of `row`: the company page, in a new tab, without opener or referrer. */
async function expectCompanyLink(row: Locator, siren: string, template: string): Promise<void> {
  const link = row.getByRole('link', { name: siren, exact: true });
  await expect(link).toHaveAttribute('href', template.replace('{siren}', siren));
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

test('the Surveillance group of the sidebar lists every supervision page', async ({ page }) => {
  await walkSidebarGroup(page, 'Surveillance', [
    { label: 'Surveillance', href: '/supervisions' },
    { label: 'Base INSEE', href: '/supervisions/insee' },
    { label: 'Services RNE', href: '/supervisions/rne' },
    { label: 'Différentiel comptes', href: '/supervisions/reports', title: 'Différentiel sur les comptes' },
    { label: 'Différentiel dirigeants', href: '/supervisions/dirigeants', title: 'Différentiel sur les dirigeants' },
    { label: 'Traitement en direct', href: '/supervisions/liveinpi' },
  ]);
});

/**
 * The account form's fields, inside the form (the one with a password field): while the create page loads after the
 * URL changed, the list's « Email » column headers are still on screen with the same accessible name (seen once in CI).
 */
const accountForm = (page: Page) => page.locator('form').filter({ has: page.locator('input[type="password"]') });
const emailBox = (page: Page) => accountForm(page).getByLabel('Email', { exact: true });
const passwordBox = (page: Page) => accountForm(page).getByLabel('Mot de passe', { exact: true });

test('an RNE account is added and checked (✓), refused with a wrong password (✗), disabled, enabled and deleted', async ({ page }) => {
  test.setTimeout(120_000);
  const api = new Api(page.request);
  await removeFakeAccount(api, 'officers');
  const inFilings = (await accountsNamed(api, 'filings', FAKE_RNE_ACCOUNT.username)).length;

  await page.goto('/supervisions/rne');
  await expect(page.getByRole('heading', { level: 1, name: 'Services RNE' })).toBeVisible();
  const officers = page.getByTestId('rne-officers-accounts');
  const filings = page.getByTestId('rne-filings-accounts');
  // The spec's two tables, then the status and the actions.
  await expect(officers.getByRole('columnheader')).toHaveText([
    'Email', 'Token', 'Dirigeants', 'Bénéficiaires effectifs', 'Mot de passe', 'Utilisé', 'Passage', 'Dernier changement', 'Status', 'Action',
  ]);
  await expect(filings.getByRole('columnheader')).toHaveText([
    'Email', 'Token', 'Actes', 'Bilans', 'Bilans saisis', 'Passage', 'Dernier changement', 'Status', 'Action',
  ]);
  // The demo's accounts have never logged in: the ✗ says so.
  await expect(rowWith(officers, 'rne.dirigeants@example.com').getByTestId('account-token')).toHaveAccessibleName(`Accès refusé\u00a0: ${NEVER_CHECKED}`);

  // Add: the officers pool is the default.
  await page.getByTestId('add-button').click();
  await expect(page).toHaveURL(/\/supervisions\/rne\/create$/);
  await expect(page.getByRole('radio', { name: 'Dirigeants / bénéficiaires effectifs' })).toBeChecked();
  await emailBox(page).fill(FAKE_RNE_ACCOUNT.username);
  await passwordBox(page).fill(FAKE_RNE_ACCOUNT.password);
  await page.getByTestId('form-submit').click();
  await expectToast(page, SUCCESS);
  await expect(page).toHaveURL(/\/supervisions\/rne$/);

  const row = rowWith(officers, FAKE_RNE_ACCOUNT.username);
  await expect(row).toHaveCount(1);
  // Added to the officers pool only.
  await expect(rowWith(filings, FAKE_RNE_ACCOUNT.username)).toHaveCount(inFilings);
  await expect(row.getByTestId('account-token')).toHaveAccessibleName(`Accès refusé\u00a0: ${NEVER_CHECKED}`);
  // The password is masked, shown on demand.
  const secret = row.getByTestId('secret-value');
  await expect(secret).toHaveText('••••••••');
  await row.getByRole('button', { name: 'Afficher le secret' }).click();
  await expect(secret).toHaveText(FAKE_RNE_ACCOUNT.password);

  // Check: the fake accepts it.
  await row.getByRole('button', { name: `Synchroniser ${FAKE_RNE_ACCOUNT.username}` }).click();
  await expectToast(page, SYNC_OK, 'success');
  await expect(row.getByTestId('account-token')).toHaveAccessibleName('Accès ok');
  const cells = row.getByRole('cell');
  await expect(cells.nth(6)).toHaveText(DATE_TIME);
  await expect(cells.nth(7)).toHaveText(DATE_TIME);

  // The same email twice in one pool is refused under Email.
  await page.getByTestId('add-button').click();
  await expect(page).toHaveURL(/\/supervisions\/rne\/create$/);
  await emailBox(page).fill(FAKE_RNE_ACCOUNT.username.toUpperCase());
  await passwordBox(page).fill('another-password-1');
  await page.getByTestId('form-submit').click();
  await expectFieldError(emailBox(page), 'Ce compte existe déjà.');
  await page.getByTestId('form-back').click();
  await expect(page).toHaveURL(/\/supervisions\/rne$/);

  // Edit: a wrong password, then the check is refused.
  await row.getByTestId('edit-link').click();
  await expect(page).toHaveURL(/\/supervisions\/rne\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Modifier ${FAKE_RNE_ACCOUNT.username}`);
  await expect(emailBox(page)).toHaveValue(FAKE_RNE_ACCOUNT.username);
  await passwordBox(page).fill('wrong-password-1234');
  await page.getByTestId('form-submit').click();
  await expectToast(page, SUCCESS);
  await page.getByTestId('form-back').click();
  await expect(page).toHaveURL(/\/supervisions\/rne$/);
  await row.getByRole('button', { name: `Synchroniser ${FAKE_RNE_ACCOUNT.username}` }).click();
  await expectToast(page, SYNC_REFUSED, 'error');
  await expect(row.getByTestId('account-token')).toHaveAccessibleName(`Accès refusé\u00a0: ${SYNC_REFUSED}`);

  // Disable, then enable again, each after its confirmation.
  await row.getByTestId('toggle-status').click();
  await confirm(page, CONFIRM.disable, 'Désactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Désactivé');
  await row.getByTestId('toggle-status').click();
  await confirm(page, CONFIRM.enable, 'Réactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');

  // Delete, from its edit page, after the confirmation.
  await row.getByTestId('edit-link').click();
  await page.getByTestId('form-delete').click();
  await confirm(page, CONFIRM.remove, 'Effacer');
  await expectToast(page, SUCCESS);
  await expect(page).toHaveURL(/\/supervisions\/rne$/);
  await expect(rowWith(officers, FAKE_RNE_ACCOUNT.username)).toHaveCount(0);
  expect(await accountsNamed(api, 'officers', FAKE_RNE_ACCOUNT.username)).toEqual([]);
});

test('/supervisions/reports: four cards, the banner, SIRENs queued by hand and worked off, a SIREN unknown to the RNE parked and requeued', async ({ page }) => {
  test.setTimeout(180_000);
  const api = new Api(page.request);
  const config = await api.get<{ company_page_url: string }>('/api/config');
  await ensureWorkingAccount(api, 'filings');
  const sirens = freshSirens(2);
  const unknown = unknownToRne();

  await onOneParisDay(async (j) => {
    await page.goto('/supervisions/reports');
    await expect(page.getByRole('heading', { level: 1, name: 'Différentiel sur les comptes' })).toBeVisible();
    await expectDayCards(page, j);
  });
  await expect(page.getByTestId('queue-banner')).toHaveText(/^File d'attente\s: \d[\d\s]* restent à traiter$/);
  const table = page.getByTestId('queue-accounts');
  await expect(table.getByRole('columnheader')).toHaveText(['Siren', 'Date', 'Motif']);

  // The textarea is validated like a group's: the invalid line is named, nothing is queued.
  const textarea = page.getByTestId('queue-sirens-input');
  await textarea.fill(`${sirens[0]}\n12\n`);
  await page.getByTestId('queue-sirens-submit').click();
  // Its message first, then the hint under the textarea.
  await expect(textarea).toHaveAttribute('aria-invalid', 'true');
  await expect(textarea).toHaveAccessibleDescription(/^Ligne 2\s:\s«\s12\s»\sn’est pas un siren valide\. Les lignes vides sont ignorées/);

  await textarea.fill([...sirens, unknown, ''].join('\n'));
  await page.getByTestId('queue-sirens-submit').click();
  await expectToast(page, 'File «\u00a0Différentiel sur les comptes\u00a0»\u00a0: 3 siren(s) ajouté(s), 0 déjà en attente.');
  await expect(textarea).toHaveValue('');

  // The worker fetches their filings from the fake RNE; the page shows them within its 10-second refresh.
  const processedOn = new Map<string, number>();
  for (const siren of sirens) {
    const row = rowWith(table, siren);
    await expect(row).toHaveCount(1, { timeout: WORKED_OFF_MS });
    await expectCompanyLink(row, siren, config.company_page_url);
    await expect(row.getByRole('cell').nth(1)).toHaveText(DATE_TIME);
    await expect(row.getByRole('cell').nth(2)).toHaveText('Saisie manuelle');
    const date = (await row.getByRole('cell').nth(1).innerText()).slice(0, 10);
    processedOn.set(date, (processedOn.get(date) ?? 0) + 1);
  }
  // The card of the day they were processed on counts them, as the rollup does: card J (J-1 once midnight passed).
  for (const [date, count] of processedOn) {
    await expect.poll(async () => (await apiCardTotal(api, date)) ?? 0).toBeGreaterThanOrEqual(count);
    await expect
      .poll(async () => {
        const shown = await cardTotal(page, date);
        return shown !== null && shown === (await apiCardTotal(api, date));
      }, { timeout: WORKED_OFF_MS })
      .toBe(true);
  }

  // The SIREN unknown to the RNE (404) is parked at once with its error, and can be requeued.
  const parked = page.getByTestId('parked-accounts');
  const parkedRow = rowWith(parked, unknown);
  await expect(parkedRow).toHaveCount(1, { timeout: WORKED_OFF_MS });
  await expect(parkedRow.getByTestId('parked-error')).toHaveText('Entreprise inconnue du RNE (HTTP 404).');
  await expectCompanyLink(parkedRow, unknown, config.company_page_url);
  await parkedRow.getByRole('button', { name: `Remettre en file le siren ${unknown}` }).click();
  await expectToast(page, 'Le siren a été remis en file.');
  // Worked again, and parked again: the fake still does not know it.
  await expect(rowWith(parked, unknown)).toHaveCount(1, { timeout: WORKED_OFF_MS });
});

test('/supervisions/dirigeants: cards, « Traitement en cours » and « Détails » to the live page, its breadcrumb, cards, table and CSV export', async ({ page }) => {
  test.setTimeout(180_000);
  const api = new Api(page.request);
  await ensureWorkingAccount(api, 'officers');
  const banner = page.getByTestId('queue-banner');
  const table = page.getByTestId('queue-officers');
  const breadcrumb = page.getByTestId('breadcrumb');
  const live = page.getByTestId('queue-live');
  // A SIREN queued and worked off, and the cards of the Paris day it was processed on (J): all within one day, again
  // with another SIREN when midnight passed meanwhile.
  const siren = await onOneParisDay(async (j) => {
    const [queued] = freshSirens(1);
    await api.post('/api/supervisions/queues/officers/sirens', { sirens: [queued] });

    await page.goto('/supervisions/dirigeants');
    await expect(page.getByRole('heading', { level: 1, name: 'Différentiel sur les dirigeants' })).toBeVisible();
    await expectDayCards(page, j);
    // With a working account and the worker on: at work, or done with what was queued (the next test walks each state).
    await expect(banner).toContainText(/^(Traitement en cours|Aucun traitement en cours\s: dernier traitement il y a)/);
    await expect(banner).toContainText(/File d'attente\s: \d[\d\s]* restent à traiter/);
    await expect(table.getByRole('columnheader')).toHaveText(['Siren', 'Date', 'Motif']);
    // The worker fetches its officers from the fake RNE.
    await expect(rowWith(table, queued)).toHaveCount(1, { timeout: WORKED_OFF_MS });
    await expect(page.getByTestId('day-card').first().getByTestId('day-card-window')).toHaveText(
      /^Du \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2} au \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );

    await banner.getByRole('link', { name: 'Détails' }).click();
    await expect(page).toHaveURL(/\/supervisions\/liveinpi$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Traitement en direct' })).toBeVisible();
    await expect(breadcrumb.getByRole('link')).toHaveText(['Dashboard', 'Surveillance', 'Différentiel sur les dirigeants']);
    await expect(breadcrumb.getByRole('link', { name: 'Différentiel sur les dirigeants' })).toHaveAttribute('href', '/supervisions/dirigeants');
    await expectDayCards(page, j);
    // Windows of J, J-1 and J-2; none for J-3.
    await expect(page.getByTestId('day-card-window')).toHaveCount(3);
    await expect(page.getByRole('heading', { level: 2, name: 'Différentiel sur les dirigeants : J , J-1' })).toBeVisible();
    await expect(rowWith(live, queued)).toHaveCount(1);
    return queued;
  });

  // « Télécharger CSV » saves export.csv: UTF-8 with BOM, `;`, the header, the SIREN processed.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('export.csv');
  const bytes = fs.readFileSync(await file.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split(/\r?\n/);
  expect(lines[0]).toBe('Siren;Date;Motif');
  expect(lines.find((line) => line.startsWith(`${siren};`))).toMatch(new RegExp(`^${siren};\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}:\\d{2};Saisie manuelle$`));

  // Back through the breadcrumb.
  await breadcrumb.getByRole('link', { name: 'Différentiel sur les dirigeants' }).click();
  await expect(page).toHaveURL(/\/supervisions\/dirigeants$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Différentiel sur les dirigeants' })).toBeVisible();
});

/** Sets the latency of every answer of this server's fake RNE API (playwright.config.ts: the app's port + 1). */
async function setFakeLatency(page: Page, baseURL: string | undefined, ms: number): Promise<void> {
  const fake = `http://127.0.0.1:${Number(new URL(baseURL!).port) + 1}`;
  const res = await page.request.post(`${fake}/__fake/latency/${ms}`, { timeout: 30_000 });
  expect(res.ok()).toBe(true);
}

test('/supervisions/dirigeants says « Traitement en cours » only while the worker holds a lease, and otherwise why nothing moves', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const api = new Api(page.request);
  const banner = page.getByTestId('queue-banner');
  const title = banner.locator('.ant-alert-title, .ant-alert-message').first();
  // No usable officers account: every enabled one with its token ok is disabled for a while.
  const usable = (await api.get<RneAccountRecord[]>(LISTS.officers)).filter((a) => a.status === 1 && a.token === 1);
  for (const account of usable) await api.post(`/api/supervisions/rne/accounts/${account.id}/toggle`);
  try {
    await page.goto('/supervisions/dirigeants');
    await expect(title).toHaveText('Aucun traitement en cours\u00a0: aucun compte utilisable');
    await expect(banner).toHaveAttribute('data-state', 'no_account');
    await expect(banner).toHaveClass(/ant-alert-warning/);
  } finally {
    for (const account of usable) await api.post(`/api/supervisions/rne/accounts/${account.id}/toggle`);
  }

  // A slow RNE service (3 s an answer): the worker holds its account's lease through each call. It starts at once
  // when woken, or at its next round (within a minute) when a round of it is already waiting in process.
  await setFakeLatency(page, baseURL, 3000);
  try {
    await ensureWorkingAccount(api, 'officers');
    await api.post('/api/supervisions/queues/officers/sirens', { sirens: freshSirens(8) });
    await page.reload();
    await expect(title).toHaveText('Traitement en cours', { timeout: 80_000 });
    await expect(banner).toHaveAttribute('data-state', 'processing');
  } finally {
    await setFakeLatency(page, baseURL, 0);
  }
  // Once the queue is worked off and the lease given back: how long since the last entry processed.
  await expect(title).toHaveText(/^Aucun traitement en cours\s: dernier traitement il y a (moins d’une minute|\d+\smin)$/, { timeout: 90_000 });
  await expect(banner).toHaveAttribute('data-state', 'idle');
});

test('/supervisions/liveinpi reads its figures again every 10 seconds; a failed CSV download is only logged', async ({ page }) => {
  test.setTimeout(60_000);
  // When each read was sent, taken as the request leaves the page (not when the test gets to look).
  const reads: number[] = [];
  page.on('request', (request) => {
    if (/\/api\/supervisions\/liveinpiall$/.test(request.url())) reads.push(Date.now());
  });
  await page.goto('/supervisions/liveinpi');
  await expect(page.getByTestId('day-card')).toHaveCount(4);
  // Read once on opening, then again about 10 seconds later, without any action.
  await expect.poll(() => reads.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
  expect(reads[1] - reads[0], 'seconds between the first two reads').toBeGreaterThan(5_000);
  expect(reads[1] - reads[0], 'seconds between the first two reads').toBeLessThan(15_000);

  await page.route('**/api/supervisions/download-csv', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Une erreur est survenue!"}' }));
  const logged = page.waitForEvent('console', (message) => message.type() === 'error' && message.text().includes('Téléchargement du CSV impossible'));
  let downloaded = false;
  page.on('download', () => {
    downloaded = true;
  });
  await page.getByRole('button', { name: 'Télécharger CSV' }).click();
  await logged;
  await expect(page.getByRole('button', { name: 'Télécharger CSV' })).not.toHaveClass(/ant-btn-loading/);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  expect(downloaded).toBe(false);
});

/** Adds an officers account the fake refuses (wrong password) and checks it: its ✗ then holds the refusal. @returns its id */
async function refusedAccount(api: Api, email: string): Promise<number> {
  const account = await api.post<RneAccountRecord>('/api/supervisions/rne/accounts', { pool: 'officers', email, password: 'not-the-right-one-1', status: 1 });
  const sync = await api.get<RneSyncResult>(`/api/supervisions/syncInpiAccount/${account.id}`);
  expect(sync.result).toBe('credentials');
  return account.id;
}

test('the token ✗ is a button named with the real reason of the failure, whose popover opens on keyboard focus', async ({ page }) => {
  const api = new Api(page.request);
  const email = `refused-${Date.now()}@example.com`;
  const id = await refusedAccount(api, email);
  try {
    await page.goto('/supervisions/rne');
    const row = rowWith(page.getByTestId('rne-officers-accounts'), email);
    const token = row.getByRole('button', { name: `Accès refusé\u00a0: ${SYNC_REFUSED}` });
    await expect(token).toBeVisible();
    // Reached from the keyboard: the check button before it takes Shift+Tab back to it.
    await row.getByRole('button', { name: `Synchroniser ${email}` }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(token).toBeFocused();
    await expect(page.getByTestId('account-token-reason').filter({ visible: true })).toHaveText(SYNC_REFUSED);
  } finally {
    await api.post(`/api/supervisions/rne/accounts/${id}/delete`);
  }
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test('a tap on the token ✗ shows the reason of the failure', async ({ page }) => {
    const api = new Api(page.request);
    const email = `refused-tap-${Date.now()}@example.com`;
    const id = await refusedAccount(api, email);
    try {
      await page.goto('/supervisions/rne');
      const row = rowWith(page.getByTestId('rne-officers-accounts'), email);
      const token = row.getByTestId('account-token');
      await token.scrollIntoViewIfNeeded();
      await token.tap();
      await expect(page.getByTestId('account-token-reason').filter({ visible: true })).toHaveText(SYNC_REFUSED);
    } finally {
      await api.post(`/api/supervisions/rne/accounts/${id}/delete`);
    }
  });
});
