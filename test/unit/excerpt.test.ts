/**
 * Quoting file content (server/lib/excerpt.ts): control characters escaped, at most 80 characters, and a CSV
 * header quoted only when it reads as one; the command-line tools' JSON log line (server/lib/log-safe.ts).
 */
import { describe, expect, it } from 'vitest';
import { escapeControls, excerpt, EXCERPT_MAX, headerExcerpt } from '../../server/lib/excerpt';
import { jsonLine } from '../../server/lib/log-safe';

describe('escapeControls', () => {
  it('writes control, separator and bidi characters as \\xNN / \\u{NNNN}', () => {
    expect(escapeControls('a\x1b]2;titre\x07b')).toBe('a\\x1b]2;titre\\x07b');
    expect(escapeControls('l1\nl2\r\0\x7f\x9b')).toBe('l1\\x0al2\\x0d\\x00\\x7f\\x9b');
    expect(escapeControls('a\u2028b\u202ec\u2066d\ufeff')).toBe('a\\u{2028}b\\u{202e}c\\u{2066}d\\u{feff}');
    expect(escapeControls('Société Générale — ligne «\u00a01\u00a0»')).toBe('Société Générale — ligne «\u00a01\u00a0»');
  });

  it('keeps the characters it is told to keep', () => {
    expect(escapeControls('ligne 1\nligne\t2\x1b[31m', '\n')).toBe('ligne 1\nligne\\x092\\x1b[31m');
  });
});

describe('excerpt', () => {
  it('is the escaped text when short enough', () => {
    expect(excerpt('nom;prenom')).toBe('nom;prenom');
    expect(excerpt('a\nb')).toBe('a\\x0ab');
  });

  it('cuts at 80 characters with an ellipsis, never inside an escape', () => {
    const long = 'x'.repeat(300);
    expect(excerpt(long)).toBe(`${'x'.repeat(EXCERPT_MAX - 1)}…`);
    const escapes = '\x1b'.repeat(40);
    const cut = excerpt(escapes);
    expect(cut.length).toBeLessThanOrEqual(EXCERPT_MAX);
    expect(cut).toMatch(/^(\\x1b)+…$/);
    expect(excerpt('abcdef', 4)).toBe('abc…');
    // A character outside the BMP is never cut in two.
    expect(excerpt('😀'.repeat(10), 5)).toBe('😀😀…');
  });
});

describe('headerExcerpt', () => {
  it('quotes column names joined by commas, cut at 80 characters', () => {
    expect(headerExcerpt(['nom', ' prenom ', 'ville'])).toBe('nom, prenom, ville');
    expect(headerExcerpt(['Raison sociale', 'N° SIREN', 'date (AAAA-MM-JJ)'])).toBe('Raison sociale, N° SIREN, date (AAAA-MM-JJ)');
    const many = headerExcerpt(Array.from({ length: 20 }, (_, i) => `colonne_${i}`))!;
    expect(many.length).toBeLessThanOrEqual(80);
    expect(many.endsWith('…')).toBe(true);
  });

  it('quotes nothing that does not read as a header: one value, a key, a data line, control characters', () => {
    expect(headerExcerpt([`base64:${Buffer.alloc(32, 9).toString('base64')}`])).toBeNull();
    expect(headerExcerpt(['x'.repeat(3000)])).toBeNull();
    expect(headerExcerpt(['APP_KEY=base64:abc+/=', 'DATABASE_URL=postgres://u:p@h/db'])).toBeNull();
    expect(headerExcerpt(['nom\x1b]2;titre\x07', 'prenom'])).toBeNull();
    expect(headerExcerpt(['', ''])).toBeNull();
  });
});

describe('jsonLine (the RNE worker log line)', () => {
  it('is valid JSON of the same value, with no raw control, separator or bidi character', () => {
    const value = { msg: 'a\x9b2Jb\u2028c\x7fd\x1b]2;t\x07', literal: '\\x41 \\u{2028}' };
    const line = jsonLine(value);
    expect(line.endsWith('\n')).toBe(true);
    // eslint-disable-next-line no-control-regex -- none may be left raw
    expect(line.slice(0, -1)).not.toMatch(/[\x00-\x1f\x7f-\x9f\u2028\u2029]/);
    expect(JSON.parse(line)).toEqual(value);
  });
});
