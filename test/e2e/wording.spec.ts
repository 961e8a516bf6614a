import { expect, type Page } from '@playwright/test';
import { GLOSSARY, STRAIGHT_ELISION } from '../../web/src/lib/glossary';
import { Api } from './helpers';
import { PAGES, recordIds, settle, sweepTest } from './pages';

/**
 * vigie's words on screen (web/src/lib/glossary.ts): on every signed-in page, and on the page of an unknown
 * address, the texts of the interface itself — title, headings, labels, buttons, column headers, placeholders,
 * hints, accessible names outside the rows of the lists — write the typographic apostrophe (« l’import ») and no
 * forbidden variant of a glossary word. The spec's own texts keep its straight apostrophe (SPEC sections 2, 4, 8);
 * the rows of the lists are data (company names, BODACC categories), not vigie's words, and are left out.
 */

/** Fragments of the spec's texts that keep the spec's straight apostrophe. */
const SPEC_FRAGMENTS = ["Clients de l'api", "l'accès de ce client à l'api", "Annuler l'import", "File d'attente"];

const FRENCH = /[àâçéèêëîïôùûüÿœæÀÂÇÉÈÊÎÔÙÛ]|\b(le|la|les|des|du|une|est|et|pas|pour|avec|vous|votre|cette|aux|dans|sur|ne|sont|ou|un|ce|de)\b/i;

/** The interface's own texts on the page (see the file's header), one per element. */
async function interfaceTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [document.title];
    const inRows = (el: Element) => el.closest('tbody, .ant-table-tbody, .ant-list-items, .ant-descriptions-item-content, .ant-select-dropdown') !== null;
    const selectors = 'h1, h2, h3, h4, label, button, th, [role="columnheader"], .ant-form-item-extra, .ant-form-item-explain, .ant-empty-description, .ant-result-title, .ant-result-subtitle, .ant-menu-title-content, .ant-breadcrumb, .ant-alert-message, .ant-alert-description, .ant-typography';
    for (const el of Array.from(document.querySelectorAll(selectors))) {
      if (!inRows(el)) out.push((el as HTMLElement).innerText ?? '');
    }
    for (const el of Array.from(document.querySelectorAll('[placeholder], [aria-label], [title]'))) {
      if (inRows(el)) continue;
      for (const name of ['placeholder', 'aria-label', 'title']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
  });
}

/** The faults of `texts`: straight elisions outside the spec's texts, forbidden variants in French. */
function faults(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (STRAIGHT_ELISION.test(text) && !SPEC_FRAGMENTS.some((f) => text.includes(f))) found.add(`straight apostrophe: ${text}`);
    if (FRENCH.test(text)) {
      for (const entry of GLOSSARY) if (entry.forbidden.some((re) => re.test(text))) found.add(`say « ${entry.word} »: ${text}`);
    }
  }
  return [...found];
}

const signedIn = PAGES.filter((p) => p.signedIn);

for (const p of signedIn) {
  sweepTest(`${p.name}: the interface writes vigie’s words and the typographic apostrophe`, async ({ sweepPage: page }) => {
    const path = p.path(await recordIds(new Api(page.request), 'Mots'));
    await page.goto(path);
    await settle(page);
    expect(faults(await interfaceTexts(page))).toEqual([]);
  });
}

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
