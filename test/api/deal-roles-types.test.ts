/**
 * Deal-entity roles and deal types (SPEC sections 2, 3 "Role" / "Type", 4, 7 "Transactions", 8): the status resources at `/api/transactions/{allroles, togglerole/:id, storerole, getRoleRoles/:id,
 * updaterole/:id, removerole}` and `{alltypes, toggletype/:id, storetype, getTypeRoles/:id, updatetype/:id,
 * removetype}` (delete with the record as body), names unique without regard to case, no delete while a deal
 * uses the role or type (422 errors.destroy with the number of deals), renames followed by the list's copies;
 * `allcountries` (seeded from i18n-iso-countries, French names) and `allfiles`.
 *
 * The common status-resource cases are written here rather than with test/helpers/status-resource.ts, whose
 * delete is `POST {base}/{remove}/{id}`: these two resources delete with the record as body.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEAL_ROLES, DEAL_TYPES } from '../../contract/resources';
import { ensureCountries } from '../../server/modules/deals/countries';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createDeal, createRole, createType, dealPayload, nextNumber } from '../helpers/deals';
import { validSiren } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

const NOT_FOUND = { message: 'Item does not exist!' };
const DONE = { message: 'Opération effectuée avec succès!' };
const BASE = '/api/transactions';
const MISSING_ID = 2_147_483_000;

let t: TestApp;
let root: Client;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

type Rec = { id: number; name: string; status: number; display_name?: string };

interface ResourceCase {
  label: string;
  paths: typeof DEAL_ROLES.paths;
  body: () => Record<string, unknown>;
  taken: string;
  inUse: (n: string) => string;
}

const roleCase: ResourceCase = {
  label: 'roles',
  paths: DEAL_ROLES.paths,
  body: () => {
    const name = `Rôle ${nextNumber()}`;
    return { name, display_name: `${name} (affiché)` };
  },
  taken: 'Ce nom de rôle est déjà utilisé.',
  inUse: (n) => `Ce rôle est utilisé par ${n}\u00a0: il ne peut pas être effacé. Désactivez-le plutôt.`,
};
const typeCase: ResourceCase = {
  label: 'types',
  paths: DEAL_TYPES.paths,
  body: () => ({ name: `Type ${nextNumber()}` }),
  taken: 'Ce nom de type est déjà utilisé.',
  inUse: (n) => `Ce type est utilisé par ${n}\u00a0: il ne peut pas être effacé. Désactivez-le plutôt.`,
};

for (const c of [roleCase, typeCase]) {
  const p = c.paths as Required<typeof c.paths>;
  const url = {
    all: `${BASE}/${p.all}`,
    store: `${BASE}/${p.store}`,
    get: (id: number) => `${BASE}/${p.get}/${id}`,
    update: (id: number) => `${BASE}/${p.update}/${id}`,
    toggle: (id: number) => `${BASE}/${p.toggle}/${id}`,
    remove: `${BASE}/${p.remove}`,
  };
  const store = async (body = c.body()) => {
    const res = await root.post(url.store, body);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Rec;
  };

  describe(`deal ${c.label}: the status-resource cases`, () => {
    it(`answers 404 'Item does not exist!' on read, update, toggle and delete of a missing id`, async () => {
      for (const res of [
        await root.get(url.get(MISSING_ID)),
        await root.post(url.update(MISSING_ID), c.body()),
        await root.post(url.toggle(MISSING_ID)),
        await root.post(url.remove, { id: MISSING_ID, name: 'x' }),
      ]) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json()).toEqual(NOT_FOUND);
      }
    });

    it('creates active by default, returns the created record, lists newest first', async () => {
      const body = c.body();
      const a = await store(body);
      expect(a).toMatchObject({ ...body, status: 1, id: expect.any(Number) });
      const b = await store();
      const list = (await root.get(url.all)).json() as Rec[];
      expect(list[0].id).toBe(b.id);
      expect(list[1].id).toBe(a.id);
      expect((await root.get(url.get(a.id))).json()).toEqual(a);
      const off = await store({ ...c.body(), status: 0 });
      expect(off.status).toBe(0);
    });

    it('updates the names; an update without status keeps the current one', async () => {
      const a = await store();
      await root.post(url.toggle(a.id));
      const body = c.body();
      const res = await root.post(url.update(a.id), body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ ...body, id: a.id, status: 0 });
      const on = await root.post(url.update(a.id), { ...body, status: 1 });
      expect(on.json().status).toBe(1);
    });

    it('toggles 1 -> 0 -> 1, and a read follows it', async () => {
      const a = await store();
      const off = await root.post(url.toggle(a.id));
      expect(off.statusCode).toBe(200);
      expect(off.json().status).toBe(0);
      expect((await root.get(url.get(a.id))).json().status).toBe(0);
      expect((await root.post(url.toggle(a.id))).json().status).toBe(1);
    });

    it('deletes with the record as body (only its id is read), then every call on it is a 404', async () => {
      const a = await store();
      const res = await root.post(url.remove, a);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(DONE);
      expect((await root.get(url.get(a.id))).statusCode).toBe(404);
      expect((await root.post(url.remove, { id: a.id })).json()).toEqual(NOT_FOUND);
      const b = await store();
      expect((await root.post(url.remove, { id: String(b.id) })).statusCode).toBe(200);
    });

    it('refuses a delete without a valid id: 422 errors.id', async () => {
      for (const body of [{}, { id: 'abc' }, { id: 0 }, { id: -3 }, { id: 1.5 }]) {
        const res = await root.post(url.remove, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(res.json().errors.id, JSON.stringify(body)).toEqual(["L’identifiant doit être un nombre entier positif."]);
      }
    });

    it('refuses a name another record has, whatever its case, on store and update (422 errors.name)', async () => {
      const a = await store();
      const b = await store();
      const dup = await root.post(url.store, { ...c.body(), name: a.name.toUpperCase() });
      expect(dup.statusCode).toBe(422);
      expect(dup.json()).toEqual({ message: c.taken, errors: { name: [c.taken] } });
      const upd = await root.post(url.update(b.id), { ...c.body(), name: ` ${a.name.toLowerCase()} ` });
      expect(upd.statusCode).toBe(422);
      expect(upd.json().errors).toEqual({ name: [c.taken] });
      // Its own name, recased, is allowed.
      const self = await root.post(url.update(b.id), { ...c.body(), name: b.name.toUpperCase() });
      expect(self.statusCode, self.body).toBe(200);
      expect(self.json().name).toBe(b.name.toUpperCase());
    });

    it('answers French field errors for missing or bad fields', async () => {
      const res = await root.post(url.store, { name: '   ', status: 7 });
      expect(res.statusCode).toBe(422);
      const errors = res.json().errors as Record<string, string[]>;
      expect(errors.name).toEqual(['Le champ Nom est obligatoire.']);
      expect(errors.status).toEqual(["Le champ Actif n’est pas valide."]);
      if (c === roleCase) expect(errors.display_name).toEqual(['Le champ Nom affiché est obligatoire.']);
      const long = await root.post(url.store, { ...c.body(), name: 'x'.repeat(256) });
      expect(long.json().errors.name).toEqual(['Le champ Nom ne peut pas dépasser 255 caractères.']);
    });
  });
}

describe('a role or type in use cannot be deleted', () => {
  it('refuses to delete a role that entities of 2 deals have: 422 errors.destroy with the count of deals', async () => {
    const role = await createRole(root);
    const other = await createRole(root);
    const entity = (n: number, roleId: number) => ({ siren: validSiren(n, 63_000_000), name: `E${n}`, entityrole_id: roleId });
    const d1 = await createDeal(root, { entities: [entity(1, role.id), entity(2, role.id)] });
    const d2 = await createDeal(root, { entities: [entity(3, role.id), entity(4, other.id)] });
    const res = await root.post(`${BASE}/removerole`, role);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: roleCase.inUse('2 transactions'), errors: { destroy: [roleCase.inUse('2 transactions')] } });
    await root.post(`${BASE}/removedeal`, { id: d1.id });
    expect((await root.post(`${BASE}/removerole`, role)).json().errors.destroy).toEqual([roleCase.inUse('1 transaction')]);
    await root.post(`${BASE}/removedeal`, { id: d2.id });
    expect((await root.post(`${BASE}/removerole`, role)).json()).toEqual(DONE);
    expect((await root.post(`${BASE}/removerole`, other)).json()).toEqual(DONE);
  });

  it('refuses to delete a type of 2 deals (as type 1 or type 2): 422 errors.destroy with the count', async () => {
    const type = await createType(root);
    const d1 = await createDeal(root, { dealtype1_id: type.id });
    const d2 = await createDeal(root, { dealtype1_id: 0, dealtype2_id: type.id });
    const res = await root.post(`${BASE}/removetype`, type);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ destroy: [typeCase.inUse('2 transactions')] });
    // A deactivated type in use still cannot be deleted.
    await root.post(`${BASE}/toggletype/${type.id}`);
    expect((await root.post(`${BASE}/removetype`, type)).statusCode).toBe(422);
    await root.post(`${BASE}/removedeal`, { id: d1.id });
    await root.post(`${BASE}/removedeal`, { id: d2.id });
    expect((await root.post(`${BASE}/removetype`, type)).json()).toEqual(DONE);
  });
});

/**
 * Races need two sessions (PostgreSQL only): the write under test waits on advisory lock 4711, held by the
 * test's own connection, in a trigger that fires after the service's checks passed; meanwhile the test commits
 * the conflicting change, then releases the lock.
 */
