/**
 * The Synchroniser batches (`news_sync_batches`, written by ./articles.ts `syncAll`): their list, and the undo of one.
 * - `filterSyncBatches`: the batches, newest first (sort `id` only, the primary key), each with its author, the
 *   articles it published, how many of them are still published (`published_articles_sync_batch_idx`), and when
 *   and by whom it was undone;
 * - `undoSyncBatch`: any batch still standing can be undone, not only the latest (each published article belongs to
 *   one batch only, so batches do not depend on one another as the deals' publications do). In one transaction, the
 *   batch's articles still published leave `published_articles` and go back to the pending news (`news`) under their
 *   former id, with their category and its current French name (`category_name`), no import job; an article removed
 *   meanwhile (`hows/removebyidentifier`) stays removed; an article whose SIREN and link are pending again (added
 *   since) leaves the published articles all the same, and the pending row already there stands for it (counted as
 *   skipped); the batch records when and by whom it was undone, and the route's audit entry is written with it.
 */
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { FilterBody, Page } from '../../../contract/listing';
import type { syncBatch } from '../../../contract/news';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { recordAudit } from '../../lib/audit';
import { fieldError, notFound } from '../../lib/errors';
import { runList, type ListSpec } from '../../http/listing';

type SyncBatch = z.output<typeof syncBatch>;

/** The 404 message of an unknown batch number. */
export const BATCH_MISSING = 'Cette synchronisation n’existe pas.';
/** The 422 message (errors.id) of a batch already undone. */
export const BATCH_UNDONE = 'Cette synchronisation a déjà été annulée.';

const ISO = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);
const NAME = (alias: string) => sql.raw(`nullif(trim(${alias}.firstname || ' ' || ${alias}.name), '')`);

/** The list of the batches (alias `b`; authors `c` and `u`): sort `id`, the primary key; no search. */
export function syncBatchesSpec(): ListSpec {
  return {
    select: sql`b.id, b.articles, (select count(*) from published_articles p where p.sync_batch_id = b.id)::int as published,
      ${ISO('b.created_at')} as created_at, ${NAME('c')} as created_by, ${ISO('b.undone_at')} as undone_at, ${NAME('u')} as undone_by`,
    from: sql`news_sync_batches b left join admins c on c.id = b.created_by left join admins u on u.id = b.undone_by`,
    sortable: { id: sql`b.id` },
  };
}

/** One page of the batches (filter body as every list; sort `id`, newest first by default; no search). */
export async function filterSyncBatches(db: Db, body: FilterBody, page: number): Promise<Page<SyncBatch>> {
  return runList<SyncBatch>(db, syncBatchesSpec(), body, page);
}

/** Text of the undo toast: articles put back among the pending news, and those already pending. */
export function undoneMessage(count: number, skipped: number): string {
  const back = count === 0 ? 'Aucun article remis en attente' : `${count.toLocaleString('fr-FR')} article${count > 1 ? 's remis' : ' remis'} en attente`;
  const dup = skipped === 0 ? '' : `\u00a0; ${skipped.toLocaleString('fr-FR')} déjà en attente (même siren et même lien), non dupliqué${skipped > 1 ? 's' : ''}`;
  return `Synchronisation annulée\u00a0: ${back}${dup}.`;
}

/**
 * Undoes batch `id` (see the module comment), in one transaction.
 * @param adminId - the administrator recorded as having undone it
 * @returns `count`: articles put back among the pending news; `skipped`: articles withdrawn whose SIREN and link
 *   were already pending
 * @throws AppError 404 BATCH_MISSING for an unknown batch; 422 errors.id BATCH_UNDONE for a batch already undone
 */
export async function undoSyncBatch(db: Db, id: number, adminId: number | null): Promise<{ count: number; skipped: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`);
    const [batch] = await rowsOf<{ undone: boolean }>(tx, sql`select undone_at is not null as undone from news_sync_batches where id = ${id} for update`);
    if (!batch) throw notFound(BATCH_MISSING);
    if (batch.undone) throw fieldError('id', BATCH_UNDONE);
    const [row] = await rowsOf<{ withdrawn: number; restored: number }>(tx, sql`
      with back as (
        delete from published_articles p where p.sync_batch_id = ${id}
        returning p.id, p.news_id, p.siren, p.name, p.title, p.newscategory_id, p.posted, p.source, p.url
      ), ins as (
        insert into news (id, siren, name, title, newscategory_id, category_name, posted, source, url)
        select coalesce(b.news_id, nextval(pg_get_serial_sequence('news', 'id'))), b.siren, b.name, b.title, b.newscategory_id, c.name_fr,
               b.posted, b.source, b.url
          from back b join news_categories c on c.id = b.newscategory_id
         order by b.news_id, b.id
        on conflict (siren, url) do nothing
        returning 1
      ) select (select count(*) from back)::int as withdrawn, (select count(*) from ins)::int as restored`);
    await tx.execute(sql`update news_sync_batches set undone_at = now(), undone_by = ${adminId} where id = ${id}`);
    const count = Number(row.restored);
    const skipped = Number(row.withdrawn) - count;
    await recordAudit(tx, { details: { count, skipped } });
    return { count, skipped };
  });
}
