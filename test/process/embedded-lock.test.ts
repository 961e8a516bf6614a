/**
 * The embedded database is used by one process at a time (server/db/client.ts): a second opener gets a
 * clear French error instead of corrupting the data directory; the lock is released on close.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigie-lock-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('embedded database lock', () => {
  it('refuses a second opener while the first holds the directory, and frees it on close', async () => {
    const first = await openDatabase({ pgliteDir: dir });
    await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(/déjà utilisée par un autre processus/);
    await first.close();
    const again = await openDatabase({ pgliteDir: dir });
    await again.ping();
    await again.close();
  });
});
