/**
 * `GET /v1/updates?since=&siren=&code=&limit=`: the update log as a feed of changes, oldest first, for a customer
 * that polls it (every minute, say) and must miss nothing while the feeds write.
 *
 * The rule that makes the cursor stable: entries are read in the order of (the transaction that wrote them, their
 * id), and only those written by a transaction older than every transaction still running
 * (`xid < pg_snapshot_xmin(pg_current_snapshot())`). An id alone would not do: a long import takes its ids when it
 * inserts and commits minutes later, after shorter writers with higher ids were already read. Below the snapshot's
 * xmin no transaction can still commit, so no entry can appear behind a cursor. The price: an entry shows once the
 * transactions that started before it have ended (a running INSEE import holds back what others write after it).
 * PostgreSQL's snapshot covers the whole server: a long transaction in another database of it holds the feed back too.
 *
 * The cursor is `<xid>.<id>` of the last entry read; without `since`, the feed starts at the oldest entry.
 * Indexes: (xid, id), (siren, xid, id) and (family of the code, xid, id) (migration 0023). The ORDER BY names the
 * table's columns: a bare `xid` would be the text output column, sorted as text ('1000' < '999') and by a sort of
 * every entry after the cursor instead of the index's order.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { sirenOf, type DbOf } from './caller';
import { ApiProblem, problemSchema } from '../http/problem';
import { limitParam, pageOf, sirenParam, update } from './schemas';

/** Families of feed codes a customer can filter on (the part of the code before `-`). */
export const UPDATE_FAMILIES = ['INSEE', 'BODACC', 'RNE'] as const;

type Update = z.output<typeof update>;

/** A position in the feed: the writing transaction (an `xid8`) and the entry id (a `bigint`), as decimal text. */
interface Cursor {
  xid: string;
  id: string;
}

const CURSOR = /^(\d{1,20})\.(\d{1,19})$/;
/** The largest `xid8` and `bigint`: a cursor beyond them is not one this API gave (and PostgreSQL would refuse it). */
const XID8_MAX = 2n ** 64n - 1n;
const BIGINT_MAX = 2n ** 63n - 1n;

/** Reads a `since` cursor. @throws ApiProblem invalid-request when it is not one this API gave */
export function parseCursor(value: string | undefined): Cursor {
  if (value === undefined || value === '') return { xid: '0', id: '0' };
  const m = CURSOR.exec(value);
  if (!m || BigInt(m[1]) > XID8_MAX || BigInt(m[2]) > BIGINT_MAX) throw new ApiProblem('invalid-request', 'Curseur invalide\u00a0: reprenez la valeur next_cursor d’une page précédente.', [{ name: 'since', reason: 'curseur invalide' }]);
  return { xid: m[1], id: m[2] };
}

/** One page of the feed after `after`. */
export async function updatesPage(
  db: Db,
  opts: { after: Cursor; siren?: string; family?: (typeof UPDATE_FAMILIES)[number]; limit: number },
): Promise<{ data: Update[]; next_cursor: string; has_more: boolean }> {
  const rows = await rowsOf<{ id: number | string; code: string; siren: string; description: string; source_label: string | null; source_url: string | null; created_at: string; xid: string }>(
    db,
    sql`select id, code, siren, description, source_label, source_url, xid::text as xid,
               to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
          from update_log
         where xid < pg_snapshot_xmin(pg_current_snapshot())
           and (xid, id) > (${opts.after.xid}::xid8, ${opts.after.id}::bigint)
           ${opts.siren ? sql`and siren = ${opts.siren}` : sql``}
           ${opts.family ? sql`and split_part(code, '-', 1) = ${opts.family}` : sql``}
         order by update_log.xid, update_log.id
         limit ${opts.limit + 1}`,
  );
  const page = rows.slice(0, opts.limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: Number(r.id),
      code: r.code,
      siren: r.siren,
      description: r.description,
      source: r.source_label ? { label: r.source_label, url: r.source_url } : null,
      created_at: r.created_at,
    })),
    next_cursor: last ? `${last.xid}.${last.id}` : `${opts.after.xid}.${opts.after.id}`,
    has_more: rows.length > opts.limit,
  };
}

/** Registers `GET /v1/updates`. */
export function updatesRoutes(app: FastifyInstance, dbOf: DbOf): void {
  app.withTypeProvider<ZodTypeProvider>().get('/updates', {
    schema: {
      summary: 'Le journal des mises à jour, du plus ancien au plus récent, par curseur stable',
      description:
        'Reprenez `next_cursor` comme `since` à l’appel suivant\u00a0: aucune entrée ne peut apparaître derrière un curseur, ' +
        'même quand les flux écrivent pendant la lecture. Une entrée apparaît dès que les transactions commencées avant elle sont terminées.',
      tags: ['Mises à jour'],
      querystring: z.object({
        since: z.string().max(64).optional().describe('Curseur `next_cursor` de la page précédente\u00a0; absent\u00a0: depuis la première entrée.'),
        siren: sirenParam.optional(),
        code: z.enum(UPDATE_FAMILIES).optional().describe('Famille de flux\u00a0: INSEE, BODACC ou RNE.'),
        limit: limitParam,
      }),
      response: { 200: pageOf(update, 'ApiUpdatePage'), 400: problemSchema, 401: problemSchema, 503: problemSchema },
    },
  }, async (req) => {
    const q = req.query;
    return updatesPage(await dbOf(req), { after: parseCursor(q.since), siren: q.siren ? sirenOf(q.siren) : undefined, family: q.code, limit: q.limit });
  });
}
