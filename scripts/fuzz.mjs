#!/usr/bin/env node
/**
 * `npm run fuzz [-- --runs N] [-- --seed S]`: the property-based fuzz test of every route
 * (test/api/fuzz.test.ts) with many more cases than `npm test` (default 5,000)
 * and a random seed, printed first so that a failure can be replayed:
 *   FUZZ_SEED=<seed> FUZZ_RUNS=<n> npx vitest run --project api-pglite test/api/fuzz.test.ts
 * On PostgreSQL too when TEST_DATABASE_URL is set (the api-pg project).
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const runs = Number(opt('--runs') ?? process.env.FUZZ_RUNS ?? 5000);
const seed = Number(opt('--seed') ?? process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
if (!Number.isSafeInteger(runs) || runs < 1 || !Number.isSafeInteger(seed)) {
  console.error('usage: npm run fuzz [-- --runs N] [-- --seed S]');
  process.exit(2);
}
console.log(`fuzz: ${runs} runs, seed ${seed}`);
const projects = ['--project', 'api-pglite', ...(process.env.TEST_DATABASE_URL ? ['--project', 'api-pg'] : [])];
const r = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...projects, 'test/api/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: String(runs), FUZZ_SEED: String(seed) },
});
if (r.status !== 0) console.error(`fuzz failed: replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs}`);
process.exit(r.status ?? 1);
