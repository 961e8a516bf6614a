/**
 * The company register: what vigie knows of French companies, read by every module that shows one. It is the
 * read side of the tables the feeds write (server/db/schema/register.ts `companies` and `establishments`, filled
 * by the INSEE Sirene merges; the official nomenclatures' labels `naf_labels` and `legal_category_labels`), and
 * the rules those tables share:
 * - the company lookup `GET /api/companies/{siren}` (./lookup.ts, mounted by ./module.ts), which answers a SIREN
 *   that only another source names through a `MentionReader` (the feeds give theirs: their stored BODACC notices);
 * - which establishment is a company's head office, and the columns that put a company beside a list row
 *   (`registerStatusColumns`, `bodaccNameColumn`: ./head-office.ts);
 * - the nomenclatures (./nomenclatures.ts): their labels written at start (`ensureNomenclatures`) and read in JS.
 * What is not here belongs to the feeds (server/modules/feeds): reading INSEE Sirene and BODACC files, fetching
 * them, the inbox, the feed jobs and their merges, the BODACC notices' own format. The register imports no other
 * module; the other modules reach it only through this file.
 */
export { findCompany, UNKNOWN_COMPANY, type CompanyMention, type MentionReader } from './lookup';
export { bodaccNameColumn, registerStatusColumns } from './head-office';
export { ensureNomenclatures, legalCategoryLabel, nafLabel, NAF_REV2, type NomenclatureChanges } from './nomenclatures';
