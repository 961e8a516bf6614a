/**
 * Reads any BODACC file as a stream of notices, the format detected from the content,
 * never from the name: `<` first (after an optional BOM and blanks) is a DILA XML bulletin
 * (server/modules/feeds/bodacc/xml.ts), `{` or `[` an Opendatasoft export (json.ts); anything else is refused.
 */
import { Readable } from 'node:stream';
import { AppError } from '../../../lib/errors';
import { readOdsExport } from './json';
import type { Notice } from './notice';
import { odsNotice } from './ods-notice';
import { readXmlBulletin } from './xml';
import { xmlNotice } from './xml-notice';

/** The formats a BODACC file may be in. */
export type BodaccFormat = 'xml' | 'json';

/** A notice read, with the bytes of the file read so far. */
export interface ReadNotice {
  notice: Notice;
  /** 1-based position of the notice in the file. */
  position: number;
  bytesRead: number;
}

/** French message of a file that is neither XML nor JSON. */
export const UNKNOWN_FORMAT =
  'Format de fichier non reconnu\u00a0: un bulletin BODACC XML (DILA) ou un export JSON Opendatasoft « annonces-commerciales » est attendu. Rien n’a été importé.';
/** French message of an empty file. */
export const EMPTY_FILE = 'Le fichier est vide. Rien n’a été importé.';

/** The first significant characters of `head` (BOM and blanks skipped; '' when there are none). */
function significant(head: Buffer): string {
  return head
    .subarray(0, SNIFF_MAX)
    .toString('latin1')
    .replace(/^(\xef\xbb\xbf|\xfe\xff|\xff\xfe)/, '')
    .trimStart()
    .slice(0, 16);
}

/** Most bytes read to find the first significant character. */
const SNIFF_MAX = 1 << 20;

/** The format the first bytes announce, or undefined. */
export function sniffFormat(head: Buffer): BodaccFormat | undefined {
  const s = significant(head);
  if (s.startsWith('<')) return 'xml';
  if (s.startsWith('{') || s.startsWith('[')) return 'json';
  return undefined;
}

/**
 * The notices of the file `source`, in file order.
 * @throws AppError 422 (French) for an empty file, an unknown format, broken XML or JSON, an unknown JSON
 *   shape, or a notice without its identity (bulletin, issue, date, number)
 */
export async function* readNotices(source: Readable): AsyncGenerator<ReadNotice> {
  let bytesRead = 0;
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let head = Buffer.alloc(0);
  // Enough bytes to see the first significant character (a file may start with many blank lines).
  while (significant(head) === '' && head.length < SNIFF_MAX) {
    const next = await iterator.next();
    if (next.done) break;
    head = Buffer.concat([head, Buffer.from(next.value)]);
  }
  if (significant(head) === '') throw new AppError(422, head.length < SNIFF_MAX ? EMPTY_FILE : UNKNOWN_FORMAT);
  const format = sniffFormat(head);
  if (!format) {
    source.destroy();
    throw new AppError(422, UNKNOWN_FORMAT);
  }
  async function* chunks(): AsyncGenerator<Buffer> {
    bytesRead += head.length;
    yield head;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      const chunk = Buffer.from(next.value);
      bytesRead += chunk.length;
      yield chunk;
    }
  }
  let position = 0;
  if (format === 'xml') {
    for await (const avis of readXmlBulletin(chunks())) {
      position++;
      yield { notice: xmlNotice(avis, position), position, bytesRead };
    }
  } else {
    for await (const item of readOdsExport(Readable.from(chunks(), { objectMode: false }))) {
      position++;
      yield { notice: odsNotice(item, position), position, bytesRead };
    }
  }
}
