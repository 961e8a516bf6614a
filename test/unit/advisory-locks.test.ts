/**
 * The registry of advisory lock keys (server/db/locks.ts): every key unique within its key space, in the range
 * PostgreSQL takes, and every server file that takes an advisory lock taking its key from the registry, never from a
 * number literal (a key written outside the registry is a key nobody checks for collisions).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCK_CLASSES, ADVISORY_LOCKS } from '../../server/db/locks';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Names sharing one key, as `key: [names]` for every key used more than once. */
function collisions(registry: Record<string, number>): Record<string, string[]> {
  const byKey = new Map<number, string[]>();
  for (const [name, key] of Object.entries(registry)) byKey.set(key, [...(byKey.get(key) ?? []), name]);
  return Object.fromEntries([...byKey].filter(([, names]) => names.length > 1).map(([key, names]) => [String(key), names]));
}

/** Every `.ts` file under `dir`, recursively, migrations excluded (generated SQL lives there, not lock calls). */
function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : tsFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('advisory lock registry', () => {
  it('gives every single-key lock its own key', () => {
    expect(collisions(ADVISORY_LOCKS)).toEqual({});
  });

  it('gives every two-key lock class its own class', () => {
    expect(collisions(ADVISORY_LOCK_CLASSES)).toEqual({});
  });

  it('keeps single keys within bigint and class keys within int4', () => {
    for (const key of Object.values(ADVISORY_LOCKS)) expect(Number.isSafeInteger(key), String(key)).toBe(true);
    for (const key of Object.values(ADVISORY_LOCK_CLASSES)) {
      expect(Number.isInteger(key) && key >= -(2 ** 31) && key < 2 ** 31, String(key)).toBe(true);
    }
  });

  it('is the only place a server file takes its keys from', () => {
    const literal = /pg_(?:try_)?advisory_(?:xact_)?(?:un)?lock(?:_shared)?\(\s*-?\d/g;
    const keyed = /pg_(?:try_)?advisory_(?:xact_)?(?:un)?lock(?:_shared)?\((?!\))/;
    const registry = /from '(?:\.\.?\/)+(?:db\/)?locks'/;
    const offenders = tsFiles(path.join(root, 'server')).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      const name = path.relative(root, file);
      const literals = [...text.matchAll(literal)].map((m) => `${name}: number literal in ${m[0]}`);
      const unregistered = keyed.test(text) && !registry.test(text) && name !== 'server/db/locks.ts' ? [`${name}: takes a lock without server/db/locks`] : [];
      return [...literals, ...unregistered];
    });
    expect(offenders).toEqual([]);
  });
});
