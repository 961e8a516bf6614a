/**
 * Streaming reader of the DILA open-data XML bulletins of BODACC A: root `RCS-A_IMMAT`
 * (schema `Bodacc_A_RCI_sor_v100.xsd`), then `<parution>` (issue number), `<dateParution>` (YYYY-MM-DD) and
 * `<listeAvis>` with one `<avis>` per notice (creations, registrations, sales). Parsed by saxes, one chunk at
 * a time: each `<avis>` is turned into a plain object (element -> key; repeated element -> array; element
 * without children -> its trimmed text, '' when empty; attributes -> `@name` keys) and handed out as soon as it
 * is closed, so memory holds one chunk and its notices whatever the size of the file. The encoding is the
 * one the XML declaration names (UTF-8 by default), decoded by iconv-lite.
 */
import iconv from 'iconv-lite';
import { SaxesParser } from 'saxes';
import { AppError } from '../../../lib/errors';
import { excerpt } from '../../../lib/excerpt';

/** Root element of a BODACC A bulletin and its bulletin letter. */
export const XML_ROOTS: Record<string, 'A'> = { 'RCS-A_IMMAT': 'A' };

/**
 * Deepest nesting of elements a bulletin may have: a notice is about 6 levels below the root. Deeper, the
 * notice's object would overflow the stack where it is read.
 */
export const XML_MAX_DEPTH = 100;

/** A JSON value built from an element. */
export type XmlValue = string | XmlObject | XmlValue[];
/** An element with children. */
export interface XmlObject {
  [key: string]: XmlValue;
}

/** One `<avis>` of a bulletin, with what the bulletin says before it. */
export interface XmlAvis {
  bulletin: 'A';
  issue: string | undefined;
  issueDate: string | undefined;
  avis: XmlObject;
}

interface Node {
  name: string;
  children: XmlObject | null;
  text: string;
}

function add(parent: XmlObject, key: string, value: XmlValue): void {
  const had = parent[key];
  if (had === undefined) parent[key] = value;
  else if (Array.isArray(had)) had.push(value);
  else parent[key] = [had, value];
}

/** The encoding the XML declaration of `head` names, or utf-8. */
function declaredEncoding(head: Buffer): string {
  const m = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head.subarray(0, 200).toString('latin1'));
  const name = m?.[1] ?? 'utf-8';
  if (!iconv.encodingExists(name)) throw new AppError(422, `Encodage « ${excerpt(name, 40)} » du fichier XML non pris en charge. Rien n’a été importé.`);
  return name;
}

function malformed(parser: SaxesParser, detail: string): AppError {
  return new AppError(422, `Le fichier XML est mal formé (ligne ${parser.line}, colonne ${parser.column + 1}\u00a0: ${detail}). Rien n’a été importé.`);
}

/** French wording of the few saxes errors a broken file gives; other messages are summed up. */
function frenchDetail(message: string): string {
  const m = message.replace(/^[^:]*:\d+:\d+: /, '');
  if (/unclosed tag/i.test(m)) return 'balise jamais fermée, fichier tronqué\u00a0?';
  if (/unexpected close tag/i.test(m)) return 'balise fermante inattendue';
  if (/unmatched closing tag/i.test(m)) return 'balise fermante sans balise ouvrante';
  if (/text data outside of root node|document must contain a root element/i.test(m)) return 'contenu hors de l’élément racine';
  if (/disallowed character|invalid character/i.test(m)) return 'caractère interdit';
  if (/entity/i.test(m)) return 'entité inconnue';
  return 'syntaxe XML invalide';
}

/**
 * Reads the notices of a bulletin.
 * @param chunks - the file's bytes
 * @throws AppError 422 (French) for broken XML (with line and column), a root that is not a BODACC bulletin,
 *   elements nested deeper than XML_MAX_DEPTH, or an unsupported encoding
 */
export async function* readXmlBulletin(chunks: AsyncIterable<Buffer>): AsyncGenerator<XmlAvis> {
  const parser = new SaxesParser({ position: true });
  const ready: XmlAvis[] = [];
  let depth = 0;
  let bulletin: 'A' | undefined;
  let issue: string | undefined;
  let issueDate: string | undefined;
  let header: { name: string; text: string } | null = null;
  const stack: Node[] = [];
  let failure: AppError | null = null;

  parser.on('opentag', (tag) => {
    depth++;
    if (depth > XML_MAX_DEPTH) {
      throw new AppError(
        422,
        `Le fichier XML imbrique plus de ${XML_MAX_DEPTH} niveaux d’éléments (ligne ${parser.line})\u00a0: ce n’est pas un bulletin BODACC. Rien n’a été importé.`,
      );
    }
    if (depth === 1) {
      bulletin = XML_ROOTS[tag.name];
      if (!bulletin) throw new AppError(422, `Fichier XML non reconnu\u00a0: élément racine « ${excerpt(tag.name, 40)} » (un bulletin BODACC A « RCS-A_IMMAT » est attendu). Rien n’a été importé.`);
      return;
    }
    if (stack.length > 0 || tag.name === 'avis') {
      const children: XmlObject | null = Object.keys(tag.attributes).length ? {} : null;
      if (children) for (const [k, v] of Object.entries(tag.attributes)) children[`@${k}`] = String(v);
      if (stack.length > 0 && !stack[stack.length - 1].children) stack[stack.length - 1].children = {};
      stack.push({ name: tag.name, children, text: '' });
    } else if (depth === 2 && (tag.name === 'parution' || tag.name === 'dateParution')) header = { name: tag.name, text: '' };
  });
  parser.on('text', (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
    else if (header) header.text += t;
  });
  parser.on('cdata', (t) => {
    if (stack.length) stack[stack.length - 1].text += t;
  });
  parser.on('closetag', () => {
    depth--;
    if (stack.length) {
      const node = stack.pop()!;
      const value: XmlValue = node.children ?? node.text.trim();
      if (stack.length) add(stack[stack.length - 1].children!, node.name, value);
      else ready.push({ bulletin: bulletin!, issue, issueDate, avis: (node.children ?? {}) as XmlObject });
    } else if (header) {
      if (header.name === 'parution') issue = header.text.trim();
      else issueDate = header.text.trim();
      header = null;
    }
  });
  parser.on('error', (err) => {
    failure ??= malformed(parser, frenchDetail(err.message));
    throw failure;
  });

  const write = (text: string | null) => {
    try {
      if (text === null) parser.close();
      else parser.write(text);
    } catch (err) {
      throw err instanceof AppError ? err : (failure ?? malformed(parser, frenchDetail((err as Error).message)));
    }
  };

  let decoder: ReturnType<typeof iconv.getDecoder> | null = null;
  for await (const chunk of chunks) {
    if (!decoder) decoder = iconv.getDecoder(declaredEncoding(chunk), { stripBOM: true });
    write(decoder.write(chunk));
    yield* ready.splice(0);
  }
  if (decoder) write(decoder.end() ?? '');
  write(null);
  yield* ready.splice(0);
  if (!bulletin) throw new AppError(422, 'Le fichier XML ne contient aucun élément. Rien n’a été importé.');
}
