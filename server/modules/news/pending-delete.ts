/**
 * Deleting pending news (/news): one row, the rows an administrator ticked, every row of the list's current
 * search (« Tout sélectionner »), which includes every row that came from one import (search
 * `import:<job id>`, offered as a chip by `pendingImports`). Deletions run in one transaction with their route's
 * audit entry; `news_counts` follows through its statement triggers.
 */
import { sql } from 'drizzle-orm';
import type { BulkBody } from '../../../contract/bulk';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { auditedWrite } from '../../lib/audit';
import { bulkStatement } from '../../http/bulk';
import { notFound } from '../../lib/errors';
import { newsCondition } from './articles';
import { NEWS_IMPORT } from './import-job';

/** Toast of a deletion of pending news: how many were deleted. */
export function deletedPendingMessage(count: number): string {
  if (count === 0) return 'Aucune news en attente effacée.';
  return `${count.toLocaleString('fr-FR')} news en attente effacée${count > 1 ? 's' : ''}.`;
}

/**
 * Deletes the pending news a bulk body names (contract/bulk.ts): ids, or every row of the search (the list's
 * own search: SIREN, title, category, or `import:<job id>`) minus `except`, in one statement.
 * @returns how many rows were deleted
 * @throws AppError 422 errors.ids when the body names no row
 */
export async function deletePending(db: Db, body: BulkBody): Promise<number> {
  const term = body.all ? body.search?.trim() : undefined;
  const search = term ? await newsCondition(db, term) : undefined;
  return bulkStatement(db, { id: sql`n.id`, search: () => search?.cond, target: 'news' }, body, 'delete', (where) => sql`delete from news n where ${where} returning n.id`);
}

/** Deletes one pending news item, with its route's audit entry (its SIREN and title). @throws AppError 404 when it is gone */
export async function removePending(db: Db, id: number): Promise<void> {
  const [deleted] = await auditedWrite(
    db,
    (tx) => rowsOf<{ siren: string; title: string }>(tx, sql`delete from news where id = ${id} returning siren, title`),
    ([row]) => (row ? { details: { siren: row.siren, title: row.title } } : null),
  );
  if (!deleted) throw notFound('Cette news en attente n’existe pas (déjà effacée ou publiée\u00a0?).');
}

/** An import some pending news came from. */
export interface PendingImport {
  /** The import job's id (search `import:<id>` lists its rows). */
  id: string;
  filename: string;
  /** ISO instant of the upload. */
  created_at: string;
  /** Its rows still pending. */
  count: number;
}

/** Most imports `pendingImports` lists (the latest). */
export const PENDING_IMPORTS_MAX = 10;

/**
 * The latest finished news imports that still have pending rows, newest first (at most PENDING_IMPORTS_MAX),
 * each with its file name and its pending rows counted through `news_job_idx`.
 */
export async function pendingImports(db: Db): Promise<PendingImport[]> {
  const rows = await rowsOf<PendingImport>(db, sql`
    select j.id::text as id, coalesce(j.payload->>'filename', '') as filename,
           to_char(j.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, c.n as count
      from jobs j
      cross join lateral (select count(*)::int as n from news n where n.job_id = j.id) c
     where j.kind = ${NEWS_IMPORT} and j.state = 'done' and c.n > 0
     order by j.created_at desc
     limit ${PENDING_IMPORTS_MAX}`);
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}
