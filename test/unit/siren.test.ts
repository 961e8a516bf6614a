/**
 * The SIREN/SIRET rule against the real identifiers of shared/samples (copied with provenance into
 * test/fixtures/samples, see its README).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { siren } from '../../contract/fields';
import { isValidSiren, isValidSiret, normaliseSiren, normaliseSiret, SIREN_MESSAGE } from '../../contract/siren';

const fixtures = path.resolve(import.meta.dirname, '../fixtures/samples');
const read = (file: string) => parse(fs.readFileSync(path.join(fixtures, file)), { columns: true }) as Record<string, string>[];

describe('validation cases (siren_siret_validation_cases.csv)', () => {
  for (const row of read('siren_siret_validation_cases.csv')) {
    it(`${row.kind} ${row.value} (${row.description}) is ${row.expected_valid === 'true' ? 'valid' : 'invalid'}`, () => {
      const valid = row.kind === 'siren' ? isValidSiren(row.value) : isValidSiret(row.value);
      expect(valid).toBe(row.expected_valid === 'true');
    });
  }
});

describe('every identifier of the samples', () => {
  const ids = read('sample_identifiers.csv');
  it('holds hundreds of real SIRENs and SIRETs', () => {
    expect(ids.filter((r) => r.kind === 'siren').length).toBeGreaterThan(250);
    expect(ids.filter((r) => r.kind === 'siret').length).toBeGreaterThan(100);
  });
  it('accepts them all', () => {
    const rejected = ids.filter((r) => !(r.kind === 'siren' ? isValidSiren(r.value) : isValidSiret(r.value)));
    expect(rejected).toEqual([]);
  });
  it('accepts the 38 listed companies', () => {
    const listed = read('listed_french_companies_sirens.csv');
    expect(listed).toHaveLength(38);
    expect(listed.every((r) => isValidSiren(r.siren))).toBe(true);
  });
  it('rejects each SIREN with its last digit changed', () => {
    for (const r of ids.filter((x) => x.kind === 'siren')) {
      const last = Number(r.value[8]);
      const altered = r.value.slice(0, 8) + String((last + 1) % 10);
      expect(isValidSiren(altered), altered).toBe(false);
    }
  });
});

describe('normalisation', () => {
  it('removes spaces, including non-breaking ones', () => {
    expect(normaliseSiren('552 032 534')).toBe('552032534');
    expect(normaliseSiren(' 552\u00a0032\u202f534 ')).toBe('552032534');
    expect(normaliseSiret('552 032 534 00703')).toBe('55203253400703');
  });
  it('rejects letters, signs and wrong lengths', () => {
    for (const v of ['', '55203253', '5520325340', '552-032-534', 'A52032534', '552.032.534']) expect(normaliseSiren(v), v).toBeNull();
  });
  it('applies the La Poste rule only to La Poste SIRETs', () => {
    expect(isValidSiret('35600000049837')).toBe(true);
    // Same digit-sum property on another SIREN is not enough.
    expect(isValidSiret('55203253400001')).toBe(false); // Luhn KO, digit sum 30
  });
  it('gives the zod field its message and normalised output', () => {
    expect(siren().parse('552 032 534')).toBe('552032534');
    const r = siren().safeParse('123456789');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe(SIREN_MESSAGE);
  });
});
