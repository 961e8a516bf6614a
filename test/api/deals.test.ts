/**
 * Deals with their entities (SPEC sections 3 "Deal", "Deal entity", 5, 7 `getDealRoles/{id}`, `storedeal`,
 * `updatedeal/{id}`, `toggledeal/{id}`, `removedeal`, 8): the payload with its
 * `extra1..extra16`, French 422 field maps (`entities.0.siren` for an entity), the unique identifier, 404
 * 'Item does not exist!', entities added / removed / changed in place, the entities' copies of the deal's
 * columns, the company name from the register, `revision` bumped by every real change and by the toggle but
 * not by a save that changes nothing, and the deal written with its entities in one transaction.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { createDeal, createRole, createType, dealIdentifier, dealPayload, payloadOf, readDeal, type Deal } from '../helpers/deals';
import { badLuhnSiren, spaced, validSiren } from '../helpers/sirens';
import { rowsOf } from '../../server/db/rows';

const BASE = '/api/transactions';
const NOT_FOUND = { message: 'Item does not exist!' };
const DONE = { message: 'Opération effectuée avec succès!' };
const NO_ENTITY = 'Une transaction doit comporter au moins une entité.';
const TAKEN = 'Cet identifiant de transaction est déjà utilisé.';
const SIREN_MESSAGE = 'Le siren doit comporter 9 chiffres valides.';
const MISSING_ID = 2_147_483_000;

let t: TestApp;
let root: Client;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
});
afterAll(async () => t?.close());

const siren = () => validSiren(++n, 64_000_000);
const store = (body: Record<string, unknown>) => root.post(`${BASE}/storedeal`, body);
const update = (id: number, body: Record<string, unknown>) => root.post(`${BASE}/updatedeal/${id}`, body);

/** The rows of `deal_entities` of deal `id` (copies included), by position. */
async function entityRows(id: number) {
  const res = await rowsOf<Record<string, unknown>>(t.ctx.db, sql`
    select id::int, position, siren, name, role_id, stake_percent::text, deal_identifier, deal_date::text, role_name,
           type1_name, type2_name, amount::text, currency
      from deal_entities where deal_id = ${id} order by position, id`);
  return res.map((r) => ({ ...r, id: Number(r.id) }) as Record<string, unknown> & { id: number });
}

