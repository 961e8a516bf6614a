/**
 * The list footer's range text (web/src/components/list/rangeText.ts, SPEC section 2 'Common list
 * behaviour'): '{from}-{to} sur {total} résultats', numbers grouped by thousands as a
 * French reader writes them (narrow no-break space U+202F, as the statistics cards show them).
 */
import { describe, expect, it } from 'vitest';
import { rangeText } from '../../../web/src/components/list/rangeText';

const page = (from: number, to: number, total: number, estimate = false) => ({
  from,
  to,
  total,
  per_page: 200,
  current_page: 1,
  last_page: Math.ceil(total / 200),
  ...(estimate ? { total_is_estimate: true } : {}),
});

describe('rangeText', () => {
  it('groups thousands with a narrow no-break space', () => {
    expect(rangeText(page(1, 200, 30_000))).toBe('1-200 sur 30\u202f000 résultats');
    expect(rangeText(page(29_801, 30_000, 30_000))).toBe('29\u202f801-30\u202f000 sur 30\u202f000 résultats');
    expect(rangeText(page(1, 200, 10_000_000))).toBe('1-200 sur 10\u202f000\u202f000 résultats');
  });

  it('leaves small numbers alone and says "environ" for an estimate', () => {
    expect(rangeText(page(1, 200, 999))).toBe('1-200 sur 999 résultats');
    expect(rangeText(page(1, 200, 12_345, true))).toBe('1-200 sur environ 12\u202f345 résultats');
  });

  it('groups like the statistics cards (toLocaleString fr-FR)', () => {
    expect(rangeText(page(1, 200, 30_000))).toContain((30_000).toLocaleString('fr-FR'));
  });
});
