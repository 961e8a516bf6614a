/**
 * The people and companies a BODACC sale notice names, as the notice states them (CONVENTIONS.md section 7
 * "Data truth"), whatever file they came from (DILA XML `personne`, `precedentProprietairePM/PP`,
 * `precedentExploitantPP`; Opendatasoft `listepersonnes`, `listeprecedentproprietaire`,
 * `listeprecedentexploitant`):
 * - the legal name: a company's `denomination`; a person's first names and birth name (`prenom`, `nom`), with
 *   the usage name beside it when the notice gives a different one (`Sylvie FOUCHIER (nom d'usage SPAZIANO)`),
 *   never in its place; first names listed with commas (`Jean, Léon, Elie`) are written with spaces;
 * - the SIREN, when the registration number given is one (shared SIREN rule);
 * - the country, only when the notice states it: an address in France (`adresse/france`) or a registration at
 *   a French register (`numeroImmatriculation` with its `codeRCS` or court) gives France, an address abroad
 *   (`adresse/etranger/pays`) gives that country; otherwise (« RCS non inscrit » and no address) it is unknown.
 */
import { createRequire } from 'node:module';
import countriesLib, { type LocaleData } from 'i18n-iso-countries';
import { sirenOf, text } from './values';

countriesLib.registerLocale(createRequire(import.meta.url)('i18n-iso-countries/langs/fr.json') as LocaleData);

/** A party of a sale: the buyer (the registering person) or a seller (previous owner) or previous operator. */
export interface SaleParty {
  /** Company name (`denomination`) or the person's legal name (see the module comment); null when not given. */
  name: string | null;
  /** 9 digits, or null (a person not registered, a foreign company, a number that fails the check digit). */
  siren: string | null;
  /** French name of the country the notice states for the party (`France`, `Belgique`), or null when it states none. */
  country: string | null;
  /** ISO 3166-1 alpha-2 code of `country` (`FR`), or null when the country is unknown or not recognised. */
  iso: string | null;
}

/** Where a party is, as a notice block gives it (XML and Opendatasoft use the same names). */
export interface PartyFacts {
  /** `numeroImmatriculation`: `numeroIdentification`, `codeRCS`, `nomGreffeImmat`; absent when not registered. */
  registration?: Record<string, unknown> | null;
  /** The address block: `{france: {...}}`, `{etranger: {pays, ...}}`, or flat fields with an optional `pays`. */
  address?: Record<string, unknown> | null;
}

/** The French name of France in the country lists (i18n-iso-countries, locale fr). */
export const FRANCE = 'France';

/** ISO 3166-1 alpha-2 code of a French country name (`Belgique` -> `BE`), or null. */
export function isoOfCountry(name: string | null): string | null {
  if (!name) return null;
  if (/^france$/i.test(name.trim())) return 'FR';
  return countriesLib.getAlpha2Code(name.trim(), 'fr') ?? null;
}

/** A country name as the country lists write it, from a code (`BE`) or a name in any case (`BELGIQUE`). */
function countryName(value: string): string {
  const code = /^[A-Za-z]{2}$/.test(value) ? value.toUpperCase() : countriesLib.getAlpha2Code(value, 'fr');
  return (code && countriesLib.getName(code, 'fr', { select: 'alias' })) || value;
}

/** The object at `v` (or the first of a list), else an empty one. */
function objectOf(v: unknown): Record<string, unknown> {
  const one = Array.isArray(v) ? v[0] : v;
  return one && typeof one === 'object' && !Array.isArray(one) ? (one as Record<string, unknown>) : {};
}

/**
 * The country a party's facts state: its address (France, or the country of an address abroad), else France
 * for a registration at a French register (an RCS or RM number, a court), else null.
 */
export function statedCountry(facts: PartyFacts): string | null {
  const address = objectOf(facts.address);
  if (Object.keys(objectOf(address.france)).length || 'france' in address) return FRANCE;
  if ('etranger' in address) {
    const pays = text(objectOf(address.etranger).pays);
    return pays ? countryName(pays) : null;
  }
  const pays = text(address.pays);
  if (pays) return countryName(pays);
  const registration = objectOf(facts.registration);
  if (text(registration.codeRCS) || text(registration.nomGreffeImmat) || sirenOf(registration.numeroIdentification)) return FRANCE;
  return null;
}

/** First names as the notice lists them (`Jean, Léon, Elie`) written with spaces (`Jean Léon Elie`). */
function firstNames(value: unknown): string | null {
  const t = text(value);
  return t ? t.replace(/\s*,\s*/g, ' ').trim() || null : null;
}

/**
 * The legal name of a natural person: first names and birth name, then the usage name in brackets when it
 * differs (`Sylvie FOUCHIER (nom d'usage SPAZIANO)`); the usage name alone when no birth name is given.
 */
export function personName(p: { prenom?: unknown; nom?: unknown; nomUsage?: unknown }): string | null {
  const birth = text(p.nom);
  const usage = text(p.nomUsage);
  const base = text([firstNames(p.prenom), birth ?? usage].filter(Boolean).join(' '));
  if (!base) return null;
  return birth && usage && usage.toLocaleUpperCase('fr') !== birth.toLocaleUpperCase('fr') ? `${base} (nom d’usage ${usage})` : base;
}

/** A party from its name, registration and address (see the module comment). */
export function partyOf(name: string | null, facts: PartyFacts): SaleParty {
  const country = statedCountry(facts);
  return { name, siren: sirenOf(objectOf(facts.registration).numeroIdentification), country, iso: isoOfCountry(country) };
}

/** `A`, `A et B`, `A, B et C`. */
export function frenchList(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`;
}

/** `de X`, or `d’X` before a vowel (`d’Antonio Martins`, `d’AXA`). */
export function deName(name: string): string {
  return /^[aeiouyàâäéèêëîïôöùûüÿœæ]/i.test(name) ? `d’${name}` : `de ${name}`;
}
