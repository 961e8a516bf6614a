/**
 * The feed variables of server/config.ts (docs/configuration.md): the scheduled fetch is off
 * by default, URLs must be http(s), the Sirene URL may list several stock files, cron expressions have 5 fields,
 * and the inbox is watched unless FEED_INBOX=false.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('feed configuration', () => {
  it('defaults: no fetch, daily and monthly crons, inbox on', () => {
    const c = loadConfig({});
    expect({ b: c.feedBodaccUrl, s: c.feedSireneUrls, bc: c.feedBodaccCron, sc: c.feedSireneCron, inbox: c.feedInbox }).toEqual({
      b: undefined,
      s: [],
      bc: '0 6 * * *',
      sc: '0 5 2 * *',
      inbox: true,
    });
  });

  it('reads the URLs, several Sirene stocks, the crons and FEED_INBOX=false', () => {
    const c = loadConfig({
      FEED_BODACC_URL: 'https://bodacc-datadila.opendatasoft.com/api/explore/v2.1/catalog/datasets/annonces-commerciales/records',
      FEED_SIRENE_URL: 'https://files.example/StockUniteLegale_utf8.zip, https://files.example/StockEtablissement_utf8.zip',
      FEED_BODACC_CRON: '30 7 * * 1-5',
      FEED_INBOX: 'false',
    });
    expect(c.feedSireneUrls).toEqual(['https://files.example/StockUniteLegale_utf8.zip', 'https://files.example/StockEtablissement_utf8.zip']);
    expect(c.feedBodaccCron).toBe('30 7 * * 1-5');
    expect(c.feedInbox).toBe(false);
    expect(loadConfig({ FEED_BODACC_URL: '' }).feedBodaccUrl).toBeUndefined();
  });

  it('refuses a URL that is not http(s) and a cron without 5 fields', () => {
    expect(() => loadConfig({ FEED_BODACC_URL: 'ftp://example.com/x' })).toThrow(/http\(s\) URL/);
    expect(() => loadConfig({ FEED_SIRENE_URL: 'https://ok.example/a.zip file.zip' })).toThrow(/http\(s\) URLs/);
    expect(() => loadConfig({ FEED_SIRENE_CRON: '0 5 2 *' })).toThrow(/cron expression of 5 fields/);
  });
});
