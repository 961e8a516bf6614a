/**
 * A SIRET given where a SIREN is asked (contract/siren.ts `readSirenOrSiret`, `siretNote`, `invalidSiretMessage`;
 * contract/fields.ts `sirenOrSiret`; server/http/siren-lines.ts `parseSirenLines`, `SiretNotes`), against the real
 * identifiers of test/fixtures/samples: a valid SIRET is taken for its SIREN (its first 9 digits, themselves a
 * valid SIREN) and the reduction is said; 14 digits that fail get their own message.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { sirenOrSiret } from '../../contract/fields';
import { dealEntityBody } from '../../contract/deals';
import { invalidSiretMessage, isValidSiren, readSirenOrSiret, SIREN_MESSAGE, siretNote } from '../../contract/siren';
import { AppError } from '../../server/lib/errors';
import { MAX_LISTED_LINES, parseSirenLines, SiretNotes } from '../../server/http/siren-lines';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/samples');
const read = (file: string) => parse(fs.readFileSync(path.join(fixtures, file)), { columns: true }) as Record<string, string>[];

/** Danone's head office (annuaire-entreprises fixture) and La Poste's establishment valid by the digit-sum rule. */
const DANONE = { siret: '55203253400703', siren: '552032534' };
const LA_POSTE = { siret: '35600000049837', siren: '356000000' };
/** Danone's SIRET with its last digit changed: Luhn fails. */
const BAD_DANONE = '55203253400704';
/** Luhn passes over the 14 digits, but its first 9 (123456789) fail the SIREN's own Luhn. */
const SIREN_PART_BAD = '12345678900007';
const BAD_KEY = (siret: string) => `Le SIRET ${siret} est invalide (clé de contrôle incorrecte).`;

/** The 422 field map thrown by `fn`. */
function errorsOf(fn: () => unknown): Record<string, string[]> {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(422);
    return (err as AppError).errors ?? {};
  }
  throw new Error('nothing thrown');
}

describe('readSirenOrSiret', () => {
  it('takes Danone’s SIRET for its SIREN, spaces ignored, and says so', () => {
    expect(readSirenOrSiret(DANONE.siret)).toEqual({ ok: true, siren: DANONE.siren, siret: DANONE.siret });
    expect(readSirenOrSiret(' 552 032 534 00703 ')).toEqual({ ok: true, siren: DANONE.siren, siret: DANONE.siret });
    expect(readSirenOrSiret('552\u00a0032\u202f534\u00a000703')).toEqual({ ok: true, siren: DANONE.siren, siret: DANONE.siret });
    expect(siretNote(DANONE.siret, DANONE.siren)).toBe('SIRET 55203253400703 → SIREN 552032534');
  });

  it('takes La Poste’s SIRETs, the digit-sum one included (Luhn fails on it), for 356000000', () => {
    expect(readSirenOrSiret(LA_POSTE.siret)).toEqual({ ok: true, siren: LA_POSTE.siren, siret: LA_POSTE.siret });
    expect(readSirenOrSiret('35600000000048')).toEqual({ ok: true, siren: LA_POSTE.siren, siret: '35600000000048' });
  });

  it('keeps a SIREN as it is, with no SIRET', () => {
    expect(readSirenOrSiret('552 032 534')).toEqual({ ok: true, siren: DANONE.siren, siret: null });
  });

  it('follows every case of siren_siret_validation_cases.csv', () => {
    for (const row of read('siren_siret_validation_cases.csv')) {
      const got = readSirenOrSiret(row.value);
      const valid = row.expected_valid === 'true';
      const isSiret = row.kind === 'siret' && /^\d{14}$/.test(row.value);
      if (valid) expect(got, row.value).toEqual({ ok: true, siren: row.value.slice(0, 9), siret: row.kind === 'siret' ? row.value : null });
      else if (isSiret) expect(got, row.value).toEqual({ ok: false, siret: row.value, message: BAD_KEY(row.value) });
      else expect(got, row.value).toEqual({ ok: false, siret: null, message: SIREN_MESSAGE });
    }
  });

  it('reduces each of the 135 real SIRETs of sample_identifiers.csv to a valid SIREN, its first 9 digits', () => {
    const sirets = read('sample_identifiers.csv').filter((r) => r.kind === 'siret');
    expect(sirets.length).toBeGreaterThan(100);
    for (const { value } of sirets) {
      const got = readSirenOrSiret(value);
      expect(got, value).toEqual({ ok: true, siren: value.slice(0, 9), siret: value });
      expect(isValidSiren(value.slice(0, 9)), value).toBe(true);
    }
  });

  it('refuses a SIRET whose key is wrong with its own message, distinct from the SIREN one', () => {
    expect(readSirenOrSiret(BAD_DANONE)).toEqual({ ok: false, siret: BAD_DANONE, message: 'Le SIRET 55203253400704 est invalide (clé de contrôle incorrecte).' });
    expect(invalidSiretMessage(BAD_DANONE)).not.toBe(SIREN_MESSAGE);
    // The La Poste rule is La Poste's only: the same digit-sum property elsewhere is no SIRET.
    expect(readSirenOrSiret('12345678912345')).toMatchObject({ ok: false, message: BAD_KEY('12345678912345') });
  });

  it('refuses a SIRET whose own key passes but whose SIREN does not (the two Luhn checks weigh digits apart)', () => {
    expect(readSirenOrSiret(SIREN_PART_BAD)).toEqual({
      ok: false,
      siret: SIREN_PART_BAD,
      message: 'Le SIRET 12345678900007 est invalide (son SIREN 123456789 a une clé de contrôle incorrecte).',
    });
  });

  it('gives the SIREN message to every other length and to signs or letters', () => {
    for (const v of ['', '55203253', '5520325340', '5520325340070', '552032534007030', '552-032-534-00703', 'A5203253400703']) {
      expect(readSirenOrSiret(v), v).toEqual({ ok: false, siret: null, message: SIREN_MESSAGE });
    }
  });
});

