import { expect, test } from '@playwright/test';
import { expectAccessible } from './axe';
import { signInViaApi } from './helpers';
import { settle } from './pages';

/**
 * Accessibility beyond the page sweep: a form showing its field errors passes axe (./axe.ts), and antd animates
 * nothing while the system asks for reduced motion. Every page of the app passes axe, with one `main` landmark, in
 * the sweep of responsive.spec.ts (its laptop pass: the page loaded once for both checks).
 */

test('a form showing its field errors: no serious or critical axe violation', async ({ page }) => {
  await signInViaApi(page);
  await page.goto('/admins/create');
  await settle(page);
  await page.getByTestId('form-submit').click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await expect(page.locator('[class*="-show-help-item-appear"]')).toHaveCount(0);
  await expectAccessible(page, '/admins/create with field errors');
});

test('reduced motion: antd animates nothing while the system asks for reduced motion, and animates again once it does not', async ({ page }) => {
  const duration = () => page.getByRole('button', { name: 'Se connecter' }).evaluate((el) => getComputedStyle(el).transitionDuration);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/login');
  await expect.poll(duration).toMatch(/^0s(, 0s)*$/);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await expect.poll(duration).not.toMatch(/^0s(, 0s)*$/);
});
