/**
 * Imported files (SPEC sections 2 "/transactions/files" 'Fichiers importés', 3 "Imported file", 7 `allfiles`):
 * the CSV files the deals import recorded in `deal_import_files`, newest first.
 */
import { desc } from 'drizzle-orm';
import type { ImportedFileResponse } from '../../../contract/deals';
import { readImportSummary } from '../../../contract/import-summary';
import type { Db } from '../../db/client';
import { dealImportFiles } from '../../db/schema';

/** Most files `allfiles` answers (the newest). */
export const FILES_MAX = 5000;

/** The imported files `[{id, name, created_at, summary}]` (ISO instant), newest first, at most `FILES_MAX`. */
export async function allFiles(db: Db): Promise<ImportedFileResponse[]> {
  const rows = await db
    .select({ id: dealImportFiles.id, name: dealImportFiles.name, createdAt: dealImportFiles.createdAt, summary: dealImportFiles.summary })
    .from(dealImportFiles)
    .orderBy(desc(dealImportFiles.createdAt), desc(dealImportFiles.id))
    .limit(FILES_MAX);
  return rows.map((r) => ({ id: r.id, name: r.name, created_at: r.createdAt.toISOString(), summary: readImportSummary(r.summary) }));
}
