/**
 * The contract of « Exporter CSV » (every list): `GET /api/<list>/export.csv?search=…&column=…&direction=…`
 * answers every row of the list's current filter and sort as a CSV download (UTF-8 with BOM, `;`, CRLF,
 * French header; server/http/list-export.ts). The query string carries the list's filter body without its
 * pagination; the web builds it with `exportCsvUrl` (web/src/components/list/exportCsv.ts).
 */
import { z } from 'zod';
import { MAX_SEARCH_LENGTH } from './limits';

/** `?search=&column=&direction=` of an export: the list's search term and sort. */
export const listExportQuery = z.object({
  search: z.string().max(MAX_SEARCH_LENGTH).optional(),
  column: z.string().max(64).optional(),
  direction: z.enum(['asc', 'desc'], { error: 'Le sens du tri doit être asc ou desc.' }).optional(),
});

export type ListExportQuery = z.output<typeof listExportQuery>;

/** The answer of an export route, for the OpenAPI document: a `text/csv` byte stream. */
export const csvDownload = z.any().meta({ description: 'Fichier CSV (UTF-8 avec BOM, séparateur point-virgule).' });
