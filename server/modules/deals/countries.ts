/**
 * Countries of the deal form (SPEC section 3 "Country"): ISO 3166-1 alpha-2 codes with their
 * French names, from the maintained `i18n-iso-countries` library (locale `fr`, the common name where the
 * library has one: 'Corée du Sud', 'Russie').
 *
 * Seeded at start (`ensureCountries`, called when the deals routes are registered, after the migrations):
 * one idempotent upsert keyed on `iso_alpha2`, so ids never change, a code added by a newer library version
 * is added and a renamed country gets its new name. Countries are never deleted (deals refer to them).
 * `GET allcountries` answers `[{id, iso_alpha2, name}]` sorted by French name.
 */
import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import countriesLib, { type LocaleData } from 'i18n-iso-countries';
import type { CountryResponse } from '../../../contract/deals';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';

countriesLib.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/fr.json') as LocaleData);

/** The library's countries: `[iso_alpha2, French name]`, by code. */
export function isoCountries(): Array<[string, string]> {
  return Object.entries(countriesLib.getNames('fr', { select: 'alias' })).sort(([a], [b]) => a.localeCompare(b));
}

/**
 * Inserts the missing countries and renames the changed ones (one statement, idempotent).
 * @returns how many rows were inserted or renamed (0 when already current)
 */
export async function ensureCountries(db: Db): Promise<number> {
  const rows = JSON.stringify(isoCountries().map(([iso_alpha2, name_fr]) => ({ iso_alpha2, name_fr })));
  const res = await rowsOf<unknown>(db, sql`
    insert into countries (iso_alpha2, name_fr)
    select iso_alpha2, name_fr from jsonb_to_recordset(${rows}::jsonb) as x(iso_alpha2 text, name_fr text)
    on conflict (iso_alpha2) do update set name_fr = excluded.name_fr
      where countries.name_fr is distinct from excluded.name_fr
    returning id`);
  return res.length;
}

/** Every country, sorted by French name (accents and case ignored, as the French collation would). */
export async function allCountries(db: Db): Promise<CountryResponse[]> {
  const res = await rowsOf<{ id: number; iso_alpha2: string; name_fr: string }>(db, sql`select id, iso_alpha2, name_fr from countries`);
  const collator = new Intl.Collator('fr', { sensitivity: 'base' });
  return res
    .map((r) => ({ id: Number(r.id), iso_alpha2: r.iso_alpha2, name: r.name_fr }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.iso_alpha2.localeCompare(b.iso_alpha2));
}
