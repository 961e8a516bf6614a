/**
 * Second factor and sessions in Chromium: enrolment on /profile (« Double authentification »: QR code, secret
 * read as text, first code, recovery codes shown once), then a sign-in asking for the « Code de vérification »;
 * « Mes sessions » lists a second browser's session and « Révoquer » ends it; a customer's secrets opened from a
 * session that has not given a code ask for one in a modal, then show and save. Codes come from `otpauth`.
 */
import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { Api, SUCCESS, expectFieldError, expectToast, login, logout, newAdmin, unique } from './helpers';

/** The TOTP code of `secret` at `timestamp` (ms). */
const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp });

test('enrol a second factor on /profile, sign out, sign in with a code', async ({ page, request }) => {
  const admin = await newAdmin(request, 'MFA');
  await login(page, admin.email, admin.password);
  await page.goto('/profile');

  const card = page.getByTestId('mfa-card');
  await expect(card.getByText('Désactivée', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Configurer la double authentification' }).click();
  await expect(card.getByTestId('mfa-qr')).toHaveAttribute('src', /^data:image\/png;base64,/);
  const secret = (await card.getByTestId('mfa-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  const field = card.getByLabel('Code de vérification');
  await field.fill('000000' === codeAt(secret) ? '111111' : '000000');
  await card.getByRole('button', { name: 'Activer' }).click();
  await expectFieldError(field, 'Le code de vérification est invalide.');
  await field.fill(codeAt(secret));
  await card.getByRole('button', { name: 'Activer' }).click();
  await expectToast(page, 'Double authentification activée.');
  const codes = card.getByTestId('mfa-recovery-codes').locator('.ant-list-item');
  await expect(codes).toHaveCount(10);
  await card.getByRole('button', { name: 'J’ai conservé mes codes' }).click();
  await expect(card.getByText('Activée', { exact: true })).toBeVisible();
  await expect(card.getByTestId('mfa-recovery-left')).toHaveText('10');

  await logout(page);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Mot de passe').fill(admin.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const codeField = page.getByLabel('Code de vérification');
  await expect(codeField).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await codeField.fill('12345');
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expectFieldError(codeField, 'Le code de vérification est invalide.');
  // The enrolment's code was of this 30 s step or the one before: the next step's code is new and still accepted.
  await codeField.fill(codeAt(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Vérifier' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('header-user-name')).toBeVisible();
});

test('Mes sessions lists another browser’s session and « Révoquer » ends it', async ({ page, request, browser }) => {
  const admin = await newAdmin(request, 'Sessions');
  await login(page, admin.email, admin.password);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await login(otherPage, admin.email, admin.password);

  await page.goto('/profile');
  const card = page.getByTestId('sessions-card');
  await expect(card.getByTestId('session-current')).toHaveCount(1);
  await expect(card.getByTestId('session-current')).toContainText('Session actuelle');
  await expect(card.getByTestId('session-current')).toContainText('127.0.0.1');
  await expect(card.getByTestId('session-other')).toHaveCount(1);
  await expect(card.getByTestId('session-other')).toContainText(/Chrom/);

  await card.getByTestId('session-other').getByRole('button', { name: 'Révoquer' }).click();
  await page.getByTestId('confirm-ok').click();
  await expectToast(page, SUCCESS);
  await expect(card.getByTestId('session-other')).toHaveCount(0);
  await expect(card.getByTestId('sessions-revoke-others')).toBeDisabled();

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login/);
  await other.close();
});

test('opening a customer’s secrets asks for a code in a modal, then shows them and saves a new one', async ({ page, request, playwright }) => {
  const admin = await newAdmin(request, 'StepUp');
  const customer = await (await Api.signedIn(request)).createCustomer({ name: `Client step-up ${unique()}` });
  // The browser signs in before the second factor exists: its session has never given a code.
  await login(page, admin.email, admin.password);
  const elsewhere = await playwright.request.newContext({ baseURL: new URL(page.url()).origin });
  const api = await Api.signedIn(elsewhere, admin.email, admin.password);
  const { secret } = await api.post<{ secret: string }>('/api/profile/mfa/setup');
  await api.post('/api/profile/mfa/enable', { code: codeAt(secret) });
  await elsewhere.dispose();

  // The edit page reads the customer, secrets included: the read waits for a code.
  await page.goto(`/customers/${customer.id}/edit`);
  const modal = page.getByRole('dialog', { name: 'Code de vérification' });
  await expect(modal).toBeVisible();
  const field = modal.getByLabel('Code de vérification');
  await field.fill('000001');
  await modal.getByRole('button', { name: 'Vérifier' }).click();
  await expectFieldError(field, 'Le code de vérification est invalide.');
  await field.fill(codeAt(secret, Date.now() + 30_000));
  await modal.getByRole('button', { name: 'Vérifier' }).click();
  await expect(modal).toBeHidden();

  const secretField = page.getByLabel('Client_secret (Prod)');
  await expect(secretField).toHaveValue(customer.client_secret);
  // The code is fresh for 10 minutes: the change is saved without asking again.
  const changed = `changed-secret-${unique()}`;
  await secretField.fill(changed);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);
  await expect(modal).toBeHidden();
  const stored = (await (await Api.signedIn(request)).get<Array<{ id: number; client_secret: string }>>('/api/customers/all')).find((c) => c.id === customer.id);
  expect(stored?.client_secret).toBe(changed);
});