async function countDeals(identifier: string): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from deals where deal_identifier = ${identifier}`);
  return Number(row.n);
}

async function countryId(code: string): Promise<number> {
  const list = (await root.get(`${BASE}/allcountries`)).json() as Array<{ id: number; iso_alpha2: string }>;
  return list.find((c) => c.iso_alpha2 === code)!.id;
}

describe('storedeal and getDealRoles', () => {
  it('creates a deal with 2 entities: 201, the deal with its entities, copies of its columns on each entity', async () => {
    const buyer = await createRole(root);
    const target = await createRole(root);
    const t1 = await createType(root);
    const t2 = await createType(root);
    const [s1, s2] = [siren(), siren()];
    const id = dealIdentifier('CREATE');
    const res = await store(
      dealPayload({
        deal_identifier: ` ${id} `,
        deal_date: '15/03/2026',
        dealtype1_id: t1.id,
        dealtype2_id: String(t2.id),
        amount: '1 234 567,891',
        currency: 'usd',
        entities: [
          { siren: spaced(s1), name: 'Acheteuse SA', entityrole_id: buyer.id, stake_percent: '' },
          { siren: s2, name: 'Cible SAS', entityrole_id: String(target.id), stake_percent: '33,335' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json() as Deal;
    expect(deal).toMatchObject({
      deal_identifier: id,
      deal_id: id,
      deal_date: '2026-03-15',
      dealtype1_id: t1.id,
      dealtype2_id: t2.id,
      type1: { id: t1.id, name: t1.name },
      type2: { id: t2.id, name: t2.name },
      amount: 1234567.89,
      currency: 'USD',
      status: 1,
      revision: 1,
      published_revision: null,
    });
    expect(deal.entities).toEqual([
      { id: expect.any(Number), siren: s1, name: 'Acheteuse SA', entityrole_id: buyer.id, role: { id: buyer.id, name: buyer.name, display_name: buyer.display_name }, stake_percent: null },
      { id: expect.any(Number), siren: s2, name: 'Cible SAS', entityrole_id: target.id, role: { id: target.id, name: target.name, display_name: target.display_name }, stake_percent: 33.34 },
    ]);
    expect(await readDeal(root, deal.id)).toEqual(deal);
    const copy = { deal_identifier: id, deal_date: '2026-03-15', type1_name: t1.name, type2_name: t2.name, amount: '1234567.89', currency: 'USD' };
    expect(await entityRows(deal.id)).toEqual([
      { id: deal.entities[0].id, position: 0, siren: s1, name: 'Acheteuse SA', role_id: buyer.id, stake_percent: null, role_name: buyer.name, ...copy },
      { id: deal.entities[1].id, position: 1, siren: s2, name: 'Cible SAS', role_id: target.id, stake_percent: '33.34', role_name: target.name, ...copy },
    ]);
  });

  it('maps extra1..extra16 to the deal and back; none is 0 for types and roles, null elsewhere; EUR and status 1 by default', async () => {
    const [fr, us, de, gb] = await Promise.all(['FR', 'US', 'DE', 'GB'].map(countryId));
    const extras = {
      extra1: 1,
      extra2: '2',
      extra3: 'Acquéreur Un',
      extra4: fr,
      extra5: 'Acquéreur Deux',
      extra6: String(us),
      extra7: 'Acquéreur Trois',
      extra8: de,
      extra9: 'Cible Une',
      extra10: gb,
      extra11: 'Cible Deux',
      extra12: fr,
      extra13: 'Cible Trois',
      extra14: us,
      extra15: 'Cédant',
      extra16: de,
    };
    const body = dealPayload({ ...extras, currency: undefined, status: undefined, dealtype1_id: '0', dealtype2_id: 0 });
    const deal = (await store(body)).json() as Deal;
    expect(deal).toMatchObject({ ...extras, extra2: 2, extra6: us, currency: 'EUR', status: 1, dealtype1_id: 0, dealtype2_id: 0, type1: null, type2: null });
    expect(deal.entities[0].entityrole_id).toBe(0);
    const [cols] = await rowsOf<Record<string, unknown>>(t.ctx.db, sql`
      select french_investment_abroad, foreign_investment_in_france, buyer1_name, buyer1_country_id, buyer3_name, buyer3_country_id,
             target1_name, target1_country_id, target3_name, target3_country_id, seller_name, seller_country_id, deal_type1_id
        from deals where id = ${deal.id}`);
    expect(cols).toEqual({
      french_investment_abroad: 1,
      foreign_investment_in_france: 2,
      buyer1_name: 'Acquéreur Un',
      buyer1_country_id: fr,
      buyer3_name: 'Acquéreur Trois',
      buyer3_country_id: de,
      target1_name: 'Cible Une',
      target1_country_id: gb,
      target3_name: 'Cible Trois',
      target3_country_id: us,
      seller_name: 'Cédant',
      seller_country_id: de,
      deal_type1_id: null,
    });
    // Blank optional fields are null.
    const bare = (await store(dealPayload({ deal_date: '', amount: '', description: '  ', url: '', source: null, extra1: '', extra2: 0, extra4: '0' }))).json() as Deal;
    expect(bare).toMatchObject({ deal_date: null, amount: null, description: null, url: null, source: null, extra1: null, extra2: null, extra4: null });
  });

  it('fills an empty company name from the company register, and keeps a given one', async () => {
    const [known, unknown] = [siren(), siren()];
    await t.ctx.db.execute(sql`insert into companies (siren, name) values (${known}, 'SOCIETE DU REGISTRE')`);
    const deal = (await store(
      dealPayload({
        entities: [
          { siren: known, name: '', entityrole_id: 0 },
          { siren: known, name: 'Nom saisi', entityrole_id: 0 },
          { siren: unknown, name: null, entityrole_id: 0 },
        ],
      }),
    )).json() as Deal;
    expect(deal.entities.map((e) => e.name)).toEqual(['SOCIETE DU REGISTRE', 'Nom saisi', null]);
    // On update too.
    const other = siren();
    await t.ctx.db.execute(sql`insert into companies (siren, name) values (${other}, 'AUTRE SOCIETE')`);
    const res = await update(deal.id, { ...payloadOf(deal), entities: [...payloadOf(deal).entities as object[], { siren: other }] });
    expect(res.json().entities[3].name).toBe('AUTRE SOCIETE');
  });

  it('answers 404 Item does not exist! for an unknown id on read, update, toggle and delete', async () => {
    for (const res of [
      await root.get(`${BASE}/getDealRoles/${MISSING_ID}`),
      await update(MISSING_ID, dealPayload()),
      await root.post(`${BASE}/toggledeal/${MISSING_ID}`),
      await root.post(`${BASE}/removedeal`, { id: MISSING_ID }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual(NOT_FOUND);
    }
    expect((await root.get(`${BASE}/getDealRoles/abc`)).statusCode).toBe(422);
  });
});

describe('validation (422, French, one key per field)', () => {
  it('refuses a deal without entity: errors.entities, on store and update', async () => {
    for (const entities of [[], undefined, null]) {
      const res = await store(dealPayload({ entities }));
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ entities: [NO_ENTITY] });
    }
    const deal = await createDeal(root);
    const res = await update(deal.id, { ...payloadOf(deal), entities: [] });
    expect(res.json()).toEqual({ message: NO_ENTITY, errors: { entities: [NO_ENTITY] } });
    expect((await readDeal(root, deal.id)).entities).toHaveLength(1);
  });

  it('refuses an identifier another deal has (store and update), and keeps its own', async () => {
    const a = await createDeal(root);
    const b = await createDeal(root);
    const dup = await store(dealPayload({ deal_identifier: a.deal_identifier }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toEqual({ message: TAKEN, errors: { deal_identifier: [TAKEN] } });
    const upd = await update(b.id, { ...payloadOf(b), deal_identifier: a.deal_identifier });
    expect(upd.json().errors).toEqual({ deal_identifier: [TAKEN] });
    expect((await update(a.id, { ...payloadOf(a), description: 'autre' })).statusCode).toBe(200);
  });

  it('names every bad deal field', async () => {
    const res = await store({
      deal_identifier: '  ',
      deal_date: '31/02/2026',
      dealtype1_id: 'abc',
      amount: -5,
      currency: 'XXX',
      url: 'ftp://example.com/x',
      status: 4,
      extra1: 3,
      extra2: 'oui',
      extra3: 'x'.repeat(256),
      extra4: -1,
      entities: [{ siren: validSiren(1), entityrole_id: 0 }],
    });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(errors).toEqual({
      deal_identifier: ['Le champ Deal ID est obligatoire.'],
      deal_date: ['Le champ Deal date n’est pas une date valide (JJ/MM/AAAA ou AAAA-MM-JJ).'],
      dealtype1_id: ['Le champ Deal Type 1 n’est pas valide.'],
      amount: ['Le champ Deal Amount doit être supérieur ou égal à 0.'],
      currency: [expect.stringMatching(/^Le champ Currency doit être l’une des devises proposées \(EUR, USD, /)],
      url: ['Le champ Lien doit être un lien http(s) valide.'],
      status: ["Le champ Actif n’est pas valide."],
      extra1: ['Le champ Investissement français à l’étranger doit valoir 1 (oui) ou 2 (non).'],
      extra2: ['Le champ Investissement étranger en France doit valoir 1 (oui) ou 2 (non).'],
      extra3: ['Le champ Acquéreur 1 ne peut pas dépasser 255 caractères.'],
      extra4: ['Le champ Pays (Acquéreur 1) n’est pas valide.'],
    });
    const more = await store(dealPayload({ amount: 'beaucoup', url: 'pas un lien', deal_date: '2026-13-01', deal_identifier: 'x'.repeat(65) }));
    expect(more.json().errors).toEqual({
      deal_identifier: ['Le champ Deal ID ne peut pas dépasser 64 caractères.'],
      deal_date: ['Le champ Deal date n’est pas une date valide (JJ/MM/AAAA ou AAAA-MM-JJ).'],
      amount: ['Le champ Deal Amount doit être un nombre.'],
      url: ['Le champ Lien doit être un lien http(s) valide.'],
    });
    const big = await store(dealPayload({ amount: 1e16 }));
    expect(big.json().errors).toEqual({ amount: [`Le champ Deal Amount doit être inférieur à ${(1e16).toLocaleString('fr-FR')}.`] });
  });

  it('refuses unknown types, countries and roles', async () => {
    const res = await store(dealPayload({ dealtype1_id: MISSING_ID, dealtype2_id: MISSING_ID - 1, extra4: MISSING_ID, extra16: MISSING_ID, entities: [{ siren: siren(), entityrole_id: MISSING_ID }] }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      dealtype1_id: ['Le champ Deal Type 1 désigne un type qui n’existe pas.'],
      dealtype2_id: ['Le champ Deal Type 2 désigne un type qui n’existe pas.'],
      extra4: ['Le pays choisi n’existe pas.'],
      extra16: ['Le pays choisi n’existe pas.'],
      'entities.0.entityrole_id': ['Le champ Company Role désigne un rôle qui n’existe pas.'],
    });
  });

  it('keys each entity error by its position: entities.N.field', async () => {
    const res = await store(
      dealPayload({
        entities: [
          { siren: siren(), name: 'Bonne', entityrole_id: 0, stake_percent: 10 },
          { siren: badLuhnSiren(3), name: 'Mauvais siren', entityrole_id: 0 },
          { siren: '', name: '', entityrole_id: 0, stake_percent: 5 },
          { siren: siren(), entityrole_id: 'x', stake_percent: 100.01 },
          { siren: siren(), stake_percent: 'moitié' },
        ],
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'entities.1.siren': [SIREN_MESSAGE],
      'entities.2.siren': ['Saisissez le champ SIREN ou le champ Company Name.'],
      'entities.3.entityrole_id': ['Le champ Company Role n’est pas valide.'],
      'entities.3.stake_percent': ['Le champ Stake Percent (%) doit être inférieur ou égal à 100.'],
      'entities.4.stake_percent': ['Le champ Stake Percent (%) doit être un nombre.'],
    });
  });

  it('leaves out the entity rows where nothing was typed; errors keep the rows’ positions; only blank rows is no entity', async () => {
    const blank = { siren: '', name: '', entityrole_id: 0, stake_percent: '' };
    const s1 = siren();
    const res = await store(dealPayload({ entities: [blank, { siren: s1, name: 'Seule', entityrole_id: '0', stake_percent: null }, { ...blank, stake_percent: null }] }));
    expect(res.statusCode, res.body).toBe(201);
    const deal = res.json() as Deal;
    expect(deal.entities.map((e) => [e.siren, e.name])).toEqual([[s1, 'Seule']]);
    expect((await entityRows(deal.id)).map((r) => r.position)).toEqual([0]);

    const bad = await store(dealPayload({ entities: [blank, { siren: '12', name: 'Mauvais' }] }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'entities.1.siren': [SIREN_MESSAGE] });

    const none = await store(dealPayload({ entities: [blank, { siren: null, name: '  ' }] }));
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ entities: [NO_ENTITY] });
  });
});

describe('updatedeal', () => {
  it('adds, removes and changes entities; kept entities keep their ids; the copies follow the deal', async () => {
    const role = await createRole(root);
    const type = await createType(root);
    const [s1, s2, s3, s4] = [siren(), siren(), siren(), siren()];
    const deal = await createDeal(root, {
      dealtype1_id: type.id,
      entities: [
        { siren: s1, name: 'Un', entityrole_id: role.id, stake_percent: 10 },
        { siren: s2, name: 'Deux', entityrole_id: 0 },
        { siren: s3, name: 'Trois', entityrole_id: 0 },
      ],
    });
    const [e1, , e3] = deal.entities;
    const newId = dealIdentifier('EDIT');
    const res = await update(deal.id, {
      ...payloadOf(deal),
      deal_identifier: newId,
      amount: 42,
      currency: 'GBP',
      dealtype1_id: 0,
      entities: [
        { id: e3.id, siren: s3, name: 'Trois modifiée', entityrole_id: role.id, stake_percent: 75 },
        { id: e1.id, siren: s1, name: 'Un', entityrole_id: role.id, stake_percent: 10 },
        { siren: s4, name: 'Quatre', entityrole_id: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Deal;
    expect(after.revision).toBe(2);
    expect(after.entities.map((e) => [e.id, e.name, e.stake_percent])).toEqual([
      [e3.id, 'Trois modifiée', 75],
      [e1.id, 'Un', 10],
      [expect.any(Number), 'Quatre', null],
    ]);
    const rows = await entityRows(deal.id);
    expect(rows).toHaveLength(3);
    for (const r of rows) expect(r).toMatchObject({ deal_identifier: newId, amount: '42.00', currency: 'GBP', type1_name: null });
    expect(rows.map((r) => r.role_name)).toEqual([role.name, role.name, null]);
  });

  it('does not bump the revision, nor write, on a save that changes nothing (equivalent spellings included)', async () => {
    const role = await createRole(root);
    const deal = await createDeal(root, { amount: 1500.5, entities: [{ siren: siren(), name: 'Même', entityrole_id: role.id, stake_percent: 12.5 }] });
    const same = await update(deal.id, payloadOf(deal));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toEqual(deal);
    const spelled = await update(deal.id, {
      ...payloadOf(deal),
      deal_date: '15/03/2026',
      amount: '1 500,50',
      currency: 'eur',
      entities: deal.entities.map((e) => ({ id: e.id, siren: spaced(e.siren!), name: ` ${e.name} `, entityrole_id: String(e.entityrole_id), stake_percent: '12,50' })),
    });
    expect(spelled.json()).toEqual(deal);
    // A real change, however small, bumps it: an entity's stake, then the order of the entities.
    const stake = await update(deal.id, { ...payloadOf(deal), entities: [{ ...(payloadOf(deal).entities as object[])[0], stake_percent: 12.51 }] });
    expect(stake.json().revision).toBe(2);
    const two = await update(deal.id, { ...payloadOf(stake.json()), entities: [...(payloadOf(stake.json()).entities as object[]), { name: 'Seconde' }] });
    expect(two.json().revision).toBe(3);
    const swapped = payloadOf(two.json());
    const reordered = await update(deal.id, { ...swapped, entities: [...(swapped.entities as object[])].reverse() });
    expect(reordered.json().revision).toBe(4);
    expect(reordered.json().entities.map((e: { name: string }) => e.name)).toEqual(['Seconde', 'Même']);
  });

  it("treats an entity id of another deal as a new entity, and leaves the other deal as it was", async () => {
    const other = await createDeal(root);
    const deal = await createDeal(root);
    const stolen = other.entities[0];
    const res = await update(deal.id, { ...payloadOf(deal), entities: [{ id: stolen.id, siren: siren(), name: 'Nouvelle' }] });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json() as Deal;
    expect(after.entities).toHaveLength(1);
    expect(after.entities[0].id).not.toBe(stolen.id);
    expect(after.entities[0].id).not.toBe(deal.entities[0].id);
    expect(await readDeal(root, other.id)).toEqual(other);
  });

  it('keeps the status when the update has none, and bumps the revision when the status changes', async () => {
    const deal = await createDeal(root);
    const { status: _s, ...noStatus } = payloadOf(deal);
    const off = await update(deal.id, { ...noStatus, status: 0 });
    expect(off.json()).toMatchObject({ status: 0, revision: 2 });
    const kept = await update(deal.id, noStatus);
    expect(kept.json()).toMatchObject({ status: 0, revision: 2 });
  });

  it('writes the deal and its entities in one transaction: a bad entity leaves nothing written', async () => {
    const deal = await createDeal(root, { entities: [{ siren: siren(), name: 'Avant', entityrole_id: 0 }] });
    const bad = await update(deal.id, {
      ...payloadOf(deal),
      description: 'ne doit pas être écrite',
      entities: [{ name: 'Nouvelle', entityrole_id: 0 }, { siren: '123', entityrole_id: 0 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'entities.1.siren': [SIREN_MESSAGE] });
    expect(await readDeal(root, deal.id)).toEqual(deal);
    const id = dealIdentifier('NOTHING');
    expect((await store(dealPayload({ deal_identifier: id, entities: [{ name: 'Bonne' }, { siren: 'x' }] }))).statusCode).toBe(422);
    expect(await countDeals(id)).toBe(0);

    // A failure inside the write itself (a trigger refusing one entity) rolls the deal back too.
    await t.ctx.db.execute(sql`create function refuse_boom() returns trigger language plpgsql as $$
      begin if new.name = 'BOOM' then raise exception 'entité refusée'; end if; return new; end $$`);
    await t.ctx.db.execute(sql`create trigger refuse_boom before insert or update on deal_entities for each row execute function refuse_boom()`);
    try {
      const id2 = dealIdentifier('ROLLBACK');
      const created = await store(dealPayload({ deal_identifier: id2, entities: [{ name: 'Bonne' }, { name: 'BOOM' }] }));
      expect(created.statusCode).toBe(500);
      expect(await countDeals(id2)).toBe(0);
      const edited = await update(deal.id, { ...payloadOf(deal), description: 'annulée', entities: [...(payloadOf(deal).entities as object[]), { name: 'BOOM' }] });
      expect(edited.statusCode).toBe(500);
      expect(await readDeal(root, deal.id)).toEqual(deal);
      expect(await entityRows(deal.id)).toHaveLength(1);
    } finally {
      await t.ctx.db.execute(sql`drop trigger refuse_boom on deal_entities`);
      await t.ctx.db.execute(sql`drop function refuse_boom()`);
    }
  });
});

describe('toggledeal and removedeal', () => {
  it('toggles 1 -> 0 -> 1, each time bumping the revision', async () => {
    const deal = await createDeal(root);
    const off = await root.post(`${BASE}/toggledeal/${deal.id}`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: deal.id, status: 0, revision: 2 });
    expect((await readDeal(root, deal.id)).status).toBe(0);
    expect((await root.post(`${BASE}/toggledeal/${deal.id}`)).json()).toMatchObject({ status: 1, revision: 3 });
  });

  it('deletes the deal with its entities (body: the deal), then it is a 404', async () => {
    const deal = await createDeal(root, { entities: [{ siren: siren() }, { siren: siren() }] });
    const res = await root.post(`${BASE}/removedeal`, deal);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(DONE);
    expect((await root.get(`${BASE}/getDealRoles/${deal.id}`)).json()).toEqual(NOT_FOUND);
    expect(await entityRows(deal.id)).toEqual([]);
    expect((await root.post(`${BASE}/removedeal`, { id: deal.id })).statusCode).toBe(404);
    const bad = await root.post(`${BASE}/removedeal`, { deal_identifier: deal.deal_identifier });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.id).toEqual(["L’identifiant doit être un nombre entier positif."]);
  });

  it('keeps the deal_entity_counts total current', async () => {
    const total = async () =>
      Number((await rowsOf<{ rows: number }>(t.ctx.db, sql`select rows from deal_entity_counts where id = 1`))[0].rows);
    const real = async () =>
      Number((await rowsOf<{ n: number }>(t.ctx.db, sql`select count(*)::int as n from deal_entities`))[0].n);
    const deal = await createDeal(root, { entities: [{ siren: siren() }, { siren: siren() }] });
    await update(deal.id, { ...payloadOf(deal), entities: [{ name: 'Une seule' }] });
    expect(await total()).toBe(await real());
    await root.post(`${BASE}/removedeal`, { id: deal.id });
    expect(await total()).toBe(await real());
  });

  it('every deal call needs a signed-in administrator (401)', async () => {
    const anon = t.anon();
    await anon.ensureCsrf();
    for (const res of [
      await anon.get(`${BASE}/getDealRoles/1`),
      await anon.post(`${BASE}/storedeal`, dealPayload()),
      await anon.post(`${BASE}/updatedeal/1`, dealPayload()),
      await anon.post(`${BASE}/toggledeal/1`),
      await anon.post(`${BASE}/removedeal`, { id: 1 }),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});
