/**
 * The second factor never reaches the logs: the TOTP secret shown at enrolment, the codes typed (accepted or not)
 * and the recovery codes. The app's own logger (pino, as configured by buildApp, level info) writes into a captured
 * stream while an administrator enrols, signs in with a code and with a recovery code, and mistypes one.
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ensureSuperAdmin } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { adminMfa } from '../../server/db/schema';
import { parseAppKey, SecretBox } from '../../server/lib/app-key';
import { JobQueue } from '../../server/jobs/queue';
import { totpOf } from '../../server/modules/auth/mfa';
import { Client, SUPER_EMAIL, SUPER_PASSWORD, TEST_APP_KEY, TEST_PASSWORD_HASH_ENV } from '../helpers/app';
import { freshDatabase } from '../helpers/db';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let app: FastifyInstance;
let ctx: AppContext;
let database: Awaited<ReturnType<typeof freshDatabase>>;

beforeAll(async () => {
  database = await freshDatabase();
  const config = loadConfig({
    DATA_DIR: '/nonexistent-vigie',
    ADMIN_EMAIL: SUPER_EMAIL,
    ADMIN_PASSWORD: SUPER_PASSWORD,
    APP_KEY: TEST_APP_KEY,
    LOG_LEVEL: 'info',
    ...TEST_PASSWORD_HASH_ENV,
  });
  ctx = { config, database, db: database.db, box: new SecretBox(parseAppKey(TEST_APP_KEY)), jobs: new JobQueue(database) };
  await ensureSuperAdmin(ctx);
  app = await buildApp(ctx, { logStream: capture });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

it('logs neither the TOTP secret nor any code typed, right or wrong, nor a recovery code', async () => {
  const c = await new Client(app).login(SUPER_EMAIL, SUPER_PASSWORD);
  const { secret } = (await c.post('/api/profile/mfa/setup')).json() as { secret: string };
  const first = totpOf(secret).generate();
  const enabled = await c.post('/api/profile/mfa/enable', { code: first });
  expect(enabled.statusCode).toBe(200);
  const recovery = (enabled.json() as { recovery_codes: string[] }).recovery_codes;

  const wrong = first === '246813' ? '135792' : '246813';
  const s1 = new Client(app);
  expect((await s1.post('/api/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD })).statusCode).toBe(202);
  expect((await s1.post('/api/login/code', { code: wrong })).statusCode).toBe(422);
  await ctx.db.update(adminMfa).set({ lastStep: null }).where(eq(adminMfa.adminId, 1));
  const second = totpOf(secret).generate({ timestamp: Date.now() + 30_000 });
  expect((await s1.post('/api/login/code', { code: second })).statusCode).toBe(200);
  const s2 = new Client(app);
  await s2.post('/api/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
  expect((await s2.post('/api/login/code', { code: recovery[0] })).statusCode).toBe(200);

  const text = lines.join('');
  expect(text.length).toBeGreaterThan(0);
  for (const value of [secret, ...recovery, recovery[0].replace('-', '')]) expect(text).not.toContain(value);
  // A code as a number of its own (timestamps and durations are digits too, but never exactly these six alone).
  for (const value of [first, second, wrong]) expect(text).not.toMatch(new RegExp(`(?<![0-9.])${value}(?![0-9])`));
});
