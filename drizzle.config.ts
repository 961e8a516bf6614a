import { defineConfig } from 'drizzle-kit';

/** drizzle-kit: SQL migrations generated from server/db/schema, committed under server/db/migrations. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './server/db/migrations',
});
