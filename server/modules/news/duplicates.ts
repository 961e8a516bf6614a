/**
 * Duplicate articles: a SIREN and a link identify an article. A temporary row is in
 * error when an earlier row of the same file has its SIREN and link, or when a pending or published article
 * has them. Written as plain SQL with `$n` parameters, so that it runs on the import's own connection,
 * inside its transaction, as well as through the pool.
 */
import type { Sql } from '../../db/sql';

/** Message of a row that repeats an earlier row of the file. */
export const inFileMessage = (line: number) => `Doublon dans le fichier\u00a0: même siren et même lien que la ligne ${line}.`;
export const PENDING_DUPLICATE = 'Article déjà en attente de publication (même siren et même lien).';
export const PUBLISHED_DUPLICATE = 'Article déjà publié (même siren et même lien).';

const VALID_SIREN = `t.siren ~ '^[0-9]{9}$'`;

/** Marks the rows of import job `$1` that repeat an earlier row of the same file. */
export async function markInFileDuplicates(sql: Sql, jobId: string): Promise<void> {
  await sql.exec(
    `update news_temporaries t
        set errors = t.errors || jsonb_build_array('Doublon dans le fichier' || chr(160) || ': même siren et même lien que la ligne ' || d.first_line || '.'),
            error_count = t.error_count + 1
       from (select id, first_value(line) over w as first_line, row_number() over w as rn
               from news_temporaries where job_id = $1
             window w as (partition by siren, url order by line)) d
      where t.id = d.id and d.rn > 1`,
    [jobId],
  );
}

/**
 * Marks the rows (of import job `jobId`, or of every finished import of `ownerId`) whose SIREN and link
 * belong to a pending or a published article, once per kind (a row already marked is not marked twice).
 */
export async function markExistingDuplicates(sql: Sql, scope: { jobId: string } | { ownerId: number }): Promise<void> {
  const where = 'jobId' in scope ? 't.job_id = $1' : `t.owner_id = $1`;
  const value = 'jobId' in scope ? scope.jobId : scope.ownerId;
  // One pass over the rows, two index probes each; only the rows found are written.
  await sql.exec(
    `with hits as (
       select t.id,
              exists (select 1 from news a where a.siren = t.siren::bpchar and a.url = t.url)
                and not (t.errors @> jsonb_build_array($2::text)) as pending,
              exists (select 1 from published_articles a where a.siren = t.siren::bpchar and a.url = t.url)
                and not (t.errors @> jsonb_build_array($3::text)) as published
         from news_temporaries t
        where ${where} and ${VALID_SIREN}
     )
     update news_temporaries t
        set errors = t.errors
              || case when h.pending then jsonb_build_array($2::text) else '[]'::jsonb end
              || case when h.published then jsonb_build_array($3::text) else '[]'::jsonb end,
            error_count = t.error_count + h.pending::int + h.published::int
       from hits h
      where h.id = t.id and (h.pending or h.published)`,
    [value, PENDING_DUPLICATE, PUBLISHED_DUPLICATE],
  );
}
