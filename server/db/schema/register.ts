/**
 * The company register, fed by the INSEE Sirene stock files:
 * - `companies`: one row per SIREN (StockUniteLegale): the name built as INSEE does (denomination, or for
 *   a person first name + last name), acronym, legal form (catégorie juridique), NAF code and its
 *   nomenclature, administrative state A/C, creation date, head-office NIC, employee band, and INSEE's
 *   last processing date;
 * - `establishments`: one row per SIRET (StockEtablissement): SIREN, NIC, head-office flag, state A/F,
 *   NAF, address lines, postcode, commune code and name, creation date, last processing date.
 * - `naf_labels`, `legal_category_labels`: the official nomenclatures (NAF rév. 2, INSEE catégories juridiques
 *   niveau III), code -> French label, written at start from their sources (server/modules/register/nomenclatures.ts),
 *   so that SQL (the Sirene merge, the company lookup) can name a code.
 * The raw INSEE column names appear only in the parser (server/modules/feeds/sirene).
 * The merge compares the business columns with the stored ones and rewrites a row only when one changed.
 * The feeds write these tables (server/modules/feeds); the register module reads them (server/modules/register).
 */
import { boolean, char, date, index, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  siren: char('siren', { length: 9 }).primaryKey(),
  /** Display name: denominationUniteLegale, or prenomUsuel/prenom1 + nomUsage/nom for a person. */
  name: text('name').notNull().default(''),
  sigle: varchar('sigle', { length: 64 }),
  /** Catégorie juridique (INSEE code, e.g. 5710 = SAS). */
  legalForm: varchar('legal_form', { length: 4 }),
  /** Main activity code, e.g. `64.19Z`. */
  nafCode: varchar('naf_code', { length: 8 }),
  /** Nomenclature of `naf_code`: NAFRev2, NAFRev1, NAF1993, NAP. */
  nafNomenclature: varchar('naf_nomenclature', { length: 8 }),
  /** Administrative state: A (active) or C (ceased). */
  state: char('state', { length: 1 }).notNull().default('A'),
  createdOn: date('created_on', { mode: 'string' }),
  headOfficeNic: char('head_office_nic', { length: 5 }),
  /** Tranche d'effectifs (INSEE code, e.g. `11` = 10 to 19 employees; `NN` = none). */
  employeeBand: varchar('employee_band', { length: 2 }),
  /** dateDernierTraitementUniteLegale (INSEE local time, no zone). */
  inseeProcessedAt: timestamp('insee_processed_at', { mode: 'string' }),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const establishments = pgTable(
  'establishments',
  {
    siret: char('siret', { length: 14 }).primaryKey(),
    siren: char('siren', { length: 9 }).notNull(),
    nic: char('nic', { length: 5 }).notNull(),
    headOffice: boolean('head_office').notNull().default(false),
    /** Administrative state: A (active) or F (closed). */
    state: char('state', { length: 1 }).notNull().default('A'),
    nafCode: varchar('naf_code', { length: 8 }),
    nafNomenclature: varchar('naf_nomenclature', { length: 8 }),
    /** Enseigne or usual name of the establishment. */
    name: text('name'),
    /** First address line: number, repetition index, street type and name (e.g. `12 B RUE DE LA PAIX`). */
    addressLine1: text('address_line1'),
    /** Complement (building, residence) and special distribution (BP …). */
    addressLine2: text('address_line2'),
    postcode: varchar('postcode', { length: 5 }),
    communeCode: varchar('commune_code', { length: 5 }),
    /** Commune name, or the foreign commune and country for an establishment abroad. */
    communeName: text('commune_name'),
    createdOn: date('created_on', { mode: 'string' }),
    inseeProcessedAt: timestamp('insee_processed_at', { mode: 'string' }),
      updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('establishments_siren_idx').on(t.siren)],
);

export const nafLabels = pgTable('naf_labels', {
  /** NAF rév. 2 code as INSEE writes it, e.g. `64.19Z` (sub-classes; sections, divisions and groups too). */
  code: varchar('code', { length: 8 }).primaryKey(),
  label: text('label').notNull(),
});

export const legalCategoryLabels = pgTable('legal_category_labels', {
  /** INSEE catégorie juridique, niveau III (4 digits), e.g. `5710`. */
  code: varchar('code', { length: 4 }).primaryKey(),
  label: text('label').notNull(),
});
