import { expect, test, type Page } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import { Api, E2E_ADMIN, expectFieldError, signInViaApi, unique } from './helpers';

/**
 * Every field error at once (SPEC section 5: the errors come as one map from field to messages): a form sent
 * with several faults shows all of them after one try, those the schema finds (a short password, a bad SIREN,
 * no title) and those found beyond it (an email already taken, a bad date, a link that is not http(s)).
 */

const EMAIL_TAKEN = 'Cet email est déjà utilisé par un autre administrateur.';
const SHORT_PASSWORD = 'Le champ Mot de passe doit contenir au moins 12 caractères.';

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

test('admin form: a short password and a taken email are both reported on the first try, on create and on edit', async ({ page, request }) => {
  let posts = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && /\/api\/admins\/(store|update)/.test(req.url())) posts++;
  });
  await page.goto('/admins/create');
  await page.getByLabel('Prénom & nom').fill(`Deux erreurs ${unique()}`);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe').fill('short');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectFieldError(page.getByLabel('Mot de passe'), SHORT_PASSWORD);
  await expectFieldError(page.getByLabel('Email'), EMAIL_TAKEN);
  expect(posts).toBe(1);
  await expect(page).toHaveURL(/\/admins\/create$/);

  const api = await Api.signedIn(request);
  const id = unique();
  const admin = await api.createAdmin({ name: `Édité ${id}`, email: `all-errors-${id}@example.com` });
  await page.goto(`/admins/${admin.id}/edit`);
  await expect(page.getByLabel('Email')).toHaveValue(admin.email);
  await page.getByLabel('Email').fill(E2E_ADMIN.email);
  await page.getByLabel('Mot de passe').fill('short');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectFieldError(page.getByLabel('Mot de passe'), SHORT_PASSWORD);
  await expectFieldError(page.getByLabel('Email'), EMAIL_TAKEN);
  expect(posts).toBe(2);
  expect((await api.admins()).find((a) => a.id === admin.id)?.email).toBe(admin.email);
});

test('add an article: a bad SIREN, no title, a bad date and a bad link are all reported on the first try', async ({ page }) => {
  let posts = 0;
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/api/news/addnews')) posts++;
  });
  await page.goto('/news/articles/create');
  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un article' })).toBeVisible();
  await field(page, 'Siren').fill(validSiren(31, 41_000_000).slice(0, 8));
  await field(page, 'Date').fill('31/02/2026');
  await field(page, 'Lien').fill('ftp://example.com/x');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByRole('combobox', { name: 'Catégorie' })).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Siren')).toHaveAttribute('aria-invalid', 'true');
  await expectFieldError(field(page, 'Titre'), 'Le champ Titre est obligatoire.');
  await expect(field(page, 'Date')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Date')).toHaveAccessibleDescription(/Date invalide/);
  await expect(field(page, 'Lien')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, 'Lien')).toHaveAccessibleDescription(/http:\/\/ ou https:\/\//);
  expect(posts).toBe(1);
});
