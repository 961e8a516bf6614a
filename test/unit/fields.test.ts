/**
 * The shared zod field builders (contract/fields.ts): French, Laravel-style messages naming the field.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { email, errorResponses, frenchError, idParams, optionalPassword, optionalText, password, status, text } from '../../contract/fields';

/** The messages of a failed parse ([] when it succeeds). */
function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe('text', () => {
  const name = text('Nom');
  it('is required, trimmed, and names the field', () => {
    for (const v of [undefined, null, '', '   ']) expect(messages(name, v)[0], String(v)).toBe('Le champ Nom est obligatoire.');
    expect(name.parse('  Jean  ')).toBe('Jean');
    expect(messages(name, 42)).toEqual(["Le champ Nom n’est pas valide."]);
  });

  it('has a maximum length (255 by default)', () => {
    expect(name.parse('x'.repeat(255))).toHaveLength(255);
    expect(messages(name, 'x'.repeat(256))).toEqual(['Le champ Nom ne peut pas dépasser 255 caractères.']);
    expect(messages(text('Titre', 10), 'x'.repeat(11))).toEqual(['Le champ Titre ne peut pas dépasser 10 caractères.']);
  });
});

describe('optionalText', () => {
  const firstname = optionalText('Prénom');
  it('turns absent, null and blank into undefined', () => {
    for (const v of [undefined, null, '', '  ']) expect(firstname.parse(v)).toBeUndefined();
    expect(firstname.parse(' Claire ')).toBe('Claire');
  });
  it('still checks the type and the length', () => {
    expect(messages(firstname, 'x'.repeat(256))).toEqual(['Le champ Prénom ne peut pas dépasser 255 caractères.']);
    expect(messages(firstname, 12)).toEqual(["Le champ Prénom n’est pas valide."]);
  });
});

describe('email', () => {
  it('is required, trimmed and lower-cased', () => {
    expect(email().parse('  Jean.Dupont@Example.FR ')).toBe('jean.dupont@example.fr');
    for (const v of [undefined, '', '  ']) expect(messages(email(), v)[0]).toBe('Le champ Email est obligatoire.');
  });
  it('rejects malformed addresses with the field label', () => {
    for (const v of ['jean', 'jean@', '@example.fr', 'jean dupont@example.fr', 'jean@example']) {
      expect(messages(email(), v), v).toEqual(['Le champ Email doit être une adresse email valide.']);
    }
    expect(messages(email('Adresse'), 'x')).toEqual(['Le champ Adresse doit être une adresse email valide.']);
    expect(messages(email(), `${'a'.repeat(250)}@example.fr`)[0]).toBe('Le champ Email ne peut pas dépasser 255 caractères.');
  });
});

describe('password', () => {
  const pw = password();
  it('needs 12 to 128 characters, spaces included and kept', () => {
    expect(messages(pw, undefined)).toEqual(['Le champ Mot de passe est obligatoire.']);
    expect(messages(pw, '')[0]).toBe('Le champ Mot de passe est obligatoire.');
    expect(messages(pw, 'x'.repeat(11))).toEqual(['Le champ Mot de passe doit contenir au moins 12 caractères.']);
    expect(pw.parse('x'.repeat(12))).toHaveLength(12);
    expect(pw.parse('x'.repeat(128))).toHaveLength(128);
    expect(messages(pw, 'x'.repeat(129))).toEqual(['Le champ Mot de passe ne peut pas dépasser 128 caractères.']);
    expect(pw.parse('  ten chars ')).toBe('  ten chars ');
    expect(messages(password('Nouveau mot de passe'), 'short')).toEqual(['Le champ Nouveau mot de passe doit contenir au moins 12 caractères.']);
  });
});

describe('optionalPassword', () => {
  const pw = optionalPassword();
  it('treats absent, null and empty as "keep the current one"', () => {
    for (const v of [undefined, null, '']) expect(pw.parse(v)).toBeUndefined();
    expect(pw.parse('a-valid-password')).toBe('a-valid-password');
  });
  it('validates a given password like password()', () => {
    expect(messages(pw, 'short')).toEqual(['Le champ Mot de passe doit contenir au moins 12 caractères.']);
    expect(messages(pw, 'x'.repeat(129))).toEqual(['Le champ Mot de passe ne peut pas dépasser 128 caractères.']);
  });
});

describe('status', () => {
  const s = status();
  it('coerces 1/0, true/false and "1"/"0" and defaults to 1', () => {
    expect([1, true, '1'].map((v) => s.parse(v))).toEqual([1, 1, 1]);
    expect([0, false, '0'].map((v) => s.parse(v))).toEqual([0, 0, 0]);
    expect(s.parse(undefined)).toBe(1);
  });
  it('rejects anything else', () => {
    for (const v of [2, -1, '2', 'yes', 'true', null, [], {}]) expect(messages(s, v), JSON.stringify(v)).toEqual(["Le champ Actif n’est pas valide."]);
  });
});

describe('idParams', () => {
  it('accepts a positive 32-bit integer from the path', () => {
    expect(idParams.parse({ id: '42' })).toEqual({ id: 42 });
    expect(idParams.parse({ id: '2147483647' })).toEqual({ id: 2147483647 });
  });
  it('rejects anything else', () => {
    for (const id of ['abc', '0', '-1', '1.5', '2147483648', '']) expect(idParams.safeParse({ id }).success, id).toBe(false);
  });
});

describe('frenchError', () => {
  const e = frenchError('Sirens');
  it('words the other bounds', () => {
    expect(e({ code: 'too_small', origin: 'array', minimum: 1 })).toBe('Le champ Sirens doit contenir au moins 1 élément(s).');
    expect(e({ code: 'too_big', origin: 'array', maximum: 500 })).toBe('Le champ Sirens ne peut pas contenir plus de 500 éléments.');
    expect(e({ code: 'too_small', origin: 'number', minimum: 3 })).toBe('Le champ Sirens doit être supérieur ou égal à 3.');
    expect(e({ code: 'too_big', origin: 'number', maximum: 9 })).toBe('Le champ Sirens doit être inférieur ou égal à 9.');
    expect(e({ code: 'invalid_format', format: 'regex' })).toBe('Le format du champ Sirens est invalide.');
    expect(e({ code: 'custom' })).toBe("Le champ Sirens n’est pas valide.");
  });
  it('works as a zod error map', () => {
    const schema = z.array(z.string(), { error: e }).min(2, { error: e });
    expect(messages(schema, ['a'])).toEqual(['Le champ Sirens doit contenir au moins 2 élément(s).']);
    expect(messages(schema, undefined)).toEqual(['Le champ Sirens est obligatoire.']);
  });
});

describe('errorResponses', () => {
  it('declares exactly the requested error bodies', () => {
    const r = errorResponses(401, 422);
    expect(Object.keys(r).sort()).toEqual(['401', '422']);
    expect(r[401]!.safeParse({ message: 'x' }).success).toBe(true);
    expect(r[422]!.safeParse({ message: 'x', errors: { name: ['y'] } }).success).toBe(true);
    expect(r[422]!.safeParse({ message: 'x' }).success).toBe(false);
  });
});
