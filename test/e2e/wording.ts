/**
 * vigie's words on screen (web/src/lib/glossary.ts), as the end-to-end tests read them: the texts of the interface
 * itself — title, headings, labels, buttons, column headers, placeholders, hints, accessible names outside the rows
 * of the lists — write the typographic apostrophe (« l’import ») and no forbidden variant of a glossary word. The
 * spec's own texts keep its straight apostrophe (SPEC sections 2, 4, 8); the rows of the lists are data (company
 * names, BODACC categories), not vigie's words, and are left out. Used by the page sweep (responsive.spec.ts, laptop
 * pass: every signed-in page) and by wording.spec.ts.
 */
import { expect, type Page } from '@playwright/test';
import { GLOSSARY, STRAIGHT_ELISION } from '../../web/src/lib/glossary';

/** Fragments of the spec's texts that keep the spec's straight apostrophe. */
const SPEC_FRAGMENTS = ["Clients de l'api", "l'accès de ce client à l'api", "Annuler l'import", "File d'attente"];

const FRENCH = /[àâçéèêëîïôùûüÿœæÀÂÇÉÈÊÎÔÙÛ]|\b(le|la|les|des|du|une|est|et|pas|pour|avec|vous|votre|cette|aux|dans|sur|ne|sont|ou|un|ce|de)\b/i;

/** The interface's own texts on the page (see the file's header), one per element. */
export async function interfaceTexts(page: Page): Promise<string[]> {
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
export function faults(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (STRAIGHT_ELISION.test(text) && !SPEC_FRAGMENTS.some((f) => text.includes(f))) found.add(`straight apostrophe: ${text}`);
    if (FRENCH.test(text)) {
      for (const entry of GLOSSARY) if (entry.forbidden.some((re) => re.test(text))) found.add(`say « ${entry.word} »: ${text}`);
    }
  }
  return [...found];
}

/** Asserts that the interface texts of `page` as it is break none of vigie's words (see the module's doc). */
export async function expectVigieWords(page: Page): Promise<void> {
  expect(faults(await interfaceTexts(page)), 'the interface writes vigie’s words and the typographic apostrophe').toEqual([]);
}
