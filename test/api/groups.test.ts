/**
 * SPEC "Groups" and section 7: all (with sirens_count), store, getGroupRoles, update, togglestatus and
 * removegroup (the group and its SIRENs in one transaction). The SIREN list itself (addsirens,
 * removesiren, filtersirens) is in groups-sirens.test.ts.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { describeStatusResource } from '../helpers/status-resource';
import { validSirens } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

const NOT_FOUND = { message: 'Group does not exist!' };
const NAME_TAKEN = 'Ce nom de groupe est déjà utilisé.';
const NAME_REQUIRED = 'Le champ Nom est obligatoire.';
const DONE = { message: 'Opération effectuée avec succès!' };
const BAD_ID = "L’identifiant doit être un nombre entier positif.";

type Group = { id: number; name: string; status: number; sirens_count: number; created_at: string; updated_at: string };

let t: TestApp;
let root: Client;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

const uniqueName = (prefix = 'Groupe') => `${prefix} ${++n}`;
const groupShape = {
  id: expect.any(Number),
  name: expect.any(String),
  status: expect.any(Number),
  sirens_count: expect.any(Number),
  created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
  updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
};

/** Creates a group through the API (201) and returns it. */
async function store(body: Record<string, unknown> = {}): Promise<Group> {
  const res = await root.post('/api/groups/store', { name: uniqueName(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Group;
}

/** Adds SIRENs through the API (200). */
async function addSirens(id: number, sirens: string[]) {
  const res = await root.post('/api/groups/addsirens', { id, sirens });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string; added: number; already_present: number; sirens_count: number };
}

async function read(id: number): Promise<Group> {
  const res = await root.get(`/api/groups/getGroupRoles/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Group;
}

async function sirenRows(groupId: number): Promise<number> {
  const [rows] = await rowsOf<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from group_sirens where group_id = ${groupId}`);
  return Number(rows.n);
}

describe('GET /api/groups/all', () => {
  it('is empty at first, then lists every group newest first with its sirens_count', async () => {
    const empty = await root.get('/api/groups/all');
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);

    const a = await store({ name: 'Liste A' });
    const b = await store({ name: 'Liste B', status: 0 });
    const c = await store({ name: 'Liste C' });
    await addSirens(a.id, validSirens(3, 11_000_000));
    await addSirens(c.id, validSirens(5, 11_000_000)); // overlaps a's SIRENs: counted per group
    const res = await root.get('/api/groups/all');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Group[];
    expect(list).toEqual([
      { ...groupShape, id: c.id, name: 'Liste C', status: 1, sirens_count: 5 },
      { ...groupShape, id: b.id, name: 'Liste B', status: 0, sirens_count: 0 },
      { ...groupShape, id: a.id, name: 'Liste A', status: 1, sirens_count: 3 },
    ]);
  });
});

describe('POST /api/groups/store', () => {
  it('creates an active group by default (201), name trimmed, no SIRENs', async () => {
    const res = await root.post('/api/groups/store', { name: '  Clients VIP  ' });
    expect(res.statusCode).toBe(201);
    const g = res.json() as Group;
    expect(g).toEqual({ ...groupShape, name: 'Clients VIP', status: 1, sirens_count: 0 });
    expect(await read(g.id)).toEqual(g);
  });

  it('honours status 0 (as 0, "0" or false) and 1 (as 1, "1" or true)', async () => {
    for (const status of [0, '0', false]) expect((await store({ status })).status, String(status)).toBe(0);
    for (const status of [1, '1', true]) expect((await store({ status })).status, String(status)).toBe(1);
  });

  it('rejects an invalid status', async () => {
    for (const status of [2, -1, 'yes', 'actif']) {
      const res = await root.post('/api/groups/store', { name: uniqueName(), status });
      expect(res.statusCode, String(status)).toBe(422);
      expect(res.json().errors, String(status)).toEqual({ status: ["Le champ Actif n’est pas valide."] });
    }
  });

  it('requires a name of at most 255 characters', async () => {
    for (const name of [undefined, null, '', '    ']) {
      const res = await root.post('/api/groups/store', { name, status: 1 });
      expect(res.statusCode, String(name)).toBe(422);
      expect(res.json(), String(name)).toEqual({ message: NAME_REQUIRED, errors: { name: [NAME_REQUIRED] } });
    }
    const long = await root.post('/api/groups/store', { name: 'x'.repeat(256) });
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toEqual({ name: ['Le champ Nom ne peut pas dépasser 255 caractères.'] });
    expect((await store({ name: 'y'.repeat(255) })).name).toBe('y'.repeat(255));
  });

  it('rejects a name already used, whatever its case and surrounding spaces, and creates nothing', async () => {
    const g = await store({ name: 'Favoris Export' });
    for (const name of ['Favoris Export', 'FAVORIS EXPORT', '  favoris export ']) {
      const res = await root.post('/api/groups/store', { name, status: 1 });
      expect(res.statusCode, name).toBe(422);
      expect(res.json(), name).toEqual({ message: NAME_TAKEN, errors: { name: [NAME_TAKEN] } });
    }
    const all = (await root.get('/api/groups/all')).json() as Group[];
    expect(all.filter((x) => x.name.toLowerCase() === 'favoris export').map((x) => x.id)).toEqual([g.id]);
    // A name that merely contains it is another name.
    expect((await store({ name: 'Favoris Export 2' })).name).toBe('Favoris Export 2');
  });
});

describe('GET /api/groups/getGroupRoles/{id}', () => {
  it('returns the group with its sirens_count', async () => {
    const g = await store({ name: 'Lecture' });
    await addSirens(g.id, validSirens(4, 12_000_000));
    expect(await read(g.id)).toEqual({ ...groupShape, id: g.id, name: 'Lecture', status: 1, sirens_count: 4, created_at: g.created_at });
  });

  it("answers 404 {message: 'Group does not exist!'} for an unknown id, 422 for an id that is not a positive integer", async () => {
    const res = await root.get('/api/groups/getGroupRoles/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    for (const id of ['abc', '0', '-3', '1.5', '2147483648']) {
      const bad = await root.get(`/api/groups/getGroupRoles/${id}`);
      expect(bad.statusCode, id).toBe(422);
      expect(bad.json(), id).toEqual({ message: BAD_ID, errors: { id: [BAD_ID] } });
    }
  });
});

describe('POST /api/groups/update/{id}', () => {
  it('changes the name and the status; SIRENs are kept', async () => {
    const g = await store({ name: 'Avant' });
    await addSirens(g.id, validSirens(2, 13_000_000));
    const res = await root.post(`/api/groups/update/${g.id}`, { name: ' Après ', status: 0 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...groupShape, id: g.id, name: 'Après', status: 0, sirens_count: 2, created_at: g.created_at });
    expect(new Date(res.json().updated_at).getTime()).toBeGreaterThanOrEqual(new Date(g.updated_at).getTime());
    expect(await read(g.id)).toMatchObject({ name: 'Après', status: 0, sirens_count: 2 });
  });

  it('keeps the current status when none is sent (no silent re-activation)', async () => {
    const off = await store({ status: 0 });
    const res = await root.post(`/api/groups/update/${off.id}`, { name: 'Toujours désactivé' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Toujours désactivé', status: 0 });
    const on = await store({ status: 1 });
    const kept = await root.post(`/api/groups/update/${on.id}`, { name: 'Toujours actif' });
    expect(kept.json()).toMatchObject({ name: 'Toujours actif', status: 1 });
    expect((await read(off.id)).status).toBe(0);
  });

  it("rejects another group's name, whatever its case, and accepts its own in another case", async () => {
    const a = await store({ name: 'Nom Pris' });
    const b = await store({ name: 'Autre Nom' });
    const res = await root.post(`/api/groups/update/${b.id}`, { name: 'NOM PRIS', status: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: NAME_TAKEN, errors: { name: [NAME_TAKEN] } });
    expect((await read(b.id)).name).toBe('Autre Nom');
    const own = await root.post(`/api/groups/update/${a.id}`, { name: 'nom pris' });
    expect(own.statusCode).toBe(200);
    expect(own.json().name).toBe('nom pris');
  });

  it('validates the name and the status', async () => {
    const g = await store();
    const res = await root.post(`/api/groups/update/${g.id}`, { name: '  ', status: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ name: [NAME_REQUIRED], status: ["Le champ Actif n’est pas valide."] });
    expect(await read(g.id)).toEqual(g);
  });

  it('answers 404 for an unknown id', async () => {
    const res = await root.post('/api/groups/update/999999', { name: uniqueName(), status: 1 });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});

describe('POST /api/groups/togglestatus/{id}', () => {
  it('flips the status 1 -> 0 -> 1 and returns the group', async () => {
    const g = await store();
    await addSirens(g.id, validSirens(3, 14_000_000));
    const off = await root.post(`/api/groups/togglestatus/${g.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ ...groupShape, id: g.id, name: g.name, status: 0, sirens_count: 3, created_at: g.created_at });
    expect((await read(g.id)).status).toBe(0);
    const on = await root.post(`/api/groups/togglestatus/${g.id}`);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ id: g.id, status: 1, sirens_count: 3 });
  });

  it('answers 404 for an unknown id', async () => {
    const res = await root.post('/api/groups/togglestatus/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
  });
});

describe('POST /api/groups/removegroup/{id}', () => {
  it('deletes the group and its SIRENs, and nothing of the other groups', async () => {
    const sirens = validSirens(6, 15_000_000);
    const doomed = await store({ name: 'À effacer' });
    const other = await store({ name: 'À garder' });
    await addSirens(doomed.id, sirens);
    await addSirens(other.id, sirens.slice(0, 3)); // the same SIRENs in another group
    expect(await sirenRows(doomed.id)).toBe(6);

    const res = await root.post(`/api/groups/removegroup/${doomed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DONE);
    expect(await sirenRows(doomed.id)).toBe(0);
    expect((await root.get(`/api/groups/getGroupRoles/${doomed.id}`)).json()).toEqual(NOT_FOUND);
    expect(((await root.get('/api/groups/all')).json() as Group[]).map((g) => g.id)).not.toContain(doomed.id);
    expect((await root.post(`/api/groups/filtersirens/${doomed.id}`, {})).statusCode).toBe(404);
    // The other group is untouched.
    expect(await sirenRows(other.id)).toBe(3);
    expect((await read(other.id)).sirens_count).toBe(3);
    // The name is free again, and a second delete is a 404.
    expect((await store({ name: 'À effacer' })).sirens_count).toBe(0);
    const again = await root.post(`/api/groups/removegroup/${doomed.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
  });

  it('leaves no SIREN behind when SIRENs are being added at the same time', async () => {
    const g = await store();
    await addSirens(g.id, validSirens(100, 16_000_000));
    const [add, del] = await Promise.all([
      root.post('/api/groups/addsirens', { id: g.id, sirens: validSirens(5000, 16_100_000) }),
      root.post(`/api/groups/removegroup/${g.id}`),
    ]);
    expect(del.statusCode, del.body).toBe(200);
    // The addition either ran before the delete (and was deleted with the group) or found no group.
    expect([200, 404], add.body).toContain(add.statusCode);
    expect(await sirenRows(g.id)).toBe(0);
    expect((await root.get(`/api/groups/getGroupRoles/${g.id}`)).statusCode).toBe(404);
  });

  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    const res = await root.post('/api/groups/removegroup/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(NOT_FOUND);
    const bad = await root.post('/api/groups/removegroup/abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ id: [BAD_ID] });
  });
});

describeStatusResource<Group>({
  name: 'groups',
  base: '/api/groups',
  paths: { get: 'getGroupRoles', remove: 'removegroup' },
  notFound: NOT_FOUND.message,
  client: () => root,
  storeBody: () => ({ name: uniqueName() }),
  updateBody: (g) => ({ name: g.name }),
  unique: {
    field: 'name',
    message: NAME_TAKEN,
    store: (taken) => ({ name: taken.name.toUpperCase() }),
    update: (_g, taken) => ({ name: ` ${taken.name.toLowerCase()} ` }),
  },
});
