/**
 * Control characters (server/http/control-chars.ts): which characters are
 * refused, and where the safety net reports them.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { controlCharMessage, hasControlChars } from '../../contract/control-chars';
import { fieldsWithControlChars } from '../../server/http/control-chars';
import { email, optionalText, password, text } from '../../contract/fields';

describe('hasControlChars', () => {
  it('refuses C0 controls (but tab, LF and CRLF), DEL, C1 controls and a lone CR', () => {
    for (let c = 0; c <= 0x9f; c++) {
      const ch = String.fromCharCode(c);
      const refused = (c < 0x20 && c !== 0x09 && c !== 0x0a) || (c >= 0x7f && c <= 0x9f);
      expect(hasControlChars(`a${ch}b`), `U+${c.toString(16).padStart(4, '0')}`).toBe(refused);
    }
    expect(hasControlChars('a\r\nb')).toBe(false);
    expect(hasControlChars('a\rb')).toBe(true);
    expect(hasControlChars('a\r')).toBe(true);
    expect(hasControlChars('Société Générale — « été » 😀\t\n')).toBe(false);
  });
});

describe('fieldsWithControlChars', () => {
  it('names the top-level fields holding one at any depth, keys included', () => {
    expect(fieldsWithControlChars({ a: 'ok', b: 'n\u0000o', c: { d: ['x', 'y\u0001'] }, e: 3, f: null }, 'body')).toEqual(['b', 'c']);
    expect(fieldsWithControlChars({ ['k\u0000']: 1 }, 'body')).toEqual(['body']);
    expect(fieldsWithControlChars(JSON.parse('{"__proto__": "\\u0000", "constructor": "\\u0001"}'), 'query')).toEqual(['query']);
    expect(fieldsWithControlChars(['ok', 'n\u0000'], 'body')).toEqual(['body']);
    expect(fieldsWithControlChars('n\u0000', 'body')).toEqual(['body']);
    expect(fieldsWithControlChars(undefined, 'body')).toEqual([]);
    expect(fieldsWithControlChars({ a: 'tab\tand\r\nnewline' }, 'body')).toEqual([]);
  });

  it('walks deep nesting without recursion', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = { d: deep };
    expect(fieldsWithControlChars({ top: deep }, 'body')).toEqual(['top']);
  });
});

describe('field builders', () => {
  it('text, optionalText, email and password refuse them with the field label', () => {
    for (const [schema, label] of [[text('Nom'), 'Nom'], [optionalText('Prénom'), 'Prénom'], [email('Email'), 'Email'], [password('Mot de passe'), 'Mot de passe']] as const) {
      const r = (schema as z.ZodType).safeParse('abc\u0000defghijkl@example.com');
      expect(r.success, label).toBe(false);
      expect(r.error?.issues.map((i) => i.message), label).toContain(controlCharMessage(label));
    }
    expect(text('Nom').parse(' Jean\tDupont\r\n ')).toBe('Jean\tDupont');
  });
});
