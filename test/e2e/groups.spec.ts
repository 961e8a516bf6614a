import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test, type Page } from '@playwright/test';
import { Api, SUCCESS, confirm, expectToast, rowWith, signInViaApi, unique } from './helpers';

/**
 * Groups of SIRENs: list, create, edit in place, the SIRENs textarea (valid and invalid lines),
 * removal of one SIREN, toggle and delete, with the exact texts of the spec. Each test makes its own
 * group (unique name); the 38 real SIRENs come from the listed companies fixture.
 */

const ADDED = 'Les sirens ont été mis à jour avec succès.';
const ADD_FAILED = 'Une erreur est survenue.';
const DISABLE = 'Voulez-vous vraiment désactiver ce group ?';
const ENABLE = 'Voulez-vous vraiment réactiver ce group ?';
const DELETE_GROUP = 'Voulez-vous vraiment effacer ce group ?';
const DELETE_SIREN = 'Voulez-vous vraiment effacer ce siren ?';

/** The 38 SIRENs of test/fixtures/samples/listed_french_companies_sirens.csv. */
const LISTED: string[] = (
  parse(fs.readFileSync(new URL('../fixtures/samples/listed_french_companies_sirens.csv', import.meta.url)), { columns: true }) as Array<{
    siren: string;
  }>
).map((row) => row.siren);

interface ApiGroup {
  id: number;
  name: string;
  status: number;
  sirens_count: number;
}

const groupsList = (page: Page) => page.getByTestId('groups-list');
const sirensList = (page: Page) => page.getByTestId('group-sirens-list');
const sirenRows = (page: Page) => sirensList(page).locator('tbody tr[data-row-key]');
const textarea = (page: Page) => page.getByRole('textbox', { name: 'Ajouter des sirens (un par ligne)' });
const addButton = (page: Page) => page.getByRole('button', { name: 'Ajouter les sirens' });
const total = (page: Page) => page.getByTestId('group-sirens-total');
const nameField = (page: Page) => page.getByRole('textbox', { name: 'Nom', exact: true });

/** Creates a group through the API (active unless told). */
function createGroup(api: Api, name: string, status: 0 | 1 = 1): Promise<ApiGroup> {
  return api.post<ApiGroup>('/api/groups/store', { name, status });
}

function getGroup(api: Api, id: number): Promise<ApiGroup> {
  return api.get<ApiGroup>(`/api/groups/getGroupRoles/${id}`);
}

/** The SIRENs shown in the list, sorted. */
async function shownSirens(page: Page): Promise<string[]> {
  return (await sirenRows(page).locator('td:nth-child(2)').allTextContents()).sort();
}

let api: Api;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
});

