/**
 * `npm run config:docs`: writes docs/configuration.md from the configuration schema (server/config.ts `envSchema`,
 * rendered by scripts/config-docs-render.ts). `npm run config:docs -- --check` (run by `npm run typecheck`) writes
 * nothing and exits 1 when the committed file differs from what the schema gives, or when a variable has no
 * documentation, so that the page cannot drift from the code.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ENV_GROUPS, envSchema } from '../server/config';
import { renderConfigDocs } from './config-docs-render';

/** The generated file, relative to the repository root. */
const DOCS_FILE = 'docs/configuration.md';

const file = path.join(fileURLToPath(new URL('..', import.meta.url)), DOCS_FILE);
const text = renderConfigDocs(envSchema, ENV_GROUPS);
if (!process.argv.includes('--check')) {
  fs.writeFileSync(file, text);
  console.log(`${DOCS_FILE} written`);
} else if ((fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '') !== text) {
  console.error(`${DOCS_FILE} is stale: the configuration schema changed. Run npm run config:docs and commit it.`);
  process.exitCode = 1;
}
