/**
 * Rewrites the stored BODACC transaction rows from their stored notices (`announcements.raw`, the notice as
 * it was read), so that rows written by an earlier version of the importer hold only what their notice states
 * now that the reading of sales has changed (./sale.ts; CONVENTIONS.md section 7). Only the rows that exist are
 * rewritten: a row an administrator deleted stays deleted, and a row withdrawn by a correction or a
 * cancellation is not brought back. Idempotent; in batches of `BATCH` rows, each batch one statement (a row is
 * never half-written); `npm run feed:bodacc:rows` runs it.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Notice } from './notice';
import { odsNotice } from './ods-notice';
import { SALE_COLUMNS, saleRow, type SaleRow } from './sale';
import { xmlNotice } from './xml-notice';
import type { XmlObject } from './xml';
import { rowsOf } from '../../../db/rows';

/** Rows read and rewritten per statement. */
export const BATCH = 500;

/** A stored notice: its identity columns and the notice as read. */
export interface StoredNotice {
  bulletin: string;
  issue: string;
  /** `YYYY-MM-DD`. */
  issue_date: string;
  raw: unknown;
}

/**
 * The notice a stored one was read as: a DILA XML `<avis>` (it has `numeroAnnonce`), an Opendatasoft v1 record
 * (`{fields}`) or a v2.1 record.
 * @throws AppError 422 when the stored notice lacks its identity (it could not have been stored so)
 */
export function storedNotice(s: StoredNotice): Notice {
  const raw = s.raw as Record<string, unknown>;
  if (raw && typeof raw === 'object' && 'numeroAnnonce' in raw) {
    return xmlNotice({ bulletin: 'A', issue: s.issue, issueDate: s.issue_date, avis: raw as XmlObject }, 1);
  }
  const v1 = raw && typeof raw === 'object' && typeof raw.fields === 'object';
  return odsNotice({ shape: v1 ? 'v1' : 'v2.1', record: raw }, 1);
}


/** What a rebuild did. */
export interface RebuildSummary {
  /** Rows read. */
  rows: number;
  /** Rows whose columns changed. */
  changed: number;
  /** Rows left as they were: their notice no longer reads as a sale (none is expected). */
  skipped: number;
}

/**
 * Rewrites every stored transaction row from its notice.
 * @param onBatch - called after each batch with the running summary (progress)
 */
export async function rebuildSaleRows(db: Db, onBatch?: (s: RebuildSummary) => void): Promise<RebuildSummary> {
  const summary: RebuildSummary = { rows: 0, changed: 0, skipped: 0 };
  let after = 0;
  for (;;) {
    const rows = await rowsOf<StoredNotice & { id: number }>(db, sql`
      select t.id::float8 as id, a.bulletin, a.issue, a.issue_date::text as issue_date, a.raw
        from bodacc_transactions t join announcements a on a.id = t.announcement_id
       where t.id > ${after} order by t.id limit ${BATCH}`);
    if (!rows.length) break;
    after = Number(rows[rows.length - 1].id);
    const rebuilt: Array<SaleRow & { id: number }> = [];
    for (const r of rows) {
      const notice = storedNotice(r);
      if (notice.sale) rebuilt.push({ id: Number(r.id), ...saleRow(notice, notice.sale) });
      else summary.skipped++;
    }
    summary.rows += rows.length;
    if (rebuilt.length) {
      const res = await rowsOf<unknown>(db, sql`
        update bodacc_transactions t set ${sql.raw(SALE_COLUMNS.map((c) => `${c} = (u.r).${c}`).join(', '))}
          from (select (x->>'id')::bigint as id, jsonb_populate_record(null::bodacc_transactions, x) as r
                  from jsonb_array_elements(${JSON.stringify(rebuilt)}::jsonb) x) u
         where t.id = u.id
           and (${sql.raw(SALE_COLUMNS.map((c) => `t.${c}`).join(', '))}) is distinct from (${sql.raw(SALE_COLUMNS.map((c) => `(u.r).${c}`).join(', '))})
        returning t.id`);
      summary.changed += res.length;
    }
    onBatch?.({ ...summary });
  }
  return summary;
}
