import { expect, test, type Page } from '@playwright/test';
import { Api, rowWith, signInViaApi, unique } from './helpers';

/**
 * What the company register knows, wherever the screens show a company (contract/feeds.ts `GET
 * /api/companies/{siren}`, contract/groups.ts): a closed head office (INSEE establishment state F) is marked
 * « Siège fermé » beside the deal form's company-name hint and beside the name in a group's SIRENs; a SIREN the
 * register knows only by establishments says « connu seulement par ses établissements » and fills no company name
 * (an establishment's sign is not one). The demo seed run before the server starts imported the real INSEE samples
 * (test/fixtures/sirene), which hold these cases:
 */

/** JACQUES-LUCIEN BRETON: a ceased company whose head office (NIC 00022) is closed. */
const CLOSED_HEAD_OFFICE = { siren: '001807254', name: 'JACQUES-LUCIEN BRETON' };
/** Only the establishments file names it; its head office at Cers is active. */
const ESTABLISHMENTS_ONLY = '447555616';
/** Only the establishments file names it; its head office is closed. */
const ESTABLISHMENTS_ONLY_CLOSED = '005420047';
/** A company without any stored establishment (StockUniteLegale_sample.csv). */
const COMPANY = { siren: '016750697', name: 'ETS J VIRLY S A' };

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

test('the deal form: « Siège fermé » beside the register’s name, and no name invented for a SIREN known only by its establishments', async ({ page }) => {
  await page.goto('/transactions/createdeal');
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Ajouter une entité' }).click();
  const hints = page.getByTestId('deal-entity');

  await textbox(page, 'SIREN (entité 1)').fill(CLOSED_HEAD_OFFICE.siren);
  await expect(textbox(page, 'Company Name (entité 1)')).toHaveValue(CLOSED_HEAD_OFFICE.name);
  const first = hints.nth(0).getByTestId('entity-name-hint');
  await expect(first).toContainText('Nom repris du répertoire');
  await expect(first.getByTestId('head-office-closed')).toHaveText('Siège fermé');

  await textbox(page, 'SIREN (entité 2)').fill(ESTABLISHMENTS_ONLY);
  const second = hints.nth(1).getByTestId('entity-name-hint');
  await expect(second).toHaveText('connu seulement par ses établissements');
  await expect(second.getByTestId('head-office-closed')).toHaveCount(0);
  await expect(textbox(page, 'Company Name (entité 2)')).toHaveValue('');

  await textbox(page, 'SIREN (entité 3)').fill(ESTABLISHMENTS_ONLY_CLOSED);
  const third = hints.nth(2).getByTestId('entity-name-hint');
  await expect(third).toContainText('connu seulement par ses établissements');
  await expect(third.getByTestId('head-office-closed')).toHaveText('Siège fermé');
  await expect(textbox(page, 'Company Name (entité 3)')).toHaveValue('');

  // An active company without a closed head office: no tag.
  await textbox(page, 'SIREN (entité 3)').fill(COMPANY.siren);
  await expect(textbox(page, 'Company Name (entité 3)')).toHaveValue(COMPANY.name);
  await expect(third).toHaveText('Nom repris du répertoire');
  await expect(third.getByTestId('head-office-closed')).toHaveCount(0);
});

test('a group’s SIRENs: « Siège fermé » beside the company, « connu seulement par ses établissements » without a name', async ({ page }) => {
  const api = new Api(page.request);
  const group = await api.post<{ id: number }>('/api/groups/store', { name: `Sièges ${unique()}`, status: 1 });
  await api.post('/api/groups/addsirens', { id: group.id, sirens: [CLOSED_HEAD_OFFICE.siren, ESTABLISHMENTS_ONLY, ESTABLISHMENTS_ONLY_CLOSED, COMPANY.siren] });
  await page.goto(`/groups/${group.id}/edit`);
  const list = page.getByTestId('group-sirens-list');

  const closed = rowWith(list, CLOSED_HEAD_OFFICE.siren);
  await expect(closed.getByTestId('company-name')).toHaveText(CLOSED_HEAD_OFFICE.name);
  await expect(closed.getByTestId('head-office-closed')).toHaveText('Siège fermé');

  const establishments = rowWith(list, ESTABLISHMENTS_ONLY);
  await expect(establishments.getByTestId('company-establishments-only')).toHaveText('connu seulement par ses établissements');
  await expect(establishments.getByTestId('head-office-closed')).toHaveCount(0);
  await expect(establishments.getByTestId('company-unknown')).toHaveCount(0);

  const establishmentsClosed = rowWith(list, ESTABLISHMENTS_ONLY_CLOSED);
  await expect(establishmentsClosed.getByTestId('company-establishments-only')).toBeVisible();
  await expect(establishmentsClosed.getByTestId('head-office-closed')).toHaveText('Siège fermé');

  const company = rowWith(list, COMPANY.siren);
  await expect(company.getByTestId('company-name')).toHaveText(COMPANY.name);
  await expect(company.getByTestId('head-office-closed')).toHaveCount(0);
});
