/**
 * Streaming reader of the Opendatasoft exports of the dataset `annonces-commerciales`,
 * tokenised by stream-json, one record assembled at a time (memory holds one record whatever the file):
 * - API v1 (`/api/records/1.0/search/`): `{nhits, parameters, records: [{datasetid, recordid, fields: {…}}]}`;
 * - API v2.1 (`/api/explore/v2.1/…/records`): `{total_count, results: [{…}]}`;
 * - the v2.1 `exports/json` endpoint: a bare array of the same records.
 * Anything else is a JSON of unknown shape.
 */
import type { Readable } from 'node:stream';
import Assembler from 'stream-json/assembler.js';
import parser from 'stream-json/parser.js';
import { AppError } from '../../../lib/errors';

/** One record of an export and the shape it came in. */
export interface OdsItem {
  shape: 'v1' | 'v2.1';
  record: unknown;
}

/** French message of a JSON file of unknown shape. */
export const UNKNOWN_JSON_SHAPE =
  'Fichier JSON de forme inconnue\u00a0: un export Opendatasoft du jeu « annonces-commerciales » est attendu ({"records": […]} de l’API v1, {"results": […]} de l’API v2.1, ou un tableau d’enregistrements). Rien n’a été importé.';

const MALFORMED = 'Le fichier JSON est mal formé ou tronqué. Rien n’a été importé.';

/**
 * Deepest nesting of objects and arrays a file may have: an export record is 4 levels deep in its envelope
 * (a JSON text in a field stays a string). Deeper, the record's object would overflow the stack where it is read.
 */
export const JSON_MAX_DEPTH = 100;
/** Refusal of a file nested deeper than JSON_MAX_DEPTH. */
export const JSON_TOO_DEEP = `Le fichier JSON imbrique plus de ${JSON_MAX_DEPTH} niveaux d’objets ou de tableaux\u00a0: ce n’est pas un export Opendatasoft des annonces BODACC. Rien n’a été importé.`;
const ARRAYS: Record<string, OdsItem['shape']> = { records: 'v1', results: 'v2.1' };

type Token = { name: string; value?: unknown };

/**
 * Reads the records of an export.
 * @param source - the file's bytes (UTF-8)
 * @throws AppError 422 (French) for broken JSON, a JSON of unknown shape (before or after its records), or one
 *   nested deeper than JSON_MAX_DEPTH
 */
export async function* readOdsExport(source: Readable): AsyncGenerator<OdsItem> {
  const tokens = parser.asStream({ streamValues: false });
  let sourceError: Error | null = null;
  source.on('error', (err) => {
    sourceError = err;
    tokens.destroy(err);
  });
  source.pipe(tokens);
  let level = 0;
  let key: string | undefined;
  let itemsLevel = -1;
  let shape: OdsItem['shape'] | undefined;
  let found = false;
  let asm: Assembler | null = null;
  let depth = 0;
  try {
    for await (const tok of tokens as AsyncIterable<Token>) {
      if (tok.name === 'startObject' || tok.name === 'startArray') {
        if (++depth > JSON_MAX_DEPTH) throw new AppError(422, JSON_TOO_DEEP);
      } else if (tok.name === 'endObject' || tok.name === 'endArray') depth--;
      if (asm) {
        asm.consume(tok as never);
        if (asm.done) {
          yield { shape: shape!, record: asm.current };
          asm = null;
        }
        continue;
      }
      const isStart = tok.name === 'startObject' || tok.name === 'startArray';
      if (level === itemsLevel && tok.name !== 'endArray') {
        if (tok.name !== 'startObject') throw new AppError(422, UNKNOWN_JSON_SHAPE);
        asm = new Assembler();
        asm.consume(tok as never);
        continue;
      }
      if (isStart) {
        level++;
        if (level === 1 && tok.name === 'startArray') {
          itemsLevel = 1;
          shape = 'v2.1';
          found = true;
        } else if (level === 2 && tok.name === 'startArray' && key && ARRAYS[key] && !found) {
          itemsLevel = 2;
          shape = ARRAYS[key];
          found = true;
        }
      } else if (tok.name === 'endObject' || tok.name === 'endArray') {
        if (level === itemsLevel) itemsLevel = -1;
        level--;
      } else if (tok.name === 'keyValue' && level === 1) key = String(tok.value);
      else if (level === 0) throw new AppError(422, UNKNOWN_JSON_SHAPE);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (sourceError) throw sourceError;
    throw new AppError(422, MALFORMED);
  } finally {
    source.unpipe(tokens);
    tokens.destroy();
  }
  if (!found) throw new AppError(422, UNKNOWN_JSON_SHAPE);
}
