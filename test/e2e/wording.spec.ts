import { expect } from '@playwright/test';
import { settle, sweepTest } from './pages';
import { faults, interfaceTexts } from './wording';

/**
 * vigie's words on screen (./wording.ts): the page of an unknown address, and the deal form beside the spec's own
 * texts. Every signed-in page of test/e2e/pages.ts is read by the page sweep (responsive.spec.ts, laptop pass).
 */

sweepTest('an unknown address: the not-found page writes « n’existe pas »', async ({ sweepPage: page }) => {
  await page.goto('/page-qui-n-existe-pas');
  await expect(page.getByText('Désolé, la page que vous avez demandée n’existe pas.')).toBeVisible();
  const texts = await interfaceTexts(page);
  // The sweep reads the page's own texts, and would name a straight elision.
  expect(texts).toContain('Désolé, la page que vous avez demandée n’existe pas.');
  expect(faults([...texts, "Désolé, la page n'existe pas."])).toEqual(["straight apostrophe: Désolé, la page n'existe pas."]);
  expect(faults(texts)).toEqual([]);
});

sweepTest('the deal form and the spec’s own texts: typographic where vigie writes, the spec’s text kept', async ({ sweepPage: page }) => {
  await page.goto('/transactions/createdeal');
  await settle(page);
  await expect(page.getByRole('button', { name: 'Retirer l’entité 1' })).toBeVisible();
  await expect(page.getByLabel('Investissement français à l’étranger')).toBeVisible();
  await page.goto('/customers');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1, name: "Clients de l'api" })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Documentation de l’api' })).toBeVisible();
});
