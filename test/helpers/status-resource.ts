/**
 * The common cases of a "status resource" (server/lib/status-resource.ts), as one
 * `describe` block that a module's API test file calls with its paths, texts and bodies:
 *
 * - 404 `{message: <the spec's text>}` on read, update, toggle and delete of a missing id;
 * - a new record is active (status 1) by default, first in the list (newest first);
 * - an update without status keeps the current one (no silent re-activation);
 * - the toggle flips 1 -> 0 -> 1, and a read follows it;
 * - a delete answers `{message: 'Opération effectuée avec succès!'}`, then every call on that id is a 404;
 * - a unique field (name, email, ...), when the resource has one: 422 under that field on store and update.
 */
import { describe, expect, it } from 'vitest';
import type { Client } from './app';

/** A record of a status resource as the API answers it. */
export interface StatusRecord {
  id: number;
  status: number;
}

type Body = Record<string, unknown>;

/** What `describeStatusResource` needs to know of one resource. */
export interface StatusResourceCase<T extends StatusRecord> {
  /** Name shown in the test titles, e.g. 'administrators'. */
  name: string;
  /** Prefix of the routes, e.g. '/api/admins'. */
  base: string;
  /** Path names that differ from `all`, `togglestatus`, `store`, `getUserRoles`, `update`, delete at `POST {base}/{id}`. */
  paths?: { all?: string; toggle?: string; store?: string; get?: string; update?: string; remove?: string };
  /** The spec's 404 text, e.g. 'User does not exist!'. */
  notFound: string;
  /** A signed-in client allowed to manage the resource (called inside the tests, after `beforeAll`). */
  client: () => Client;
  /** A valid store body, different at each call, without `status`. */
  storeBody: () => Body;
  /** A valid update body for `item`, without `status`. */
  updateBody: (item: T) => Body;
  /** A field that two records cannot share, and how to collide with `taken` on store and on update. */
  unique?: {
    field: string;
    message: string;
    store?: (taken: T) => Body;
    update?: (item: T, taken: T) => Body;
  };
}

const DONE = { message: 'Opération effectuée avec succès!' };
const MISSING_ID = 2_147_483_000;

/** Declares the common tests of one status resource (call at the top level of its API test file). */
export function describeStatusResource<T extends StatusRecord>(c: StatusResourceCase<T>): void {
  const p = { all: 'all', toggle: 'togglestatus', store: 'store', get: 'getUserRoles', update: 'update', ...c.paths };
  const url = {
    all: `${c.base}/${p.all}`,
    store: `${c.base}/${p.store}`,
    get: (id: number) => `${c.base}/${p.get}/${id}`,
    update: (id: number) => `${c.base}/${p.update}/${id}`,
    toggle: (id: number) => `${c.base}/${p.toggle}/${id}`,
    remove: (id: number) => (p.remove ? `${c.base}/${p.remove}/${id}` : `${c.base}/${id}`),
  };
  const notFound = { message: c.notFound };

  async function store(body: Body = c.storeBody()): Promise<T> {
    const res = await c.client().post(url.store, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as T;
  }
  async function read(id: number): Promise<T> {
    const res = await c.client().get(url.get(id));
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  }
  /** Expects 404 with the spec's text on read, update, toggle and delete of `id`. */
  async function expectGone(id: number, updateBody: Body) {
    const client = c.client();
    for (const res of [
      await client.get(url.get(id)),
      await client.post(url.update(id), updateBody),
      await client.post(url.toggle(id)),
      await client.post(url.remove(id)),
    ]) {
      expect(res.statusCode, `${res.raw.req.url}: ${res.body}`).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
  }

  describe(`${c.name}: the status-resource cases`, () => {
    it(`answers 404 '${c.notFound}' on read, update, toggle and delete of a missing id`, async () => {
      const item = await store();
      await expectGone(MISSING_ID, c.updateBody(item));
    });

    it('creates an active record by default (201), listed first and read back the same', async () => {
      const item = await store();
      expect(item.status).toBe(1);
      expect(await read(item.id)).toEqual(item);
      const list = (await c.client().get(url.all)).json() as T[];
      expect(list[0]).toEqual(item);
    });

    it('keeps the current status on an update without status', async () => {
      const item = await store({ ...c.storeBody(), status: 0 });
      expect(item.status).toBe(0);
      const res = await c.client().post(url.update(item.id), c.updateBody(item));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: item.id, status: 0 });
    });

    it('toggles the status 1 -> 0 -> 1, and a read follows', async () => {
      const item = await store();
      const off = await c.client().post(url.toggle(item.id));
      expect(off.statusCode, off.body).toBe(200);
      expect(off.json()).toMatchObject({ id: item.id, status: 0 });
      expect((await read(item.id)).status).toBe(0);
      const on = await c.client().post(url.toggle(item.id));
      expect(on.statusCode, on.body).toBe(200);
      expect(on.json()).toMatchObject({ id: item.id, status: 1 });
      expect((await read(item.id)).status).toBe(1);
    });

    it('deletes a record; every call on its id is then a 404, and the list no longer has it', async () => {
      const item = await store();
      const res = await c.client().post(url.remove(item.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(DONE);
      await expectGone(item.id, c.updateBody(item));
      expect(((await c.client().get(url.all)).json() as T[]).map((x) => x.id)).not.toContain(item.id);
    });

    const unique = c.unique;
    if (unique) {
      it(`refuses a ${unique.field} already used: 422 under errors.${unique.field}, nothing written`, async () => {
        const taken = await store();
        const expected = { message: unique.message, errors: { [unique.field]: [unique.message] } };
        if (unique.store) {
          const before = ((await c.client().get(url.all)).json() as T[]).length;
          const res = await c.client().post(url.store, unique.store(taken));
          expect(res.statusCode, res.body).toBe(422);
          expect(res.json()).toEqual(expected);
          expect(((await c.client().get(url.all)).json() as T[]).length).toBe(before);
        }
        if (unique.update) {
          const item = await store();
          const res = await c.client().post(url.update(item.id), unique.update(item, taken));
          expect(res.statusCode, res.body).toBe(422);
          expect(res.json()).toEqual(expected);
          expect(await read(item.id)).toEqual(item);
        }
      });
    }
  });
}
