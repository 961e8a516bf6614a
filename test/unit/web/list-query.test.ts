/**
 * The URL form of a list's state (web/src/components/list/listState.ts, "list state in
 * the URL"): `parseListQuery` reads `?page=2&per_page=50&sort=name&dir=asc&q=foo`, validating every value
 * (unknown sort column → default sort, page size outside 10/25/50/100/200 → 200, page a decimal integer
 * >= 1 → else 1); `serializeListQuery` writes it back, omitting defaults and keeping other lists' keys.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PER_PAGE,
  initialListState,
  PAGE_SIZES,
  parseListQuery,
  serializeListQuery,
  type ListState,
} from '../../../web/src/components/list/listState';

const columns = ['id', 'name', 'email', 'status'];
const opts = { sortColumns: columns };
const parse = (query: string, o: Parameters<typeof parseListQuery>[1] = opts) => parseListQuery(new URLSearchParams(query), o);
const serialize = (state: ListState, o: Parameters<typeof serializeListQuery>[1] = opts, into?: URLSearchParams) =>
  serializeListQuery(state, o, into).toString();

describe('parseListQuery', () => {
  it('reads every value', () => {
    expect(parse('page=2&per_page=50&sort=name&dir=asc&q=foo')).toEqual({
      page: 2,
      perPage: 50,
      orderBy: { column: 'name', direction: 'asc' },
      search: 'foo',
    });
  });

  it('gives the defaults for an empty query (page 1, 200 per page, id descending, no search)', () => {
    expect(parse('')).toEqual(initialListState());
    expect(parse('', { sortColumns: columns, defaultSort: { column: 'name', direction: 'asc' } })).toEqual(
      initialListState({ column: 'name', direction: 'asc' }),
    );
  });

  it('falls back to the default sort for an unknown or unsortable column', () => {
    for (const sort of ['nope', 'password', 'name;drop table', '', 'NAME']) {
      expect(parse(`sort=${encodeURIComponent(sort)}&dir=asc`).orderBy, sort).toEqual({ column: 'id', direction: 'desc' });
    }
    // Without a list of sortable columns, only the default column is accepted.
    expect(parse('sort=name&dir=asc', {}).orderBy).toEqual({ column: 'id', direction: 'desc' });
    expect(parse('dir=asc', {}).orderBy).toEqual({ column: 'id', direction: 'asc' });
  });

  it('takes the default direction for the default column, ascending for another one, when dir is missing or wrong', () => {
    expect(parse('sort=name').orderBy).toEqual({ column: 'name', direction: 'asc' });
    expect(parse('sort=name&dir=up').orderBy).toEqual({ column: 'name', direction: 'asc' });
    expect(parse('sort=name&dir=desc').orderBy).toEqual({ column: 'name', direction: 'desc' });
    expect(parse('dir=sideways').orderBy).toEqual({ column: 'id', direction: 'desc' });
    expect(parse('sort=id&dir=asc').orderBy).toEqual({ column: 'id', direction: 'asc' });
  });

  it('accepts only the page sizes 10, 25, 50, 100 and 200, else 200', () => {
    for (const size of PAGE_SIZES) expect(parse(`per_page=${size}`).perPage).toBe(size);
    for (const bad of ['0', '7', '1000', '-10', '50.0', '0x32', ' 50', '5e1', 'abc', '', '050']) {
      expect(parse(`per_page=${encodeURIComponent(bad)}`).perPage, bad).toBe(DEFAULT_PER_PAGE);
    }
  });

  it('accepts a page that is a decimal integer >= 1 (up to 1,000,000), else page 1', () => {
    expect(parse('page=1').page).toBe(1);
    expect(parse('page=37').page).toBe(37);
    expect(parse('page=1000000').page).toBe(1_000_000);
    for (const bad of ['0', '-1', '1.5', '2.0', '0x2', ' 2', '2 ', '1e3', 'deux', '', '02', '1000001', '99999999999999999999']) {
      expect(parse(`page=${encodeURIComponent(bad)}`).page, bad).toBe(1);
    }
  });

  it('trims the search, drops control characters and keeps at most 500 characters', () => {
    expect(parse(`q=${encodeURIComponent('  Société Générale  ')}`).search).toBe('Société Générale');
    expect(parse(`q=${encodeURIComponent('a\u0000b\u001fc\u007f\td')}`).search).toBe('abc d');
    expect(parse(`q=${'x'.repeat(600)}`).search).toBe('x'.repeat(500));
  });

  it('drops the C1 control characters too, which the server refuses in a search (422 on search)', () => {
    expect(parse(`q=${encodeURIComponent('Soci\u0085été\u009f\u0080')}`).search).toBe('Société');
  });

  it('reads the keys of its namespace only', () => {
    const query = 'page=3&q=autre&sirens.page=2&sirens.per_page=25&sirens.sort=siren&sirens.dir=desc&sirens.q=552';
    expect(parse(query, { namespace: 'sirens', sortColumns: ['id', 'siren'] })).toEqual({
      page: 2,
      perPage: 25,
      orderBy: { column: 'siren', direction: 'desc' },
      search: '552',
    });
    expect(parse(query)).toEqual({ ...initialListState(), page: 3, search: 'autre' });
  });
});

describe('serializeListQuery', () => {
  it('writes page, per_page, sort, dir and q in that order', () => {
    expect(serialize({ page: 2, perPage: 50, orderBy: { column: 'name', direction: 'asc' }, search: 'foo' })).toBe(
      'page=2&per_page=50&sort=name&dir=asc&q=foo',
    );
  });

  it('omits the defaults, so a fresh list has a clean URL', () => {
    expect(serialize(initialListState())).toBe('');
    expect(serialize({ ...initialListState(), page: 4 })).toBe('page=4');
    expect(serialize({ ...initialListState(), orderBy: { column: 'id', direction: 'asc' } })).toBe('sort=id&dir=asc');
    const nameAsc = { column: 'name', direction: 'asc' } as const;
    expect(serialize(initialListState(nameAsc), { sortColumns: columns, defaultSort: nameAsc })).toBe('');
  });

  it('keeps the other keys of the URL and replaces only its own', () => {
    const into = new URLSearchParams('tab=2&page=9&sirens.page=5&sirens.q=old');
    const state = { ...initialListState(), page: 2, search: '552 100 554' };
    expect(serialize(state, { namespace: 'sirens', sortColumns: columns }, into)).toBe('tab=2&page=9&sirens.page=2&sirens.q=552+100+554');
    expect(serialize(initialListState(), { namespace: 'sirens', sortColumns: columns }, into)).toBe('tab=2&page=9');
    // The input is not modified.
    expect(into.toString()).toBe('tab=2&page=9&sirens.page=5&sirens.q=old');
  });

  it('round-trips every valid state (property)', () => {
    const state = fc.record({
      page: fc.integer({ min: 1, max: 1_000_000 }),
      perPage: fc.constantFrom(...PAGE_SIZES),
      orderBy: fc.record({ column: fc.constantFrom(...columns), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
      // eslint-disable-next-line no-control-regex
      search: fc.string({ maxLength: 500 }).map((s) => s.replace(/[\u0000-\u001f\u007f]/g, '').trim()),
    });
    fc.assert(
      fc.property(state, fc.option(fc.constantFrom('sirens', 'b')), (s, namespace) => {
        const o = { sortColumns: columns, namespace: namespace ?? undefined };
        expect(parseListQuery(serializeListQuery(s, o), o)).toEqual(s);
      }),
      { seed: 6, numRuns: 300 },
    );
  });

  it('always parses to a valid state, whatever the query (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('page', 'per_page', 'sort', 'dir', 'q'), fc.string()), (dict) => {
        const s = parseListQuery(new URLSearchParams(dict), opts);
        expect(Number.isSafeInteger(s.page) && s.page >= 1).toBe(true);
        expect(PAGE_SIZES).toContain(s.perPage);
        expect(columns).toContain(s.orderBy.column);
        expect(['asc', 'desc']).toContain(s.orderBy.direction);
        expect(s.search).toBe(s.search.trim());
      }),
      { seed: 6, numRuns: 300 },
    );
  });
});
