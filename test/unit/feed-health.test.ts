/**
 * The feed health levels (server/modules/feeds/health.ts) at their exact bounds, and the
 * names the arrivals judge a file by before reading it (server/modules/feeds/start.ts).
 */
import { describe, expect, it } from 'vitest';
import { HEALTH_RULES, healthLevel } from '../../server/modules/feeds/health';
import { extensionError, recordFeedOf } from '../../server/modules/feeds/start';

const rule = (feed: 'bodacc' | 'sirene') => HEALTH_RULES.find((r) => r.feed === feed)!;

describe('healthLevel', () => {
  it('BODACC (daily): green up to 36 h, orange up to 72 h, red beyond', () => {
    const r = rule('bodacc');
    expect([0, 36, 36.1, 72, 72.1, 1000].map((h) => healthLevel(r, h))).toEqual(['green', 'green', 'orange', 'orange', 'red', 'red']);
    expect(r.expectedHours).toBe(24);
  });

  it('INSEE (monthly): green up to 35 days, orange up to 62 days, red beyond', () => {
    const r = rule('sirene');
    const days = (d: number) => d * 24;
    expect([0, days(35), days(35) + 0.1, days(62), days(62) + 0.1].map((h) => healthLevel(r, h))).toEqual(['green', 'green', 'orange', 'orange', 'red']);
    expect(r.files).toEqual(['sirene-companies', 'sirene-establishments']);
  });
});

describe('file names', () => {
  it('accepts .csv/.zip for Sirene and .xml/.json for BODACC, any case', () => {
    expect(extensionError('sirene', 'StockUniteLegale_utf8.ZIP')).toBeNull();
    expect(extensionError('sirene', 'a.csv')).toBeNull();
    expect(extensionError('bodacc', 'RCS-A_BXA20210005.xml')).toBeNull();
    expect(extensionError('bodacc', 'export.JSON')).toBeNull();
    expect(extensionError('sirene', 'a.csv.gz')).toBe('Seuls les fichiers .csv et .zip sont acceptés pour INSEE Sirene.');
    expect(extensionError('bodacc', 'a.pdf')).toBe('Seuls les fichiers .xml et .json sont acceptés pour le BODACC.');
  });

  it('files a Sirene failure under the establishments when the name says so', () => {
    expect(recordFeedOf('sirene', 'StockEtablissement_utf8.zip')).toBe('sirene-establishments');
    expect(recordFeedOf('sirene', 'StockUniteLegale_utf8.zip')).toBe('sirene-companies');
    expect(recordFeedOf('bodacc', 'StockEtablissement.xml')).toBe('bodacc');
  });
});
