/**
 * SIRENs for tests: a deterministic series of valid ones (8 digits + the Luhn check digit found with
 * `fast-luhn`, independently of contract/siren.ts) and the 38 real SIRENs of the listed companies.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import luhn from 'fast-luhn';

/** The n-th valid SIREN (n >= 0) of the series starting at the 8-digit prefix `base`. */
export function validSiren(n: number, base = 10_000_000): string {
  const prefix = String(base + n).padStart(8, '0');
  for (let d = 0; d < 10; d++) if (luhn(prefix + d)) return prefix + d;
  throw new Error(`no check digit for ${prefix}`);
}

/** `count` distinct valid SIRENs. */
export function validSirens(count: number, base = 10_000_000): string[] {
  return Array.from({ length: count }, (_, i) => validSiren(i, base));
}

/** A 9-digit SIREN with a wrong check digit (the valid one with its last digit changed). */
export function badLuhnSiren(n: number, base = 10_000_000): string {
  const s = validSiren(n, base);
  return s.slice(0, 8) + String((Number(s[8]) + 1) % 10);
}

/** `552032534` -> `552 032 534`. */
export function spaced(siren: string): string {
  return `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`;
}

/** The 38 listed French companies of test/fixtures/samples (name, siren). */
export function listedCompanies(): Array<{ name: string; siren: string }> {
  const file = path.resolve(import.meta.dirname, '../fixtures/samples/listed_french_companies_sirens.csv');
  return (parse(fs.readFileSync(file), { columns: true }) as Array<Record<string, string>>).map((r) => ({ name: r.name, siren: r.siren }));
}
