/**
 * Staging of a Sirene stock file (CONVENTIONS.md section 6): the raw CSV bytes
 * after the header go straight into `COPY <stage> FROM STDIN (FORMAT csv)`, one text column per header
 * name, so that PostgreSQL parses the CSV (the fastest parser at hand) and the mapping is done in SQL
 * (./mapping.ts).
 * - PostgreSQL: one streamed COPY (pg-copy-streams) on the job's connection, inside its transaction; the
 *   stage is a temporary table dropped at commit or rollback.
 * - PGlite: one `COPY … FROM '/dev/blob'` per batch of a few MB, cut at a record boundary (a newline outside
 *   quotes), into a temporary table that the job drops when it ends.
 * A COPY failure (a truncated or malformed line, bytes that are not UTF-8) becomes a French error with the
 * line number of the file (the header is line 1).
 */
import { escapeIdentifier, escapeLiteral } from 'pg';
import { PGLITE_BATCH_BYTES } from '../../../db/copy-blob';
import type { Sql } from '../../../db/sql';
import { AppError } from '../../../lib/errors';

/** Bytes per COPY on PGlite. */

/**
 * The stage's record number column (1 for the first record after the header, in file order), filled by the
 * COPY itself (an identity), so that an update-log entry can name the line it came from.
 */
export const LINE = 'vigie_record';

/** The statement creating the stage of `columns` (all text), with its record number `LINE`. */
export function createStageSql(stage: string, columns: string[], onCommitDrop: boolean): string {
  return `create temporary table ${stage} (${LINE} bigint generated always as identity, ${columns.map((c) => `${escapeIdentifier(c)} text`).join(', ')})${onCommitDrop ? ' on commit drop' : ''}`;
}

/** PostgreSQL error fields used here. */
interface PgError extends Error {
  code?: string;
  where?: string;
}

/**
 * The French error of a failed COPY.
 * @param lineOffset - records sent before the failing COPY (PGlite batches)
 * @param expected - columns expected per line
 */
export function copyError(err: PgError, lineOffset: number, expected: number): AppError | undefined {
  if (!err.code || !['22P04', '22021', '22P02', '54000'].includes(err.code)) return undefined;
  const found = /line (\d+)/.exec(err.where ?? '');
  const line = found ? Number(found[1]) + lineOffset + 1 : undefined;
  const at = line === undefined ? '' : ` à la ligne ${line}`;
  const msg = err.message;
  if (/unterminated CSV quoted field/.test(msg)) {
    // PostgreSQL meets it at the end of the input: the line it gives is the last one, not the quote's.
    const end = line === undefined ? 'la fin du fichier' : `la fin du fichier (ligne ${line})`;
    return new AppError(
      422,
      `Fichier mal formé\u00a0: un champ entre guillemets n’est jamais refermé, ${end} est atteinte à l’intérieur. Fichier tronqué ou guillemet en trop\u202f? Rien n’a été importé.`,
    );
  }
  let reason: string;
  const missing = /missing data for column "([^"]+)"/.exec(msg);
  if (missing) reason = `la ligne s’arrête avant la colonne ${missing[1]} (${expected} colonnes attendues)\u00a0: fichier tronqué\u202f?`;
  else if (/extra data after last expected column/.test(msg)) reason = `plus de ${expected} colonnes`;
  else if (err.code === '22021') reason = 'octets qui ne sont pas de l’UTF-8';
  else if (/carriage return|newline/.test(msg)) reason = 'fins de ligne incohérentes';
  else reason = 'ligne illisible';
  // A reason that is a question ends its sentence itself.
  return new AppError(422, `Fichier mal formé${at}\u00a0: ${reason}${reason.endsWith('?') ? '' : '.'} Rien n’a été importé.`);
}

/**
 * Streams `body` into `stage` through one COPY (PostgreSQL: streamed; PGlite: in batches of `batchBytes` cut at
 * record boundaries, `between` awaited after each).
 * @param opts.freeze - load frozen (PostgreSQL, a stage created in the same transaction)
 * @param opts.delimiter - the column delimiter of the file (`,` by default)
 * @returns the number of records copied
 * @throws AppError 422 of `copyError`, or the input's own failure
 */
export async function copyToStage(
  sql: Sql,
  stage: string,
  columns: string[],
  body: AsyncIterable<Buffer>,
  opts: { freeze?: boolean; between?: () => Promise<void>; batchBytes?: number; delimiter?: string } = {},
): Promise<number> {
  const options = `format csv, delimiter ${escapeLiteral(opts.delimiter ?? ',')}`;
  return sql.copyBytes({ table: stage, columns: columns.map(escapeIdentifier), options, freeze: opts.freeze }, body, {
    batchBytes: opts.batchBytes ?? PGLITE_BATCH_BYTES,
    between: opts.between,
    onError: (err, records) => copyError(err as PgError, records, columns.length),
  });
}
