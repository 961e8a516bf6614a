import { expect, test } from '@playwright/test';
import { SUCCESS, expectFieldError, expectToast, login, loginAsSuperAdmin, logout, newAdmin } from './helpers';

test('a guarded page sends to /login, then back to that page after signing in', async ({ page }) => {
  await page.goto('/admins');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fadmins$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();

  await loginAsSuperAdmin(page);
  await expect(page).toHaveURL(/\/admins$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Administrateurs' })).toBeVisible();
  await expect(page.getByTestId('header-user-name')).toHaveText('Super admin');
});

test('a wrong password shows the French error under Email and stays on /login', async ({ page, request }) => {
  const admin = await newAdmin(request);
  await page.goto('/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Mot de passe').fill('not-the-right-password');
  await page.getByRole('button', { name: 'Se connecter' }).click();

  await expectFieldError(page.getByLabel('Email'), 'Ces identifiants ne correspondent pas à nos enregistrements.');
  await expect(page).toHaveURL(/\/login$/);

  // The right password then works (on a fresh form).
  await page.goto('/login');
  await login(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/home$/);
});

test('signing out from the header menu returns to /login and guarded pages need a new sign-in', async ({ page, request }) => {
  const admin = await newAdmin(request);
  await login(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/home$/);

  await logout(page);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();

  // The session is gone on the server too.
  const probe = await page.request.get('/api/profile/getAuthUser', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(probe.status()).toBe(401);

  await page.goto('/home');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fhome$/);
  await login(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/home$/);
});

test('the site root opens /login when signed out and /home when signed in', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await loginAsSuperAdmin(page);
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByTestId('header-user-name')).toHaveText('Super admin');
});

test('the CSRF token rotates at sign-in and sign-out, and the app keeps working across both', async ({ page, request }) => {
  const admin = await newAdmin(request);
  const xsrf = async () => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  await page.goto('/login');
  const beforeSignIn = await xsrf();
  expect(beforeSignIn).toBeTruthy();
  await login(page, admin.email, admin.password);
  const signedIn = await xsrf();
  expect(signedIn).toBeTruthy();
  expect(signedIn).not.toBe(beforeSignIn);

  // A write from the UI with the rotated token: the profile form.
  await page.goto('/profile');
  await page.getByLabel('Prénom').fill('Renommé');
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);
  await expect(page.getByTestId('header-user-name')).toHaveText(`Renommé ${admin.name}`);

  await logout(page);
  const signedOut = await xsrf();
  expect(signedOut).toBeTruthy();
  expect(signedOut).not.toBe(signedIn);
  // Signing in again from the page left by the sign-out works without a reload.
  await login(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/home$/);
});