describe('sirenOrSiret (zod field) and the deal entity’s optional SIREN', () => {
  it('outputs the SIREN of a SIRET and refuses with the reading’s message', () => {
    expect(sirenOrSiret().parse('552 032 534 00703')).toBe(DANONE.siren);
    expect(sirenOrSiret().parse('552032534')).toBe(DANONE.siren);
    expect(sirenOrSiret().safeParse(BAD_DANONE).error?.issues.map((i) => i.message)).toEqual([BAD_KEY(BAD_DANONE)]);
    expect(sirenOrSiret().safeParse('123456789').error?.issues.map((i) => i.message)).toEqual([SIREN_MESSAGE]);
    expect(sirenOrSiret().safeParse(undefined).error?.issues.map((i) => i.message)).toEqual([SIREN_MESSAGE]);
  });

  it('takes a deal entity’s SIRET, as text or number, for its SIREN', () => {
    expect(dealEntityBody.parse({ siren: LA_POSTE.siret }).siren).toBe(LA_POSTE.siren);
    expect(dealEntityBody.parse({ siren: Number(DANONE.siret) }).siren).toBe(DANONE.siren);
    expect(dealEntityBody.safeParse({ siren: BAD_DANONE }).error?.issues).toMatchObject([{ path: ['siren'], message: BAD_KEY(BAD_DANONE) }]);
  });
});

describe('parseSirenLines (a SIREN textarea)', () => {
  it('takes SIRET lines for their SIREN, once each, with a note naming the line', () => {
    expect(parseSirenLines(['542051180', '552 032 534 00703', '552032534', LA_POSTE.siret], [1, 2, 4, 7])).toEqual({
      sirens: ['542051180', DANONE.siren, LA_POSTE.siren],
      notes: ['Ligne 2\u00a0: SIRET 55203253400703 → SIREN 552032534', 'Ligne 7\u00a0: SIRET 35600000049837 → SIREN 356000000'],
    });
    expect(parseSirenLines(['542051180'])).toEqual({ sirens: ['542051180'], notes: [] });
  });

  it('refuses the whole list, each bad SIRET line with its own message beside the SIREN one', () => {
    expect(errorsOf(() => parseSirenLines([DANONE.siret, BAD_DANONE, '12', SIREN_PART_BAD], [1, 3, 4, 6]))).toEqual({
      sirens: [
        'Ligne 3\u00a0: le SIRET 55203253400704 est invalide (clé de contrôle incorrecte).',
        "Ligne 4\u00a0: «\u00a012\u00a0» n’est pas un siren valide.",
        'Ligne 6\u00a0: le SIRET 12345678900007 est invalide (son SIREN 123456789 a une clé de contrôle incorrecte).',
      ],
    });
  });

  it('lists the first 50 SIRET lines, then counts the others', () => {
    const sirets = read('sample_identifiers.csv').filter((r) => r.kind === 'siret').map((r) => r.value);
    const { notes, sirens } = parseSirenLines(sirets);
    expect(notes).toHaveLength(MAX_LISTED_LINES + 1);
    expect(notes[0]).toBe(`Ligne 1\u00a0: SIRET ${sirets[0]} → SIREN ${sirets[0].slice(0, 9)}`);
    expect(notes[MAX_LISTED_LINES]).toBe(`… et ${sirets.length - MAX_LISTED_LINES} autre(s) SIRET ramené(s) à leur SIREN.`);
    expect(sirens).toEqual([...new Set(sirets.map((s) => s.slice(0, 9)))]);
  });

  it('SiretNotes counts every line it is given', () => {
    const notes = new SiretNotes();
    expect(notes.list()).toEqual([]);
    notes.add(4, siretNote(DANONE.siret, DANONE.siren));
    expect(notes.count).toBe(1);
    expect(notes.list()).toEqual(['Ligne 4\u00a0: SIRET 55203253400703 → SIREN 552032534']);
  });
});
