import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  Api,
  E2E_ADMIN,
  PASSWORD,
  SUCCESS,
  confirm,
  expectFieldError,
  expectToast,
  rowWith,
  signInViaApi,
  unique,
} from './helpers';

const BAN = 'Voulez-vous vraiment bannir cet administrateur\u202f?';
const REACTIVATE = 'Voulez-vous vraiment réactiver cet administrateur\u202f?';
const DELETE = 'Voulez-vous vraiment effacer cet administrateur\u202f?';

const adminsList = (page: Page) => page.getByTestId('admins-list');

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
});

test('create an administrator: server errors under their fields, then redirect to the list', async ({ page }) => {
  const id = unique();
  const name = `Créé Par Formulaire ${id}`;
  const email = `create-${id}@example.com`;

  await page.goto('/admins');
  await expect(page.getByTestId('breadcrumb').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/home');
  await page.getByRole('link', { name: 'Ajouter' }).click();
  await expect(page).toHaveURL(/\/admins\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ajouter un administrateur' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Actif' })).toBeChecked();

  const nameField = page.getByLabel('Prénom & nom');
  const emailField = page.getByLabel('Email');
  const passwordField = page.getByLabel('Mot de passe');
  const save = page.getByRole('button', { name: 'Enregistrer' });

  // Too short a password (12 characters at least): 422 under 'Mot de passe'.
  await nameField.fill(name);
  await emailField.fill(email);
  await passwordField.fill('short');
  await save.click();
  await expectFieldError(passwordField, 'Le champ Mot de passe doit contenir au moins 12 caractères.');
  await expect(page).toHaveURL(/\/admins\/create$/);

  // An email already taken (the super admin's): 422 under 'Email'.
  await passwordField.fill(PASSWORD);
  await expect(passwordField).not.toHaveAttribute('aria-invalid', 'true');
  await emailField.fill(E2E_ADMIN.email);
  await save.click();
  await expectFieldError(emailField, 'Cet email est déjà utilisé par un autre administrateur.');
  await expect(page).toHaveURL(/\/admins\/create$/);

  await emailField.fill(email);
  await save.click();
  await expect(page).toHaveURL(/\/admins$/);
  await expectToast(page, SUCCESS);
  const row = rowWith(adminsList(page), email);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(name);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');
  await expect(row.getByTestId('status-tag')).toHaveAttribute('data-status', '1');
});

