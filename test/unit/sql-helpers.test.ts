import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { escapeLike } from '../../server/lib/like';
import { parisDay } from '../../server/lib/paris-day';
import { sirenPrefixSql } from '../../server/lib/siren-sql';

const dialect = new PgDialect();
const render = (prefix: string) => {
  const { sql: text, params } = dialect.sqlToQuery(sirenPrefixSql(sql`siren`, prefix));
  return { sql: text, params };
};

describe('sirenPrefixSql', () => {
  it('is a range from the prefix to the next prefix', () => {
    expect(render('12')).toEqual({ sql: '(siren >= $1 and siren < $2)', params: ['12', '13'] });
    expect(render('1299')).toEqual({ sql: '(siren >= $1 and siren < $2)', params: ['1299', '13'] });
    expect(render('09')).toEqual({ sql: '(siren >= $1 and siren < $2)', params: ['09', '1'] });
  });
  it('has no upper bound after 9…9, and is an equality on 9 digits', () => {
    expect(render('999')).toEqual({ sql: 'siren >= $1', params: ['999'] });
    expect(render('552032534')).toEqual({ sql: 'siren = $1', params: ['552032534'] });
  });
  it('matches exactly the 9-digit SIRENs that start with the prefix', () => {
    const sirens = ['119999999', '120000000', '129999999', '130000000', '999999999', '998000000'];
    for (const prefix of ['12', '129', '1299', '99', '999']) {
      const { params } = render(prefix);
      const [low, high] = params as string[];
      const inRange = sirens.filter((s) => s >= low && (high === undefined || s < high));
      expect(inRange).toEqual(sirens.filter((s) => s.startsWith(prefix)));
    }
  });
});

describe('parisDay', () => {
  it('is the calendar day in Europe/Paris, summer and winter time', () => {
    expect(parisDay(new Date('2024-03-30T23:30:00Z'))).toBe('2024-03-31'); // UTC+1
    expect(parisDay(new Date('2024-07-14T21:59:00Z'))).toBe('2024-07-14'); // UTC+2
    expect(parisDay(new Date('2024-07-14T22:00:00Z'))).toBe('2024-07-15');
  });
});

describe('escapeLike', () => {
  it('escapes %, _ and the backslash', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});
