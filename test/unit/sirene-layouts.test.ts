/**
 * Recognition of the INSEE Sirene stock headers (server/modules/feeds/sirene/layouts.ts):
 * the four real layouts of test/fixtures/sirene (current 35 / 54 columns, 2019 33 / 48 columns, the latter
 * with the Etalab geocoding columns ignored), read by name whatever the order; a header that is neither, or
 * misses a required column, gives a French error naming what is missing.
 */
import { describe, expect, it } from 'vitest';
import { COMPANY_COLUMNS, COMPANY_COLUMNS_2019, detectLayout, ESTABLISHMENT_COLUMNS_2019, ESTABLISHMENT_COLUMNS_ADDED, ETALAB_GEO_COLUMNS } from '../../server/modules/feeds/sirene/layouts';
import { sireneFixture } from '../helpers/feed-sirene';

const headerOf = (name: string) => sireneFixture(name).toString('utf8').split('\n')[0].split(',');

describe('detectLayout', () => {
  it.each([
    ['StockUniteLegale_sample.csv', 'companies', 'current', 35, []],
    ['StockEtablissement_sample.csv', 'establishments', 'current', 54, []],
    ['legacy_2019_format/StockUniteLegale_2019_etalab_fixture.csv', 'companies', '2019', 33, []],
    ['legacy_2019_format/StockEtablissement_geo_2019_etalab_fixture.csv', 'establishments', '2019', 57, [...ETALAB_GEO_COLUMNS]],
    ['derived_from_insee_api_2019/StockUniteLegale_from_api_2019-2020.csv', 'companies', '2019', 33, []],
    ['derived_from_insee_api_2019/StockEtablissement_from_api_2019-11.csv', 'establishments', '2019', 48, []],
  ])('%s: %s, %s layout, %i columns', (name, kind, vintage, columns, ignored) => {
    const layout = detectLayout(headerOf(name));
    expect(layout).toEqual({ kind, vintage, columns: headerOf(name), ignored });
    expect(layout.columns).toHaveLength(columns);
  });

  it('the column lists match the real headers', () => {
    expect(headerOf('StockUniteLegale_sample.csv')).toEqual([...COMPANY_COLUMNS]);
    expect(headerOf('legacy_2019_format/StockUniteLegale_2019_etalab_fixture.csv')).toEqual([...COMPANY_COLUMNS_2019]);
    expect(headerOf('derived_from_insee_api_2019/StockEtablissement_from_api_2019-11.csv')).toEqual([...ESTABLISHMENT_COLUMNS_2019]);
    expect(new Set(headerOf('StockEtablissement_sample.csv'))).toEqual(new Set([...ESTABLISHMENT_COLUMNS_2019, ...ESTABLISHMENT_COLUMNS_ADDED]));
  });

  it('reads by name: any column order', () => {
    const shuffled = [...COMPANY_COLUMNS].reverse();
    expect(detectLayout(shuffled)).toMatchObject({ kind: 'companies', vintage: 'current', columns: shuffled });
  });

  it('names the missing required columns, in French', () => {
    const header = ESTABLISHMENT_COLUMNS_2019.filter((c) => c !== 'codePostalEtablissement');
    expect(() => detectLayout(header)).toThrow('En-tête incomplet pour un fichier StockEtablissement\u00a0: la colonne obligatoire codePostalEtablissement manque. Rien n’a été importé.');
  });

  it('refuses a header of neither kind, a column twice and an odd name', () => {
    expect(() => detectLayout(['SIREN', 'NIC', 'L1_NORMALISEE'])).toThrow(/^En-tête non reconnu\u00a0: ce n’est ni un fichier StockUniteLegale/);
    expect(() => detectLayout([...COMPANY_COLUMNS, 'siren'])).toThrow('En-tête invalide\u00a0: la colonne siren apparaît deux fois. Rien n’a été importé.');
    expect(() => detectLayout([...COMPANY_COLUMNS, 'x"; drop table companies'])).toThrow(/^En-tête illisible/);
  });
});
