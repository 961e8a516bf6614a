/** Vitest global setup of the `api-pglite` project: builds the migrated PGlite template once. */
import { ensureTemplate } from './pglite-template';

/** Ensures the PGlite template file exists before the workers start. */
export default async function setup(): Promise<void> {
  await ensureTemplate();
}
