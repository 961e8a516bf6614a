/**
 * The accessibility check of the end-to-end tests: axe-core in Chromium on the page as it is, failing on any violation
 * of impact serious or critical, for the WCAG 2.0 / 2.1 A and AA rules and axe's best practices, and on any landmark
 * violation. Used by the page sweep (responsive.spec.ts, laptop pass) and by a11y.spec.ts.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** axe tags checked: WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/**
 * Impacts that fail the test. The landmark rules (best practices of impact moderate, e.g. a `main` nested
 * in another) fail it too: the shell draws the landmarks of every page.
 */
const BLOCKING = new Set(['serious', 'critical']);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/** A failing node: its CSS target, with the colours and ratio measured when axe gives them. */
function describeNode(node: AxeResults['violations'][number]['nodes'][number]): string {
  const data = node.any.find((check) => check.data && typeof check.data === 'object' && 'contrastRatio' in check.data)?.data as
    | { fgColor: string; bgColor: string; contrastRatio: number }
    | undefined;
  const target = node.target.join(' ');
  return data ? `${target} [${data.fgColor} on ${data.bgColor}: ${data.contrastRatio}:1]` : target;
}

/** One line per blocking violation (serious, critical, or a landmark rule): `rule (impact): node; node…`. */
function describeViolations(results: AxeResults): string[] {
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? '') || v.id.startsWith('landmark-'))
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map(describeNode).join('; ')}`);
}

/**
 * Runs axe on the page as it is and expects no blocking violation. Every rule runs on every node; axe describes
 * only the violations' nodes (`resultTypes`), the passes being read by no one here (a quarter of its CPU on a list
 * page of 200 rows).
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ['violations'] }).analyze();
  expect.soft(describeViolations(results), `axe violations on ${label}`).toEqual([]);
}