test('create a group from the list: Nom and Actif (checked), then back to /groups with a toast', async ({ page }) => {
  const name = `Groupe créé ${unique()}`;
  await page.goto('/home');
  await page.getByRole('menu', { name: 'Navigation principale' }).getByRole('link', { name: 'Groupes' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Groupes de sirens' })).toBeVisible();
  await expect(page.getByTestId('breadcrumb').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/home');
  await expect(groupsList(page).getByRole('columnheader')).toHaveText(['Groupe', 'Sirens', 'Status', 'Action']);

  await page.getByRole('link', { name: 'Ajouter' }).click();
  await expect(page).toHaveURL(/\/groups\/create$/);
  await expect(page.getByRole('checkbox', { name: 'Actif' })).toBeChecked();

  // A name already used (the demo's 'VIP', any case): the server's message under 'Nom'.
  await nameField(page).fill('vip');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(nameField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField(page)).toHaveAccessibleDescription('Ce nom de groupe est déjà utilisé.');

  await nameField(page).fill(name);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expectToast(page, SUCCESS);
  const row = rowWith(groupsList(page), name);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('group-sirens-count')).toHaveText('0');
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');
});

test('add the 38 listed SIRENs through the textarea, then remove one', async ({ page }) => {
  const group = await createGroup(api, `Cotées ${unique()}`);
  await page.goto(`/groups/${group.id}/edit`);
  await expect(page.getByRole('heading', { level: 1, name: `Modifier ${group.name}` })).toBeVisible();
  await expect(total(page)).toHaveText('0 siren');
  await expect(sirensList(page).getByTestId('list-empty')).toHaveText('Aucun résultat trouvé');

  // Pasted with blank lines and stray spaces: they are trimmed and dropped.
  const text = LISTED.map((siren, i) => (i % 10 === 0 ? `  ${siren}  \n` : siren)).join('\n');
  await textarea(page).fill(text);
  await addButton(page).click();
  await expectToast(page, ADDED);
  await expect(textarea(page)).toHaveValue('');
  await expect(total(page)).toHaveText('38 sirens');
  await expect(sirenRows(page)).toHaveCount(38);
  expect(await shownSirens(page)).toEqual([...LISTED].sort());
  await expect(sirensList(page).getByRole('columnheader')).toHaveText(['ID', 'Siren', 'Entreprise', 'Date d’ajout', 'Action']);
  expect((await getGroup(api, group.id)).sirens_count).toBe(38);

  // The same again: nothing new, the count stays.
  await textarea(page).fill(LISTED.slice(0, 3).join('\n'));
  await addButton(page).click();
  const again = page.getByTestId('toast').filter({ hasText: ADDED });
  await expect(again).toContainText('0 ajouté, 3 déjà présents');
  await expect(total(page)).toHaveText('38 sirens');

  // Search by the digits of a SIREN.
  const search = sirensList(page).getByRole('searchbox', { name: 'Rechercher' });
  const prefix = LISTED[0].slice(0, 3);
  await search.fill(prefix);
  await search.press('Enter');
  await expect(sirenRows(page)).toHaveCount(LISTED.filter((s) => s.startsWith(prefix)).length);
  expect(await shownSirens(page)).toEqual(LISTED.filter((s) => s.startsWith(prefix)).sort());
  await sirensList(page).getByRole('button', { name: 'Réinitialiser' }).click();
  await expect(sirenRows(page)).toHaveCount(38);

  // Remove one: confirmation, toast, 37 left.
  const removed = LISTED[5];
  await rowWith(sirensList(page), removed).getByRole('button', { name: /Effacer/ }).click();
  await confirm(page, DELETE_SIREN, 'Effacer');
  await expectToast(page, SUCCESS);
  await expect(rowWith(sirensList(page), removed)).toHaveCount(0);
  await expect(total(page)).toHaveText('37 sirens');
  await expect(sirenRows(page)).toHaveCount(37);
  expect((await getGroup(api, group.id)).sirens_count).toBe(37);

  // The list page shows the new count.
  await page.getByRole('link', { name: 'Retour' }).click();
  await expect(page).toHaveURL(/\/groups$/);
  await expect(rowWith(groupsList(page), group.name).getByTestId('group-sirens-count')).toHaveText('37');
});

test('invalid lines: nothing added, each invalid line named under the textarea', async ({ page }) => {
  const group = await createGroup(api, `Invalides ${unique()}`);
  await page.goto(`/groups/${group.id}/edit`);

  // Three lines, the second one invalid (Luhn).
  await textarea(page).fill(`${LISTED[0]}\n123456789\n${LISTED[1]}`);
  await addButton(page).click();
  await expectToast(page, ADD_FAILED, 'error');
  await expect(page.getByText("Ligne 2\u00a0: «\u00a0123456789\u00a0» n’est pas un siren valide.", { exact: true })).toBeVisible();
  await expect(textarea(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(textarea(page)).toHaveAccessibleDescription(/Ligne 2/);
  await expect(total(page)).toHaveText('0 siren');
  expect((await getGroup(api, group.id)).sirens_count).toBe(0);

  // Line numbers count the blank lines the client drops; every invalid line is listed.
  await textarea(page).fill(`\n${LISTED[0]}\n\n12345\nabc`);
  await addButton(page).click();
  await expectToast(page, ADD_FAILED, 'error');
  await expect(page.getByText(/^Ligne 4\u00a0: «\u00a012345\u00a0»/)).toBeVisible();
  await expect(page.getByText(/^Ligne 5\u00a0: «\u00a0abc\u00a0»/)).toBeVisible();
  await expect(page.getByText(/^Ligne 2\u00a0:/)).toHaveCount(0);

  // Editing the text clears the messages.
  await textarea(page).fill(LISTED[0]);
  await expect(textarea(page)).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/^Ligne 4\u00a0:/)).toHaveCount(0);
  await addButton(page).click();
  await expectToast(page, ADDED);
  await expect(total(page)).toHaveText('1 siren');
});

test('a list above the 8 MB body limit: the 413 is told with the limits, nothing added', async ({ page }) => {
  test.setTimeout(120_000);
  const group = await createGroup(api, `Trop gros ${unique()}`);
  await page.goto(`/groups/${group.id}/edit`);
  // 1,000 lines of 1,500 characters that JSON writes as \u0001 (6 bytes each): 1.5 MB of text, 9 MB of JSON.
  // (Typing 8 MB into the textarea takes minutes, so the value is pasted in one input event.)
  const text = Array.from({ length: 1000 }, () => '\u0001'.repeat(1500)).join('\n');
  await textarea(page).evaluate((el, value) => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
  const answer = page.waitForResponse((r) => r.url().includes('/api/groups/addsirens'));
  await addButton(page).click();
  expect((await answer).status()).toBe(413);
  const tooLarge = 'La liste est trop volumineuse\u00a0: 200\u202f000 sirens au plus par envoi (8\u00a0Mo).';
  const toast = page.getByTestId('toast').filter({ has: page.getByText(ADD_FAILED, { exact: true }) });
  await expect(toast).toHaveAttribute('data-type', 'error');
  await expect(toast.getByText(tooLarge, { exact: true })).toBeVisible();
  await expect(page.locator('.ant-form-item-explain').getByText(tooLarge, { exact: true })).toBeVisible();
  expect((await getGroup(api, group.id)).sirens_count).toBe(0);
});

test('edit in place keeps unsaved edits while SIRENs are added; toggle and delete with the exact texts', async ({ page }) => {
  const group = await createGroup(api, `Cycle ${unique()}`);
  const renamed = `${group.name} renommé`;
  await page.goto(`/groups/${group.id}/edit`);
  await expect(nameField(page)).toHaveValue(group.name);

  // A name typed but not saved survives adding SIRENs (the count reloads, not the form).
  await nameField(page).fill(renamed);
  await textarea(page).fill(LISTED.slice(0, 2).join('\n'));
  await addButton(page).click();
  await expectToast(page, ADDED);
  await expect(total(page)).toHaveText('2 sirens');
  await expect(nameField(page)).toHaveValue(renamed);

  // Save in place: toast, still on the page, title follows.
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: `Modifier ${renamed}` })).toBeVisible();
  expect((await getGroup(api, group.id)).name).toBe(renamed);

  // Toggle from the list.
  await page.goto('/groups');
  const row = rowWith(groupsList(page), renamed);
  await row.getByRole('button', { name: 'Désactiver' }).click();
  await confirm(page, DISABLE, 'Désactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Désactivé');
  await row.getByRole('button', { name: 'Activer' }).click();
  await confirm(page, ENABLE, 'Réactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');

  // Delete from the edit page: confirmation, back to /groups, gone (with its SIRENs).
  await row.getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/edit$`));
  await page.getByRole('button', { name: 'Effacer', exact: true }).click();
  await confirm(page, DELETE_GROUP, 'Effacer');
  await expect(page).toHaveURL(/\/groups$/);
  await expectToast(page, SUCCESS);
  await expect(rowWith(groupsList(page), renamed)).toHaveCount(0);
  const res = await page.request.get(`/api/groups/getGroupRoles/${group.id}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(res.status()).toBe(404);
});

test('an unknown group: toast and redirect to /home', async ({ page }) => {
  await page.goto('/groups/999999/edit');
  await expect(page).toHaveURL(/\/home$/);
  await expectToast(page, 'Group does not exist!', 'error');
});

test('the dashboard card counts the active and total groups', async ({ page }) => {
  await createGroup(api, `Inactif ${unique()}`, 0);
  const groups = await api.get<ApiGroup[]>('/api/groups/all');
  const active = groups.filter((g) => g.status === 1).length;
  await page.goto('/home');
  await expect(page.getByTestId('stat-groups')).toContainText(
    new RegExp(`${active}\\s*${active > 1 ? 'actifs' : 'actif'} / ${groups.length} au total`),
  );
});
