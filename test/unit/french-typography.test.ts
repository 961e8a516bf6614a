/**
 * French typography of the texts vigie writes itself: a no-break space comes before
 * `!`, `?`, `:` and `;` — U+00A0 before the colon, the narrow U+202F before the others (both are accepted) —
 * so that a line never starts with the mark alone. The spec's own texts stay exactly as the spec writes
 * them ('Opération effectuée avec succès!', 'Import CSV réussi !', the confirmations '… ce group ?').
 *
 * How: every string literal, template literal (each `${…}` read as a word) and JSX text of server/,
 * contract/, scripts/ and web/src/ is read with the TypeScript parser. A literal is at fault when a
 * letter, digit, `»` or `)` is followed by a plain space and one of the four marks (French spacing with
 * the wrong space: English never spaces them), or — in French prose only (accents or French function
 * words, and a space) — directly by the mark and then a space or the end ("Usage: …"). URLs, times
 * (`10:30`), SQL casts (`::`) and the like never match these shapes. Exceptions: the spec's texts and code
 * quoted in a message (an HTTP header line), listed below.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The spec's texts with a mark, exactly as ../shared/spec/SPEC.md (sections 2, 4 and 8) writes them, a
 * `${…}` part written X. They keep their plain space (or none).
 */
const SPEC_TEXTS = new Set([
  'Une erreur est survenue!',
  'Opération effectuée avec succès!',
  'Import CSV réussi !',
  "Voulez-vous vraiment désactiver l'accès de ce client à l'api ?",
  // "(or the reactivation equivalent)"
  "Voulez-vous vraiment réactiver l'accès de ce client à l'api ?",
  'Voulez-vous vraiment désactiver cette catégorie de news ?',
  'Voulez-vous vraiment réactiver cette catégorie de news ?',
  'Voulez-vous vraiment désactiver ce group ?',
  'Voulez-vous vraiment réactiver ce group ?',
  'Voulez-vous vraiment désactiver ce role ?',
  'Voulez-vous vraiment réactiver ce role ?',
  'Voulez-vous vraiment désactiver ce type ?',
  'Voulez-vous vraiment réactiver ce type ?',
  'Voulez-vous vraiment effacer cette catégorie ?',
  'Voulez-vous vraiment effacer ce group ?',
  'Voulez-vous vraiment effacer ce siren ?',
  'Voulez-vous vraiment effacer cet article ?',
  'Êtes-vous sûr(e) de vouloir le supprimer ?',
  'Aucune purge effectuée!',
  'Aucune insertion effectuée!',
  'X purges effectuées avec succès!',
  'X insertions effectuées avec succès!',
  "File d'attente : X restent à traiter",
  'Différentiel sur les dirigeants : J , J-1',
]);

/** Code quoted inside a message, written as the machine reads it. */
const CODE_TEXTS = new Set(["L’en-tête X-Requested-With: XMLHttpRequest est requis."]);

const SPACED = /[\p{L}\p{N}»)] [!?:;]/u;
const GLUED = /[\p{L}\p{N}»)][!?:;](?=\s|$)/u;
const FRENCH = /[àâçéèêëîïôùûüÿœæÀÂÇÉÈÊÎÔÙÛ]|\b(le|la|les|des|du|une|est|et|pas|pour|avec|vous|votre|cette|aux|dans|sur|ne|sont|ou|un|ce|de)\b/i;

/** True when `text` breaks the rule (see the file's header). */
function badFrenchSpacing(text: string): boolean {
  if (SPACED.test(text)) return true;
  return GLUED.test(text) && / /.test(text) && FRENCH.test(text) && !/\w+:\/\//.test(text);
}

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every literal text of the scanned folders: `{where, text}`, a template's `${…}` parts read as X. */
function literalTexts(): Array<{ where: string; text: string }> {
  const files = ['server', 'contract', 'scripts', 'web/src'].flatMap((dir) => sourceFiles(path.join(root, dir)));
  const found: Array<{ where: string; text: string }> = [];
  for (const file of files) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node) => {
      let text: string | undefined;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isJsxText(node)) text = node.text;
      else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => 'X' + span.literal.text).join('');
      if (text !== undefined) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push({ where: `${path.relative(root, file)}:${line}`, text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('French typography of our own texts', () => {
  it('the rule: a plain space or none before ! ? : ; in French prose is a fault; no-break spaces, code and URLs are not', () => {
    expect(badFrenchSpacing('Usage : npm run x')).toBe(true);
    expect(badFrenchSpacing('Usage: npm run admin:password')).toBe(false); // English-looking, no French word
    expect(badFrenchSpacing('Nouveau mot de passe: abc')).toBe(true);
    expect(badFrenchSpacing('Le serveur est-il démarré ?')).toBe(true);
    expect(badFrenchSpacing('Le serveur est-il démarré?')).toBe(true);
    expect(badFrenchSpacing('Usage\u00a0: npm run x')).toBe(false);
    expect(badFrenchSpacing('Le serveur est-il démarré\u202f?')).toBe(false);
    expect(badFrenchSpacing('Voir https://example.com/a?b=1 pour le détail')).toBe(false);
    expect(badFrenchSpacing('Rendez-vous à 10:30 dans la salle')).toBe(false);
    expect(badFrenchSpacing('select x::text from t')).toBe(false);
  });

  it('no text of server/, contract/, scripts/ and web/src/ breaks it, except the spec’s own texts', () => {
    const faults = literalTexts()
      .filter(({ text }) => badFrenchSpacing(text) && !SPEC_TEXTS.has(text) && !CODE_TEXTS.has(text))
      .map(({ where, text }) => `${where}: ${JSON.stringify(text)}`);
    expect(faults).toEqual([]);
  });

  it('the spec’s texts found in the code are written exactly as the spec writes them', () => {
    const texts = new Set(literalTexts().map(({ text }) => text));
    // Those of the modules built so far (the others arrive with news, supervision and deals).
    for (const text of ['Une erreur est survenue!', 'Opération effectuée avec succès!', "Voulez-vous vraiment désactiver l'accès de ce client à l'api ?", 'Voulez-vous vraiment effacer ce siren ?']) {
      expect(texts.has(text), text).toBe(true);
    }
  });
});
