/**
 * `GET /v1/deals` and `GET /v1/deals/{id}` (server/api/deals.ts), each answer checked against its zod schema: the deals
 * as the last publication on /transactions left them. Deals are created through `storedeal`, published by
 * `GET /api/transactions/insert` and taken back by `purge`; a deal deactivated (`toggledeal`) and published again is
 * withdrawn; the siren filter reads the deal's entities; the cursor walks every deal once.
 */
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemSchema } from '../../server/http/problem';
import { deal, pageOf } from '../../server/api/schemas';
import { createTestApp, type Client, type TestApp } from '../helpers/app';
import { newCustomer, tokenOf, v1 } from '../helpers/customer-api';
import { createDeal, createRole, type Deal } from '../helpers/deals';
import { validSiren } from '../helpers/sirens';

const dealPage = pageOf(deal, 'ApiDealPage');
type DealPage = z.output<typeof dealPage>;

let t: TestApp;
let root: Client;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  root = await t.superAdmin();
  token = await tokenOf(t, await newCustomer(root));
});
afterAll(async () => t?.close());

async function page(query: string): Promise<DealPage> {
  const res = await v1(t, token, `/v1/deals?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const parsed = dealPage.safeParse(res.json());
  expect(parsed.error).toBeUndefined();
  return parsed.data!;
}

async function walk(query = ''): Promise<DealPage['data']> {
  const items: DealPage['data'] = [];
  let cursor = '';
  for (let n = 0; n < 50; n++) {
    const p = await page(`limit=1&${query}&cursor=${encodeURIComponent(cursor)}`);
    items.push(...p.data);
    if (!p.has_more) return items;
    cursor = p.next_cursor!;
  }
  throw new Error('too many pages');
}

async function one(id: string | number) {
  const res = await v1(t, token, `/v1/deals/${encodeURIComponent(String(id))}`);
  if (res.statusCode !== 200) return res.statusCode;
  const parsed = deal.safeParse(res.json());
  expect(parsed.error).toBeUndefined();
  return parsed.data!;
}

async function publication(action: 'insert' | 'purge'): Promise<number> {
  const res = await root.get(`/api/transactions/${action}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as number;
}

describe('GET /v1/deals', () => {
  let a: Deal;
  let b: Deal;
  const shared = validSiren(1, 62_000_000);

  it('serves nothing before a publication, then the published deals with their entities, each once across pages', async () => {
    const acquirer = await createRole(root);
    a = await createDeal(root, { entities: [{ siren: shared, name: 'Acquéreur Alpha', entityrole_id: acquirer.id, stake_percent: 60 }] });
    b = await createDeal(root, {
      entities: [
        { siren: validSiren(2, 62_000_000), name: 'Cible Beta', entityrole_id: 0, stake_percent: null },
        { siren: shared, name: 'Acquéreur Alpha', entityrole_id: acquirer.id, stake_percent: 40 },
      ],
    });
    expect(await page('')).toEqual({ data: [], next_cursor: null, has_more: false });
    expect(await one(a.deal_identifier)).toBe(404);
    expect(await publication('insert')).toBe(2);

    const all = await walk();
    expect(all.map((d) => d.deal_identifier)).toEqual([a.deal_identifier, b.deal_identifier].sort());
    const served = all.find((d) => d.deal_identifier === a.deal_identifier)!;
    expect(served).toMatchObject({ deal_identifier: a.deal_identifier, deal_date: '2026-03-15', currency: 'EUR', published_at: expect.any(String), batch: expect.any(Number) });
    expect(served.entities).toEqual([expect.objectContaining({ siren: shared, name: 'Acquéreur Alpha' })]);
    // By identifier and by number.
    expect(await one(a.deal_identifier)).toEqual(served);
    expect(await one(a.id)).toEqual(served);
  });

  it('filters on the SIREN of an entity', async () => {
    expect((await walk(`siren=${shared}`)).map((d) => d.deal_identifier)).toEqual([a.deal_identifier, b.deal_identifier].sort());
    expect((await walk(`siren=${validSiren(2, 62_000_000)}`)).map((d) => d.deal_identifier)).toEqual([b.deal_identifier]);
    expect(await walk(`siren=${validSiren(3, 62_000_000)}`)).toEqual([]);
  });

  it('withdraws a deal deactivated then published again, and serves again what a purge restores', async () => {
    const toggled = await root.post(`/api/transactions/toggledeal/${a.id}`);
    expect(toggled.statusCode, toggled.body).toBe(200);
    // Until the next publication, the published version is still served.
    expect(await one(a.deal_identifier)).not.toBe(404);
    expect(await publication('insert')).toBe(1);
    expect(await one(a.deal_identifier)).toBe(404);
    expect((await walk()).map((d) => d.deal_identifier)).toEqual([b.deal_identifier]);
    // Purging that publication puts the deal back as it was published.
    await publication('purge');
    expect((await walk()).map((d) => d.deal_identifier)).toEqual([a.deal_identifier, b.deal_identifier].sort());
    // Purging the first publication takes everything back.
    await publication('purge');
    expect(await walk()).toEqual([]);
    expect(await one(b.deal_identifier)).toBe(404);
    const res = await v1(t, token, `/v1/deals/${b.deal_identifier}`);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(problemSchema.parse(res.json())).toMatchObject({ type: '/v1/problems/not-found', status: 404 });
  });
});
