/**
 * vigie's glossary (web/src/lib/glossary.ts) over the texts vigie writes itself: every string literal, template
 * literal (each `${…}` read as X) and JSX text of server/, contract/, scripts/ and web/src/, read with the
 * TypeScript parser. A French text (accents or French function words, and a space) must not use a forbidden
 * variant of a glossary word, and no text may write a French elision with a straight apostrophe (« l'import »
 * is « l’import »). The spec's own texts stay as the spec writes them (SPEC sections 2, 4 and 8): they are listed
 * below, copied from it, since a fresh clone has no ../shared/spec.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { GLOSSARY, STRAIGHT_ELISION } from '../../web/src/lib/glossary';

const root = path.resolve(import.meta.dirname, '../..');

/** The spec's texts that write an elision with a straight apostrophe, exactly as the spec writes them (X = `${…}`). */
const SPEC_TEXTS = new Set([
  "Clients de l'api",
  "Voulez-vous vraiment désactiver l'accès de ce client à l'api ?",
  "Voulez-vous vraiment réactiver l'accès de ce client à l'api ?",
  "Annuler l'import",
  "File d'attente : X restent à traiter",
]);

const FRENCH = /[àâçéèêëîïôùûüÿœæÀÂÇÉÈÊÎÔÙÛ]|\b(le|la|les|des|du|une|est|et|pas|pour|avec|vous|votre|cette|aux|dans|sur|ne|sont|ou|un|ce|de)\b/i;

/** True when `text` reads as French prose (see the file's header). */
const isFrench = (text: string) => / /.test(text.trim()) && FRENCH.test(text);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** Every literal text of the scanned folders: `{where, text}`, a template's `${…}` parts read as X, JSX text trimmed. */
function literalTexts(): Array<{ where: string; text: string }> {
  // The glossary itself quotes the forbidden variants.
  const files = ['server', 'contract', 'scripts', 'web/src']
    .flatMap((dir) => sourceFiles(path.join(root, dir)))
    .filter((file) => !file.endsWith(path.join('web', 'src', 'lib', 'glossary.ts')));
  const found: Array<{ where: string; text: string }> = [];
  for (const file of files) {
    const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind);
    const visit = (node: ts.Node) => {
      let text: string | undefined;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) text = node.text;
      else if (ts.isJsxText(node)) text = node.text.replace(/\s+/g, ' ').trim();
      else if (ts.isTemplateExpression(node)) text = node.head.text + node.templateSpans.map((span) => 'X' + span.literal.text).join('');
      if (text) {
        const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
        found.push({ where: `${path.relative(root, file)}:${line}`, text });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

const texts = literalTexts();

describe('vigie’s glossary', () => {
  it('the rules: a straight elision is found in French, not in English; a forbidden variant is found', () => {
    expect(STRAIGHT_ELISION.test("Annuler l'import")).toBe(true);
    expect(STRAIGHT_ELISION.test("L'identifiant n'est pas valide.")).toBe(true);
    expect(STRAIGHT_ELISION.test("Apport d'X à X.")).toBe(true);
    expect(STRAIGHT_ELISION.test('Annuler l’import')).toBe(false);
    expect(STRAIGHT_ELISION.test("don't stop, it's fine")).toBe(false);
    expect(STRAIGHT_ELISION.test("select 'x', 'a'")).toBe(false);
    const variants = (text: string) => GLOSSARY.filter((e) => e.forbidden.some((re) => re.test(text))).map((e) => e.word);
    expect(variants('Saisissez votre adresse e-mail')).toEqual(['email']);
    expect(variants('L’importation du fichier a échoué')).toEqual(['import']);
    expect(variants('Ce deal est enregistré')).toEqual(['transaction']);
    expect(variants('Le champ Deal Amount est obligatoire')).toEqual([]);
  });

  it('no French text of server/, contract/, scripts/ and web/src/ writes an elision with a straight apostrophe, except the spec’s', () => {
    const faults = texts
      .filter(({ text }) => STRAIGHT_ELISION.test(text) && !SPEC_TEXTS.has(text.trim()))
      .map(({ where, text }) => `${where}: ${JSON.stringify(text)}`);
    expect(faults).toEqual([]);
  });

  it('no French text uses a forbidden variant of a glossary word', () => {
    const faults = texts.flatMap(({ where, text }) =>
      isFrench(text) && !SPEC_TEXTS.has(text.trim())
        ? GLOSSARY.filter((entry) => entry.forbidden.some((re) => re.test(text))).map((entry) => `${where}: ${JSON.stringify(text)} (say « ${entry.word} »)`)
        : [],
    );
    expect(faults).toEqual([]);
  });

  it('the spec’s texts keep the spec’s straight apostrophe where the code uses them', () => {
    const all = new Set(texts.map(({ text }) => text.trim()));
    for (const text of ["Clients de l'api", "Voulez-vous vraiment désactiver l'accès de ce client à l'api ?", "Annuler l'import"]) {
      expect(all.has(text), text).toBe(true);
    }
  });
});
