/**
 * `GET /v1/news?siren=&cursor=&limit=`: the published articles (`published_articles`, written by « Synchroniser » on
 * /news and taken back when a synchronisation is undone), latest published first, each with its stable identifier
 * and its theme (the category's name when it was published).
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';
import { sirenOf, type DbOf } from './caller';
import { idCursor, pageFrom, type Page } from './pages';
import { problemSchema } from '../http/problem';
import { article, cursorParam, limitParam, pageOf, sirenParam } from './schemas';

type Article = z.output<typeof article>;
const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A page of published articles, by id descending, after the id `before` when given. */
export async function newsPage(db: Db, opts: { siren?: string; before?: number; limit: number }): Promise<Page<Article>> {
  const rows = await rowsOf<Article & { id: number | string }>(db, sql`
    select id, identifier::text as identifier, siren, name, title, theme,
           to_char(posted at time zone 'UTC', ${sql.raw(ISO)}) as posted, source, url,
           to_char(published_at at time zone 'UTC', ${sql.raw(ISO)}) as published_at
      from published_articles
     where true ${opts.siren ? sql`and siren = ${opts.siren}` : sql``} ${opts.before !== undefined ? sql`and id < ${opts.before}` : sql``}
     order by id desc limit ${opts.limit + 1}`);
  return pageFrom(rows, opts.limit, (r) => String(r.id), ({ id: _id, ...a }) => a);
}

/** Registers `GET /v1/news`. */
export function newsRoutes(app: FastifyInstance, dbOf: DbOf): void {
  app.withTypeProvider<ZodTypeProvider>().get('/news', {
    schema: {
      summary: 'Les articles publiés, du plus récent au plus ancien',
      tags: ['News'],
      querystring: z.object({ siren: sirenParam.optional(), cursor: cursorParam, limit: limitParam }),
      response: { 200: pageOf(article, 'ApiArticlePage'), 400: problemSchema, 401: problemSchema, 503: problemSchema },
    },
  }, async (req) => {
    const q = req.query;
    return newsPage(await dbOf(req), { siren: q.siren ? sirenOf(q.siren) : undefined, before: idCursor(q.cursor), limit: q.limit });
  });
}
