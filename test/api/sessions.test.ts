/**
 * « Mes sessions » of the profile (list with device, IP, sign-in and last-seen times, the current one
 * marked; « Révoquer » one; « Déconnecter les autres sessions ») and the super admin ending every
 * session of an administrator (`POST /api/admins/{id}/sessions/revoke`).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../server/db/schema';
import { Client, createTestApp, type TestApp } from '../helpers/app';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

interface SessionItem {
  id: string;
  device: string;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** A client of `email` signed in from a browser with `userAgent`. */
async function signIn(email: string, password: string, userAgent: string): Promise<Client> {
  const c = t.anon();
  const res = await c.post('/api/login', { email, password }, { headers: { 'user-agent': userAgent } });
  expect(res.statusCode, res.body).toBe(200);
  return c;
}

describe('Mes sessions', () => {
  it('lists the signed-in sessions with device, IP and times, the current one marked', async () => {
    const a = await t.newAdmin();
    const chrome = await signIn(a.email, a.password, CHROME_LINUX);
    await signIn(a.email, a.password, SAFARI_IPHONE);
    const res = await chrome.get('/api/profile/sessions');
    expect(res.statusCode).toBe(200);
    const list = res.json() as SessionItem[];
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current).map((s) => s.device)).toEqual(['Chrome 131 · Linux']);
    expect(list.map((s) => s.device).sort()).toEqual(['Appareil inconnu', 'Chrome 131 · Linux', 'Safari 17 · iOS (iPhone)']);
    for (const s of list) {
      expect(s.id).toMatch(/^[0-9a-f]{64}$/);
      expect(s.ip).toBe('127.0.0.1');
      expect(Date.parse(s.created_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(Date.parse(s.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(s.created_at) - 1000);
    }
  });

  it('last seen moves at most once a minute', async () => {
    const a = await t.newAdmin();
    const [row] = await t.ctx.db.select().from(sessions).where(eq(sessions.adminId, a.id));
    const old = new Date(Date.now() - 30_000);
    await t.ctx.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.id, row.id));
    await a.client.get('/api/profile/getAuthUser');
    const [kept] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, row.id));
    expect(kept.lastSeenAt.getTime()).toBe(old.getTime());
    const older = new Date(Date.now() - 90_000);
    await t.ctx.db.update(sessions).set({ lastSeenAt: older }).where(eq(sessions.id, row.id));
    await a.client.get('/api/profile/getAuthUser');
    const [moved] = await t.ctx.db.select().from(sessions).where(eq(sessions.id, row.id));
    expect(moved.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
  });

  it('« Révoquer » ends one of one’s own sessions only', async () => {
    const a = await t.newAdmin();
    const other = await signIn(a.email, a.password, SAFARI_IPHONE);
    const list = (await a.client.get('/api/profile/sessions')).json() as SessionItem[];
    const target = list.find((s) => !s.current)!;
    expect((await a.client.post(`/api/profile/sessions/${target.id}/revoke`)).statusCode).toBe(204);
    expect((await other.get('/api/profile/getAuthUser')).statusCode).toBe(401);
    expect((await a.client.get('/api/profile/getAuthUser')).statusCode).toBe(200);

    // Another administrator's session is not one's own: 404, and it lives on.
    const b = await t.newAdmin();
    const bId = ((await b.client.get('/api/profile/sessions')).json() as SessionItem[])[0].id;
    const res = await a.client.post(`/api/profile/sessions/${bId}/revoke`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Session introuvable.' });
    expect((await b.client.get('/api/profile/getAuthUser')).statusCode).toBe(200);
  });

  it('« Déconnecter les autres sessions » keeps the current one', async () => {
    const a = await t.newAdmin();
    const others = [await signIn(a.email, a.password, CHROME_LINUX), await signIn(a.email, a.password, SAFARI_IPHONE)];
    const res = await a.client.post('/api/profile/sessions/revoke-others');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    for (const c of others) expect((await c.get('/api/profile/getAuthUser')).statusCode).toBe(401);
    const list = (await a.client.get('/api/profile/sessions')).json() as SessionItem[];
    expect(list.map((s) => s.current)).toEqual([true]);
  });
});

describe('super admin ends every session of an administrator', () => {
  it('is refused to any other administrator', async () => {
    const a = await t.newAdmin();
    const b = await t.newAdmin();
    const res = await a.client.post(`/api/admins/${b.id}/sessions/revoke`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Seul le Super admin peut terminer les sessions d’un administrateur.' });
    expect((await b.client.get('/api/profile/getAuthUser')).statusCode).toBe(200);
  });

  it('ends them all, and answers 404 for an unknown administrator', async () => {
    const root = await t.superAdmin();
    const a = await t.newAdmin();
    const second = await signIn(a.email, a.password, CHROME_LINUX);
    const res = await root.post(`/api/admins/${a.id}/sessions/revoke`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ count: 2 });
    expect((await a.client.get('/api/profile/getAuthUser')).statusCode).toBe(401);
    expect((await second.get('/api/profile/getAuthUser')).statusCode).toBe(401);
    expect((await root.post('/api/admins/999999/sessions/revoke')).statusCode).toBe(404);
  });
});
