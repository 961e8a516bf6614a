#!/usr/bin/env node
/**
 * Fails when the committed migrations are stale (CONVENTIONS.md section 4.8): runs drizzle-kit
 * generate against a temporary copy of the migrations folder and checks that it produced nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-migrations-'));
fs.cpSync('server/db/migrations', tmp, { recursive: true });
const cfg = path.join(tmp, 'drizzle.check.config.mjs');
fs.writeFileSync(cfg, `export default { dialect: 'postgresql', schema: ${JSON.stringify(path.resolve('server/db/schema/index.ts'))}, out: ${JSON.stringify(path.relative(process.cwd(), tmp))} };\n`);
const count = () => fs.readdirSync(tmp).length + fs.readdirSync(path.join(tmp, 'meta')).length;
const before = count();
const r = spawnSync(process.execPath, ['node_modules/drizzle-kit/bin.cjs', 'generate', '--config', cfg], { encoding: 'utf8' });
const after = count();
fs.rmSync(tmp, { recursive: true, force: true });
if (r.status !== 0 || /Error/.test(r.stderr + r.stdout)) {
  console.error(r.stdout, r.stderr);
  process.exit(r.status ?? 1);
}
if (after !== before) {
  console.error('Migrations are stale: run `npm run db:generate` and commit server/db/migrations.');
  process.exit(1);
}
console.log('migrations: up to date');
