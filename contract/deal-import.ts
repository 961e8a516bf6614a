/**
 * The deals CSV import (SPEC sections 4 "Transactions CSV import", 7 `POST /api/transactions/import`): limits, the template's columns and the answers.
 *
 * - `POST /api/transactions/import` (multipart field `file`, `.csv`, CSRF header) answers `1` once the file
 *   is written (all or nothing); a refused file answers 422 `DealImportRefusal`: `{message, errors: {file:
 *   [message]}, lines: [{line, messages}]}`, `lines` holding the first DEAL_IMPORT_MAX_ERRORS rows in error
 *   (the header is line 1; empty when the whole file is at fault, e.g. no header).
 * - `GET /api/transactions/importjob`: `{job}`, the caller's latest import job (rows and bytes read, percent)
 *   for the progress bar while the upload waits.
 * - `GET /api/transactions/template`: the template CSV (UTF-8 with BOM, `;`).
 */
import { z } from 'zod';

/** Largest file the import accepts (bytes: 512 MiB) and most data rows it reads. */
export const DEAL_IMPORT_MAX_BYTES = 512 * 1024 * 1024;
export const DEAL_IMPORT_MAX_ROWS = 2_000_000;
/** Most rows in error listed in a refusal. */
export const DEAL_IMPORT_MAX_ERRORS = 100;

/**
 * The columns of a deals CSV, in the template's order. One row per deal entity; rows sharing `deal_id` form
 * one deal, whose deal-level columns (all but siren, company_name, role, stake) must agree.
 */
export const DEAL_CSV_COLUMNS = [
  'deal_id',
  'deal_date',
  'siren',
  'company_name',
  'role',
  'type1',
  'type2',
  'amount',
  'currency',
  'stake',
  'description',
  'url',
  'source',
  'french_investment_abroad',
  'foreign_investment_in_france',
  'buyer1',
  'buyer1_country',
  'buyer2',
  'buyer2_country',
  'buyer3',
  'buyer3_country',
  'target1',
  'target1_country',
  'target2',
  'target2_country',
  'target3',
  'target3_country',
  'seller',
  'seller_country',
] as const;
export type DealCsvColumn = (typeof DEAL_CSV_COLUMNS)[number];

/** Columns a file must have (the others may be left out). */
export const DEAL_CSV_REQUIRED: readonly DealCsvColumn[] = ['deal_id', 'siren', 'company_name', 'role'];

/** The entity-level columns; every other column is deal-level. */
export const DEAL_ENTITY_COLUMNS: readonly DealCsvColumn[] = ['siren', 'company_name', 'role', 'stake'];

/** One row in error of a refused file. */
export const dealImportLine = z.object({ line: z.number(), messages: z.array(z.string()) }).meta({ id: 'DealImportLine' });
export type DealImportLine = z.output<typeof dealImportLine>;

/** 422 of a refused file. */
export const dealImportRefusal = z
  .object({
    message: z.string(),
    errors: z.object({ file: z.array(z.string()) }),
    lines: z.array(dealImportLine),
  })
  .meta({ id: 'DealImportRefusal' });
export type DealImportRefusal = z.output<typeof dealImportRefusal>;

/** The answer of a written file (SPEC: "server returns 1 for success"). */
export const dealImportSuccess = z.literal(1);