test('edit an administrator: saved and reloaded in place', async ({ page, request }) => {
  const api = await Api.signedIn(request);
  const id = unique();
  const admin = await api.createAdmin({ name: `Avant ${id}`, email: `edit-${id}@example.com` });
  const newName = `Après ${id}`;

  await page.goto('/admins');
  await rowWith(adminsList(page), admin.email).getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(new RegExp(`/admins/${admin.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: `Modifier ${admin.name}` })).toBeVisible();
  const nameField = page.getByLabel('Prénom & nom');
  await expect(nameField).toHaveValue(admin.name);
  await expect(page.getByLabel('Email')).toHaveValue(admin.email);
  await expect(page.getByLabel('Mot de passe')).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Retour' })).toHaveAttribute('href', '/admins');

  await nameField.fill(newName);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);
  await expect(page).toHaveURL(new RegExp(`/admins/${admin.id}/edit$`));
  await expect(page.getByRole('heading', { level: 1, name: `Modifier ${newName}` })).toBeVisible();
  await expect(nameField).toHaveValue(newName);

  const saved = (await api.admins()).find((a) => a.id === admin.id);
  expect(saved?.name).toBe(newName);

  // The old password still works (an empty password field keeps it).
  await Api.signedIn(request, admin.email, PASSWORD);
});

test('toggle an administrator from the list: ban, then reactivate', async ({ page, request }) => {
  const api = await Api.signedIn(request);
  const id = unique();
  const admin = await api.createAdmin({ name: `Bascule ${id}`, email: `toggle-${id}@example.com` });

  await page.goto('/admins');
  const row = rowWith(adminsList(page), admin.email);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');

  // Cancelling changes nothing.
  await row.getByRole('button', { name: 'Désactiver' }).click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Annuler' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');

  await row.getByRole('button', { name: 'Désactiver' }).click();
  await confirm(page, BAN, 'Désactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Désactivé');
  await expect(row.getByTestId('status-tag')).toHaveAttribute('data-status', '0');
  expect((await api.admins()).find((a) => a.id === admin.id)?.status).toBe(0);

  await row.getByRole('button', { name: 'Activer', exact: true }).click();
  await confirm(page, REACTIVATE, 'Réactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');
  await expect(row.getByRole('button', { name: 'Désactiver' })).toBeVisible();
  expect((await api.admins()).find((a) => a.id === admin.id)?.status).toBe(1);
});

test('delete an administrator from its edit page', async ({ page, request }) => {
  const api = await Api.signedIn(request);
  const id = unique();
  const admin = await api.createAdmin({ name: `Effacé ${id}`, email: `delete-${id}@example.com` });

  await page.goto(`/admins/${admin.id}/edit`);
  await expect(page.getByLabel('Email')).toHaveValue(admin.email);
  await page.getByRole('button', { name: 'Effacer' }).click();
  await confirm(page, DELETE, 'Effacer');
  await expect(page).toHaveURL(/\/admins$/);
  await expectToast(page, SUCCESS);
  await expect(adminsList(page).locator('tbody tr[data-row-key]').first()).toBeVisible();
  await expect(rowWith(adminsList(page), admin.email)).toHaveCount(0);
  expect((await api.admins()).some((a) => a.id === admin.id)).toBe(false);
});

/** Asserts that `button` is disabled and says why: its accessible description and the tooltip of its wrapper. */
async function expectRefused(page: Page, button: Locator, reason: string): Promise<void> {
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription(reason);
  const wrapper = button.locator('xpath=..');
  await expect(wrapper).toHaveAttribute('data-testid', 'disabled-reason');
  await wrapper.hover();
  // The tooltip of this button (another one may still be fading out from the previous hover).
  await expect(page.getByRole('tooltip', { name: reason, exact: true })).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
}

test('the super admin can be neither disabled nor deleted: the buttons are disabled and say why', async ({ page }) => {
  await page.goto('/admins');
  const row = adminsList(page).locator('tbody tr[data-row-key="1"]');
  await expect(row).toContainText(E2E_ADMIN.email);
  // Signed in as the super admin: the row is marked as the user's own.
  await expect(row).toContainText('(vous)');
  await expect(adminsList(page).getByText('(vous)')).toHaveCount(1);
  await expectRefused(page, row.getByRole('button', { name: 'Désactiver' }), 'Le Super admin ne peut être désactivé');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row.getByTestId('status-tag')).toHaveText('Actif');

  await page.goto('/admins/1/edit');
  await expect(page.getByLabel('Email')).toHaveValue(E2E_ADMIN.email);
  await expectRefused(page, page.getByRole('button', { name: 'Effacer' }), 'Le Super admin ne peut être effacé');
  await expect(page.getByRole('checkbox', { name: 'Actif' })).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Actif' })).toBeChecked();
  await expect(page.getByText('Le Super admin ne peut être désactivé', { exact: true })).toBeVisible();
  // Its email and password change only through its profile: the fields say so.
  await expect(page.getByLabel('Email')).toBeDisabled();
  await expect(page.getByText('Seul le Super admin peut changer son email, depuis son profil.', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Mot de passe')).toBeDisabled();
  await expect(page.getByText('Seul le Super admin peut changer son mot de passe, depuis son profil.', { exact: true })).toBeVisible();
  // Saving still works (the status, email and password are sent unchanged).
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);
});

test('an administrator cannot disable or delete their own account; the others stay possible', async ({ page, request }) => {
  const api = await Api.signedIn(request);
  const id = unique();
  const me = await api.createAdmin({ name: `Moi ${id}`, email: `me-${id}@example.com` });
  const other = await api.createAdmin({ name: `Autre ${id}`, email: `other-${id}@example.com` });
  await page.context().clearCookies();
  await signInViaApi(page, me.email, PASSWORD);

  await page.goto('/admins');
  const mine = rowWith(adminsList(page), me.email);
  await expect(mine).toContainText('(vous)');
  await expect(adminsList(page).getByText('(vous)')).toHaveCount(1);
  await expectRefused(page, mine.getByRole('button', { name: 'Désactiver' }), 'Vous ne pouvez pas désactiver votre propre compte.');
  const superRow = adminsList(page).locator('tbody tr[data-row-key="1"]');
  await expect(superRow).not.toContainText('(vous)');
  await expectRefused(page, superRow.getByRole('button', { name: 'Désactiver' }), 'Le Super admin ne peut être désactivé');
  await expect(rowWith(adminsList(page), other.email).getByRole('button', { name: 'Désactiver' })).toBeEnabled();

  await page.goto(`/admins/${me.id}/edit`);
  await expect(page.getByLabel('Email')).toHaveValue(me.email);
  await expectRefused(page, page.getByRole('button', { name: 'Effacer' }), 'Vous ne pouvez pas effacer votre propre compte.');
  await expect(page.getByRole('checkbox', { name: 'Actif' })).toBeDisabled();

  await page.goto(`/admins/${other.id}/edit`);
  await expect(page.getByLabel('Email')).toHaveValue(other.email);
  await expect(page.getByRole('button', { name: 'Effacer' })).toBeEnabled();
  await expect(page.getByRole('checkbox', { name: 'Actif' })).toBeEnabled();
});

test('editing an administrator that does not exist goes to /home with a toast', async ({ page }) => {
  await page.goto('/admins/999999/edit');
  await expect(page).toHaveURL(/\/home$/);
  await expectToast(page, 'User does not exist!', 'error');
});
