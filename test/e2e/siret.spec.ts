import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { Api, SUCCESS, expectToast, rowWith, signInViaApi, unique } from './helpers';

/**
 * A SIRET pasted where a SIREN is asked: in a group's textarea and a queue's, the SIREN is added and the answer's
 * note names the line (`Ligne 3 : SIRET 55203253400703 → SIREN 552032534`); an invalid SIRET line gets its own
 * message. In the article's Siren and a deal entity's Siren, the value is replaced by the SIREN at once and the
 * note shows under the field; the entity's company name is filled in from the register. Real identifiers:
 * Danone (head office 55203253400703), La Poste (35600000049837, valid by its digit-sum rule), and an
 * establishment of the INSEE sample whose company the demo's register holds.
 */

const ADDED = 'Les sirens ont été mis à jour avec succès.';
const ADD_FAILED = 'Une erreur est survenue.';
const DANONE_NOTE = 'SIRET 55203253400703 → SIREN 552032534';
const LA_POSTE_NOTE = 'SIRET 35600000049837 → SIREN 356000000';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/**
 * A company the register knows and one of its real SIRETs: the establishments of the INSEE sample
 * (test/fixtures/sirene/StockEtablissement_sample.csv) whose SIREN the demo's register holds.
 */
async function registerCompanyAndSiret(page: Page): Promise<{ siren: string; name: string; siret: string }> {
  const sample = fs.readFileSync(new URL('../fixtures/sirene/StockEtablissement_sample.csv', import.meta.url), 'utf8');
  const sirets = sample.split(/\r?\n/).slice(1).map((line) => line.split(',')[2]).filter((s) => /^\d{14}$/.test(s));
  for (const siret of sirets.slice(0, 60)) {
    const res = await page.request.get(`/api/companies/${siret.slice(0, 9)}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    if (res.ok()) return { siren: siret.slice(0, 9), name: ((await res.json()) as { name: string }).name, siret };
  }
  throw new Error('no establishment of the INSEE sample belongs to a company of the register');
}

let api: Api;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
});

test('a group: SIRET lines pasted in the textarea are added as their SIREN, each noted on its line', async ({ page }) => {
  const group = await api.post<{ id: number }>('/api/groups/store', { name: `Groupe SIRET ${unique()}`, status: 1 });
  await page.goto(`/groups/${group.id}/edit`);
  const textarea = textbox(page, 'Ajouter des sirens (un par ligne)');
  const notes = page.getByTestId('siren-lines-notes');
  const list = page.getByTestId('group-sirens-list');

  await textarea.fill('542051180\n\n552 032 534 00703\n35600000049837');
  await page.getByRole('button', { name: 'Ajouter les sirens' }).click();
  await expectToast(page, ADDED);
  await expect(textarea).toHaveValue('');
  await expect(notes).toContainText('SIRET ramenés à leur SIREN');
  await expect(notes.getByRole('listitem')).toHaveText([`Ligne 3\u00a0: ${DANONE_NOTE}`, `Ligne 4\u00a0: ${LA_POSTE_NOTE}`]);
  await expect(page.getByTestId('group-sirens-total')).toHaveText('3 sirens');
  for (const siren of ['542051180', '552032534', '356000000']) await expect(rowWith(list, siren)).toHaveCount(1);

  // An invalid SIRET: its own message under the textarea, nothing added, the previous notes gone.
  await textarea.fill('55203253400704');
  await page.getByRole('button', { name: 'Ajouter les sirens' }).click();
  await expectToast(page, ADD_FAILED, 'error');
  await expect(textarea).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Ligne 1\u00a0: le SIRET 55203253400704 est invalide (clé de contrôle incorrecte).', { exact: true })).toBeVisible();
  await expect(notes.getByRole('listitem')).toHaveCount(0);
  await expect(page.getByTestId('group-sirens-total')).toHaveText('3 sirens');
});

test('a queue: a SIRET put in the accounts queue by hand is noted on its line', async ({ page }) => {
  await page.goto('/supervisions/reports');
  await page.getByTestId('queue-sirens-input').fill('35600000049837');
  await page.getByTestId('queue-sirens-submit').click();
  await expect(page.getByTestId('siren-lines-notes').getByRole('listitem')).toHaveText([`Ligne 1\u00a0: ${LA_POSTE_NOTE}`]);
  await expect(page.getByTestId('queue-sirens-input')).toHaveValue('');
});

test('an article: a SIRET pasted in Siren becomes its SIREN with the note under the field, and is published so', async ({ page }) => {
  const categories = await api.get<Array<{ id: number; name_fr: string; status: number }>>('/api/news/all');
  const category = categories.find((c) => c.status === 1) ?? (await api.post<{ id: number; name_fr: string }>('/api/news/store', { name_fr: 'Entreprises', name_en: 'Companies', status: 1 }));
  const title = `Article par SIRET ${unique()}`;
  await page.goto('/news/articles/create');
  const siren = textbox(page, 'Siren');
  await siren.fill('552 032 534 00703');
  await expect(siren).toHaveValue('552032534');
  await expect(page.getByTestId('siren-note')).toHaveText(DANONE_NOTE);
  await expect(siren).toHaveAccessibleDescription(DANONE_NOTE);
  // Typing over it: the note goes with the SIRET.
  await siren.fill('55203253');
  await expect(page.getByTestId('siren-note')).toHaveText('');
  await siren.fill('55203253400703');
  await expect(siren).toHaveValue('552032534');

  // Typed into the select's search: the dropdown draws only the options in view, and other tests add categories.
  await page.getByRole('combobox', { name: 'Catégorie' }).fill(category.name_fr);
  await page.locator('.ant-select-dropdown').getByTitle(category.name_fr, { exact: true }).click();
  await textbox(page, 'Titre').fill(title);
  await textbox(page, 'Lien').fill(`https://www.example.com/e2e-siret/${unique()}`);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);
  const published = await api.post<Array<{ siren: string; title: string }>>('/api/hows/listbysiren', { siren: '552032534' });
  expect(published.filter((a) => a.title === title)).toEqual([expect.objectContaining({ siren: '552032534', title })]);
});

test('a deal entity: a SIRET pasted in Siren becomes its SIREN, noted, and the company name comes from the register', async ({ page }) => {
  const company = await registerCompanyAndSiret(page);
  const siret = company.siret;
  await page.goto('/transactions/createdeal');
  const siren = textbox(page, 'SIREN (entité 1)');
  await siren.fill(`${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`);
  await expect(siren).toHaveValue(company.siren);
  await expect(page.getByTestId('deal-entity').first().getByTestId('siren-note')).toHaveText(`SIRET ${siret} → SIREN ${company.siren}`);
  await expect(textbox(page, 'Company Name (entité 1)')).toHaveValue(company.name);
  await expect(page.getByText('Nom repris du répertoire')).toHaveCount(1);
});
