/**
 * How a page is read (server/http/listing.ts `planPage`): a page past the last
 * is the last page; a page in the second half of an exactly counted result is read in reverse order with a
 * small OFFSET; the OFFSET actually used is capped at MAX_OFFSET (422 errors.page beyond).
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../server/lib/errors';
import { DEEP_PAGE_MESSAGE, MAX_OFFSET, planPage } from '../../server/http/listing';

describe('planPage', () => {
  it('reads the first half forward, the second half backward', () => {
    // 95 rows, 10 a page: pages 1..10, the last holds 5 rows.
    expect(planPage(95, 1, 10, true)).toEqual({ page: 1, offset: 0, reverse: false, sqlOffset: 0, limit: 10, lastPage: 10 });
    expect(planPage(95, 4, 10, true)).toEqual({ page: 4, offset: 30, reverse: false, sqlOffset: 30, limit: 10, lastPage: 10 });
    // Page 6: rows 51..60, 35 rows after it, 50 before: backward.
    expect(planPage(95, 6, 10, true)).toEqual({ page: 6, offset: 50, reverse: true, sqlOffset: 35, limit: 10, lastPage: 10 });
    // The last page costs what the first does.
    expect(planPage(95, 10, 10, true)).toEqual({ page: 10, offset: 90, reverse: true, sqlOffset: 0, limit: 5, lastPage: 10 });
  });

  it('a page past the last gives the last page', () => {
    expect(planPage(95, 11, 10, true)).toMatchObject({ page: 10, offset: 90, sqlOffset: 0, limit: 5 });
    expect(planPage(95, 1_000_000, 10, true)).toMatchObject({ page: 10, offset: 90 });
    expect(planPage(0, 7, 10, true)).toEqual({ page: 1, offset: 0, reverse: false, sqlOffset: 0, limit: 10, lastPage: 1 });
  });

  it('an estimated total is never read backward (the position of the last rows is unknown)', () => {
    expect(planPage(95, 10, 10, false)).toEqual({ page: 10, offset: 90, reverse: false, sqlOffset: 90, limit: 10, lastPage: 10 });
    expect(planPage(95, 12, 10, false)).toMatchObject({ page: 10, offset: 90, reverse: false });
  });

  it('caps the OFFSET actually used at 100,000 rows', () => {
    expect(MAX_OFFSET).toBe(100_000);
    const total = 1_000_000;
    expect(planPage(total, 10_001, 10, true)).toMatchObject({ reverse: false, sqlOffset: 100_000 });
    expect(planPage(total, 90_000, 10, true)).toMatchObject({ reverse: true, sqlOffset: 100_000 });
    expect(planPage(total, 100_000, 10, true)).toMatchObject({ reverse: true, sqlOffset: 0 });
    for (const [page, exact] of [[10_002, true], [50_000, true], [89_999, true], [10_002, false], [100_000, false]] as const) {
      const err = (() => {
        try {
          planPage(total, page, 10, exact);
        } catch (e) {
          return e;
        }
      })();
      expect(err, `${page} ${exact}`).toBeInstanceOf(AppError);
      expect(err, `${page} ${exact}`).toMatchObject({ statusCode: 422, errors: { page: [DEEP_PAGE_MESSAGE] } });
    }
    expect(DEEP_PAGE_MESSAGE).toBe('Cette page est trop loin dans la liste (au-delà de 100\u202f000 lignes)\u00a0: affinez la recherche ou inversez le tri.');
  });
});
