import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { SUCCESS, chooseUserMenuItem, expectFieldError, expectToast, login, logout, newAdmin, unique } from './helpers';

const avatarImg = (page: Page, testId: 'header-avatar' | 'profile-avatar'): Locator => page.getByTestId(testId).locator('img');

/** Chooses `file` through the 'Changer l'avatar' button's file chooser. */
async function chooseAvatar(page: Page, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByTestId('avatar-upload').click();
  await (await chooser).setFiles(file);
}

test('edit the own profile: name in the header, avatar upload, bad file, removal', async ({ page, request }, testInfo) => {
  const admin = await newAdmin(request, 'Profil');
  await login(page, admin.email, admin.password);

  await chooseUserMenuItem(page, 'Mon profil');
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId('breadcrumb').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/home');

  // First name and name.
  const firstname = 'Amélie';
  const name = `Poulain ${unique()}`;
  await expect(page.getByLabel('Nom', { exact: true })).toHaveValue(admin.name);
  await page.getByLabel('Prénom').fill(firstname);
  await page.getByLabel('Nom', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expectToast(page, SUCCESS);
  await expect(page.getByTestId('header-user-name')).toHaveText(`${firstname} ${name}`);
  await expect(page.getByTestId('profile-name')).toHaveText(`${firstname} ${name}`);
  await page.reload();
  await expect(page.getByLabel('Prénom')).toHaveValue(firstname);
  await expect(page.getByTestId('header-user-name')).toHaveText(`${firstname} ${name}`);

  // Avatar: a 400x300 PNG becomes a 256x256 WebP shown in the header and on the profile card.
  await expect(avatarImg(page, 'header-avatar')).toHaveAttribute('src', '/default-avatar.svg');
  await expect(page.getByTestId('avatar-remove')).toBeDisabled();
  const png = testInfo.outputPath('avatar.png');
  fs.mkdirSync(path.dirname(png), { recursive: true });
  await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 29, g: 78, b: 216 } } })
    .png()
    .toFile(png);
  await chooseAvatar(page, png);
  await expectToast(page, SUCCESS);
  for (const img of [avatarImg(page, 'header-avatar'), avatarImg(page, 'profile-avatar')]) {
    await expect(img).toHaveAttribute('src', /^\/avatars\/[^/]+\.webp$/);
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(256);
  }
  const uploaded = await avatarImg(page, 'header-avatar').getAttribute('src');
  await expect(page.getByTestId('avatar-remove')).toBeEnabled();

  // A text file named .png is refused with the first message of errors.file; the avatar stays.
  const fake = testInfo.outputPath('not-an-image.png');
  fs.writeFileSync(fake, 'this is plain text, not a PNG\n');
  await chooseAvatar(page, fake);
  await expectToast(page, 'Le fichier doit être une image JPEG, PNG, WebP ou GIF.', 'error');
  await expect(avatarImg(page, 'header-avatar')).toHaveAttribute('src', uploaded!);

  // Removal brings the default avatar back.
  await page.getByTestId('avatar-remove').click();
  await expectToast(page, SUCCESS);
  await expect(avatarImg(page, 'header-avatar')).toHaveAttribute('src', '/default-avatar.svg');
  await expect(avatarImg(page, 'profile-avatar')).toHaveAttribute('src', '/default-avatar.svg');
  await expect(page.getByTestId('avatar-remove')).toBeDisabled();
});

test('change the own password, then sign in with the new one', async ({ page, request }) => {
  const admin = await newAdmin(request, 'Mot De Passe');
  const newPassword = `nouveau-${unique()}`;
  await login(page, admin.email, admin.password);

  await chooseUserMenuItem(page, 'Changer le mot de passe');
  await expect(page).toHaveURL(/\/profile\/password$/);

  const current = page.getByLabel('Mot de passe actuel');
  const password = page.getByLabel('Nouveau mot de passe');
  const confirmation = page.getByLabel('Confirmation du mot de passe');
  const save = page.getByRole('button', { name: 'Enregistrer' });

  // A wrong current password is refused under its field.
  await current.fill('not-my-password');
  await password.fill(newPassword);
  await confirmation.fill(newPassword);
  await save.click();
  await expectFieldError(current, 'Le mot de passe actuel est incorrect.');

  await current.fill(admin.password);
  await save.click();
  await expectToast(page, SUCCESS);
  await expect(current).toHaveValue('');
  await expect(password).toHaveValue('');

  await logout(page);
  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Mot de passe').fill(admin.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expectFieldError(page.getByLabel('Email'), 'Ces identifiants ne correspondent pas à nos enregistrements.');
  await page.goto('/login');
  await login(page, admin.email, newPassword);
  await expect(page).toHaveURL(/\/home$/);
});