describe('a delete and a save racing on a role or a type answer 422, not 500', () => {
  const onPg = process.env.VIGIE_TEST_DB === 'pg';
  /** Runs `act` while statements reaching trigger `race_wait` (on `table`, `level`) wait; `meanwhile` runs then. */
  async function racing<T>(table: string, level: 'row' | 'statement', event: 'insert' | 'delete', act: () => Promise<T>, meanwhile: (q: (text: string, values?: unknown[]) => Promise<unknown>) => Promise<void>): Promise<T> {
    const holder = await t.ctx.database.pool!.connect();
    const q = (text: string, values?: unknown[]) => holder.query(text, values);
    await q(`create function race_wait() returns trigger language plpgsql as $$
      begin perform pg_advisory_lock(4711); perform pg_advisory_unlock(4711); return ${level === 'row' ? (event === 'insert' ? 'new' : 'old') : 'null'}; end $$`);
    await q(`create trigger race_wait before ${event} on ${table} for each ${level} execute function race_wait()`);
    await q('select pg_advisory_lock(4711)');
    try {
      const pending = act();
      for (let i = 0; i < 200; i++) {
        const { rows } = (await q(`select 1 from pg_locks where locktype = 'advisory' and not granted`)) as { rows: unknown[] };
        if (rows.length) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      await meanwhile(q);
      await q('select pg_advisory_unlock(4711)');
      return await pending;
    } finally {
      await q('select pg_advisory_unlock_all()');
      await q(`drop trigger if exists race_wait on ${table}`);
      await q('drop function if exists race_wait()');
      holder.release();
    }
  }

  it.runIf(onPg)('on PostgreSQL, a role gaining an entity between the check and the delete: 422 errors.destroy with the count', async () => {
    const role = await createRole(root);
    const deal = await createDeal(root);
    const res = await racing('deal_roles', 'statement', 'delete', () => root.post(`${BASE}/removerole`, role), async (q) => {
      await q(`insert into deal_entities (deal_id, position, name, role_id, deal_identifier) values ($1, 9, 'Concurrente', $2, $3)`, [deal.id, role.id, deal.deal_identifier]);
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ destroy: [roleCase.inUse('1 transaction')] });
    expect((await root.get(`${BASE}/${DEAL_ROLES.paths.get}/${role.id}`)).statusCode).toBe(200);
  });

  it.runIf(onPg)('on PostgreSQL, a type deleted between the checks of a new deal and its insert: 422 errors.dealtype1_id', async () => {
    const type = await createType(root);
    const res = await racing('deals', 'row', 'insert', () => root.post(`${BASE}/storedeal`, { ...dealPayload(), dealtype1_id: type.id }), async (q) => {
      await q('delete from deal_types where id = $1', [type.id]);
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ dealtype1_id: ['Le champ Deal Type 1 désigne un type qui n’existe pas.'] });
  });
});

describe('renames follow in the list rows (deal_entities copies) and in publication', () => {
  it('renaming a role or a type updates the copies of the entities and bumps the revision of their deals', async () => {
    const role = await createRole(root);
    const type = await createType(root);
    const deal = await createDeal(root, {
      dealtype1_id: type.id,
      dealtype2_id: type.id,
      entities: [{ siren: validSiren(9, 63_000_000), name: 'Renommée', entityrole_id: role.id }],
    });
    const copies = async () =>
      (await rowsOf<Record<string, string>>(t.ctx.db, sql`select role_name, type1_name, type2_name from deal_entities where deal_id = ${deal.id}`))[0];
    expect(await copies()).toEqual({ role_name: role.name, type1_name: type.name, type2_name: type.name });
    const revision = async () => (await root.get(`${BASE}/getDealRoles/${deal.id}`)).json().revision as number;
    expect(await revision()).toBe(1);
    await root.post(`${BASE}/updaterole/${role.id}`, { name: `${role.name} bis`, display_name: 'Affiché' });
    expect(await revision()).toBe(2);
    await root.post(`${BASE}/updatetype/${type.id}`, { name: `${type.name} bis` });
    expect(await copies()).toEqual({ role_name: `${role.name} bis`, type1_name: `${type.name} bis`, type2_name: `${type.name} bis` });
    // The deals are pending publication again after a rename (the published snapshot holds the names) ...
    expect(await revision()).toBe(3);
    // ... but not after an update that renames nothing (a toggle through update, a refused rename).
    await root.post(`${BASE}/updaterole/${role.id}`, { name: `${role.name} bis`, display_name: 'Affiché', status: 0 });
    await root.post(`${BASE}/updatetype/${type.id}`, { name: `${type.name} bis` });
    const other = await createType(root);
    expect((await root.post(`${BASE}/updatetype/${type.id}`, { name: other.name })).statusCode).toBe(422);
    expect(await revision()).toBe(3);
  });
});

describe('allcountries', () => {
  it('answers every ISO 3166-1 country with its French name, sorted by name', async () => {
    const res = await root.get(`${BASE}/allcountries`);
    expect(res.statusCode).toBe(200);
    const list = res.json() as Array<{ id: number; iso_alpha2: string; name: string }>;
    expect(list.length).toBeGreaterThanOrEqual(249);
    const byCode = new Map(list.map((c) => [c.iso_alpha2, c]));
    expect(byCode.get('FR')?.name).toBe('France');
    expect(byCode.get('DE')?.name).toBe('Allemagne');
    expect(byCode.get('GB')?.name).toBe('Royaume-Uni');
    expect(byCode.get('CI')?.name).toBe("Côte-d'Ivoire");
    const collator = new Intl.Collator('fr', { sensitivity: 'base' });
    for (let i = 1; i < list.length; i++) expect(collator.compare(list[i - 1].name, list[i].name)).toBeLessThanOrEqual(0);
    expect(list[0].name).toBe('Afghanistan');
    expect(Object.keys(list[0]).sort()).toEqual(['id', 'iso_alpha2', 'name']);
  });

  it('is seeded idempotently: a second seed changes nothing and keeps the ids', async () => {
    const before = (await root.get(`${BASE}/allcountries`)).json();
    expect(await ensureCountries(t.ctx.db)).toBe(0);
    // A renamed country is put back to the library's name, under the same id.
    await t.ctx.db.execute(sql`update countries set name_fr = 'Autre nom' where iso_alpha2 = 'FR'`);
    expect(await ensureCountries(t.ctx.db)).toBe(1);
    expect((await root.get(`${BASE}/allcountries`)).json()).toEqual(before);
  });
});

describe('allfiles', () => {
  it('lists the imported files {id, name, created_at, summary}, newest first', async () => {
    expect((await root.get(`${BASE}/allfiles`)).json()).toEqual([]);
    await t.ctx.db.execute(sql`insert into deal_import_files (name, created_at) values
      ('ancien.csv', '2026-01-02T10:00:00Z'), ('recent.csv', '2026-03-04T11:00:00Z'), ('milieu.csv', '2026-02-03T12:00:00Z')`);
    const list = (await root.get(`${BASE}/allfiles`)).json() as Array<{ id: number; name: string; created_at: string }>;
    expect(list.map((f) => f.name)).toEqual(['recent.csv', 'milieu.csv', 'ancien.csv']);
    // No summary kept for a file recorded without one.
    expect(list[0]).toEqual({ id: expect.any(Number), name: 'recent.csv', created_at: '2026-03-04T11:00:00.000Z', summary: null });
  });
});

describe('guard', () => {
  it('every call needs a signed-in administrator (401)', async () => {
    const anon = t.anon();
    await anon.ensureCsrf();
    for (const res of [
      await anon.get(`${BASE}/allroles`),
      await anon.get(`${BASE}/alltypes`),
      await anon.get(`${BASE}/allcountries`),
      await anon.get(`${BASE}/allfiles`),
      await anon.post(`${BASE}/storerole`, { name: 'x', display_name: 'x' }),
      await anon.post(`${BASE}/removetype`, { id: 1 }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});
