/**
 * Writes the web's API types from the server's OpenAPI document: builds the app in memory as the tests do
 * (test/helpers/app.ts: a migrated in-memory PGlite, no listening socket), reads `app.swagger()`, and turns it into
 * `web/src/api/schema.d.ts` with openapi-typescript. The file is committed; `openapi-fetch` reads it
 * (web/src/api/client.ts).
 *
 * `npm run api:types` writes it; `npm run api:types -- --check` (run by `npm run typecheck`) exits 1 when the
 * committed file differs from what the server publishes now, so a stale client fails the type check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { createTestApp } from '../test/helpers/app';

/** The generated file, relative to the repository root. */
export const SCHEMA_FILE = 'web/src/api/schema.d.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const HEADER = `/**
 * The API's paths and payloads, generated from the server's OpenAPI document by \`npm run api:types\`
 * (scripts/api-types.ts). Do not edit: \`npm run typecheck\` fails when it differs from the server.
 */

`;

/** The OpenAPI document of the app as `/api/docs/json` serves it. */
async function readOpenApi(): Promise<OpenAPI3> {
  const testApp = await createTestApp();
  try {
    return testApp.app.swagger() as unknown as OpenAPI3;
  } finally {
    await testApp.close();
  }
}

/** The text of the generated file for the current server. */
export async function generateSchema(): Promise<string> {
  // A field with a default may be left out of a request (zod's input), so it stays optional.
  const ast = await openapiTS(await readOpenApi(), { alphabetize: true, defaultNonNullable: false });
  return HEADER + astToString(ast);
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const file = path.join(root, SCHEMA_FILE);
  const text = await generateSchema();
  if (!check) {
    fs.writeFileSync(file, text);
    console.log(`${SCHEMA_FILE} written`);
    return;
  }
  const current = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (current !== text) {
    console.error(`${SCHEMA_FILE} is stale: the server's OpenAPI document changed. Run npm run api:types and commit it.`);
    process.exitCode = 1;
  }
}

await main();
