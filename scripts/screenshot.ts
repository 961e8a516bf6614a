/**
 * `npm run screenshot`: the README's picture of the back-office, taken from a running server.
 *
 * Signs in through the /login form of `SCREENSHOT_URL` (default http://127.0.0.1:8080) as `ADMIN_EMAIL` /
 * `ADMIN_PASSWORD`, opens `SCREENSHOT_PATH` (default /transactions; a page with a list) in a 1440×900 window, waits
 * for its list to show rows, and writes a PNG (palette-quantised by sharp, under 100 KB) to `SCREENSHOT_FILE` (default
 * docs/images/back-office.png). Chromium comes from `CHROMIUM_PATH` (default /usr/bin/chromium), launched with the
 * flags of playwright.config.ts. Start the server on the demo first (`npm run seed:demo`, then `npm start`).
 * Exits 1 when the sign-in or the page fails.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';

const root = fileURLToPath(new URL('..', import.meta.url));
const base = process.env.SCREENSHOT_URL ?? 'http://127.0.0.1:8080';
const target = process.env.SCREENSHOT_PATH ?? '/transactions';
const file = path.resolve(root, process.env.SCREENSHOT_FILE ?? 'docs/images/back-office.png');
const email = process.env.ADMIN_EMAIL ?? 'admin@example.com';
const password = process.env.ADMIN_PASSWORD;
if (!password) {
  console.error('ADMIN_PASSWORD is required: the password of the administrator to sign in as.');
  process.exit(1);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'fr-FR', timezoneId: 'Europe/Paris', reducedMotion: 'reduce' });
  await page.goto(new URL('/login', base).href);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe').fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByTestId('header-user-name').waitFor();
  await page.goto(new URL(target, base).href);
  await page.locator('.ant-table-row').first().waitFor();
  await page.evaluate('document.fonts.ready');
  const png = await page.screenshot();
  await sharp(png).png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 }).toFile(file);
  console.log(`${path.relative(root, file)} written`);
} finally {
  await browser.close();
}
