/**
 * Logs never carry the bound values of a query: no password hash, no sealed secret, no
 * email typed at sign-in. The app's own logger (pino, as configured by buildApp) writes into a captured
 * stream while queries fail with such values bound; the captured lines are then searched for them.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ensureSuperAdmin } from '../../server/bootstrap';
import { loadConfig } from '../../server/config';
import type { AppContext } from '../../server/context';
import { admins } from '../../server/db/schema';
import { parseAppKey, SecretBox } from '../../server/lib/app-key';
import { JobQueue } from '../../server/jobs/queue';
import { hashPassword } from '../../server/lib/password';
import { Client, SUPER_EMAIL, SUPER_PASSWORD, TEST_APP_KEY } from '../helpers/app';
import { freshDatabase } from '../helpers/db';

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});
const logs = () => lines.join('');

let app: FastifyInstance;
let ctx: AppContext;
let database: Awaited<ReturnType<typeof freshDatabase>>;
let hash: string;
let sealed: string;
const TYPED_EMAIL = 'Typed.At.Signin@Example.com';
const DUPLICATE_EMAIL = 'Duplicate.Owner@Example.com';

beforeAll(async () => {
  database = await freshDatabase();
  const config = loadConfig({ DATA_DIR: '/nonexistent-vigie', ADMIN_EMAIL: SUPER_EMAIL, ADMIN_PASSWORD: SUPER_PASSWORD, APP_KEY: TEST_APP_KEY, LOG_LEVEL: 'info' });
  ctx = { config, database, db: database.db, box: new SecretBox(parseAppKey(TEST_APP_KEY)), jobs: new JobQueue(database) };
  await ensureSuperAdmin(ctx);
  hash = await hashPassword('a-password-never-logged');
  sealed = ctx.box.encrypt('client-secret-never-logged');
  await ctx.db.insert(admins).values({ name: 'Owner', email: DUPLICATE_EMAIL.toLowerCase(), passwordHash: hash, status: 1 });
  app = await buildApp(ctx, { logStream: capture });
  // Routes that fail in the database with secrets bound, the way a service bug would.
  app.get('/test-failures/unique', async () => {
    await ctx.db.insert(admins).values({ name: 'Clash', email: DUPLICATE_EMAIL, passwordHash: hash, status: 1 });
  });
  app.get('/test-failures/primary-key', async () => {
    await ctx.db.insert(admins).values({ id: 1, name: 'Clash', email: 'other-' + DUPLICATE_EMAIL, passwordHash: hash, status: 1 });
  });
  app.get('/test-failures/cast', async () => {
    await ctx.db.execute(sql`select ${sealed}::int, ${hash}::int`);
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('logs of failed queries', () => {
  it('answer 500 and log the failure (constraint, SQL text) without any bound value', async () => {
    for (const url of ['/test-failures/unique', '/test-failures/primary-key', '/test-failures/cast']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      expect(res.json()).toEqual({ message: 'Une erreur est survenue!' });
    }
    const text = logs();
    // The failures are logged, with what explains them.
    expect(text).toContain('admins_email_lower_uq');
    expect(text).toContain('admins_pkey');
    expect(text).toContain('insert into \\"admins\\"');
    expect(text).toContain('23505');
    // None of the values.
    expect(text).not.toContain('$argon2');
    expect(text).not.toContain(hash.slice(20, 60));
    expect(text).not.toContain(sealed);
    expect(text).not.toContain(sealed.split('.')[3]);
    expect(text.toLowerCase()).not.toContain(DUPLICATE_EMAIL.toLowerCase());
  });

  it('a sign-in that fails in the database does not log the typed email or password', async () => {
    const c = new Client(app);
    // A NUL character cannot be stored in PostgreSQL text: the query fails with the email bound
    // (or the request is refused before any query, once control characters are rejected).
    const res = await c.post('/api/login', { email: `${TYPED_EMAIL}\u0000`, password: 'typed-password-never-logged' });
    expect(res.statusCode).toBeLessThan(600);
    await c.post('/api/login', { email: TYPED_EMAIL, password: 'typed-password-never-logged' });
    const text = logs().toLowerCase();
    expect(text).not.toContain('typed.at.signin');
    expect(text).not.toContain('typed-password-never-logged');
  });
});
