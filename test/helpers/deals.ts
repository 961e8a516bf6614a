/**
 * Deals helpers for the API tests: a valid deal payload (SPEC section 3 "Deal"), and roles, types
 * and deals created through the API (`storerole`, `storetype`, `storedeal`), each with a unique name or
 * identifier per call, so that tests sharing a database do not collide.
 */
import { expect } from 'vitest';
import type { DealResponse, RoleResponse, TypeResponse } from '../../contract/deals';
import type { Client } from './app';
import { validSiren } from './sirens';

export type Role = RoleResponse;
export type DealType = TypeResponse;
export type Deal = DealResponse;

/** A deal entity of the payload. */
export interface EntityPayload {
  id?: number;
  siren?: string | null;
  name?: string | null;
  entityrole_id?: number | string;
  stake_percent?: number | string | null;
}

let counter = 0;
/** A number unique in this test process (for names and identifiers). */
export function nextNumber(): number {
  counter += 1;
  return counter;
}

/** A unique deal identifier, e.g. `T-4-17` (prefix, process id, counter). */
export function dealIdentifier(prefix = 'T'): string {
  return `${prefix}-${process.pid % 10_000}-${nextNumber()}`;
}

/**
 * A valid payload of `storedeal`: a unique identifier, 2026-03-15, no type, 1,500,000.50 EUR, one entity
 * (a valid SIREN of the test series, named, no role, 51 %). `overrides` replace top-level fields.
 */
export function dealPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = nextNumber();
  return {
    deal_identifier: dealIdentifier(),
    deal_date: '2026-03-15',
    dealtype1_id: '0',
    dealtype2_id: '0',
    amount: 1_500_000.5,
    currency: 'EUR',
    description: 'Opération de test',
    url: 'https://www.example.com/operation',
    source: 'Tests',
    status: 1,
    extra1: 2,
    extra2: 1,
    entities: [{ siren: validSiren(n, 61_000_000), name: `Société test ${n}`, entityrole_id: 0, stake_percent: 51 }],
    ...overrides,
  };
}

/** Creates a role through the API (201); the name is unique unless given. */
export async function createRole(client: Client, name = `Rôle ${nextNumber()}`, status: 0 | 1 = 1): Promise<Role> {
  const res = await client.post('/api/transactions/storerole', { name, display_name: name, status });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Role;
}

/** Creates a type through the API (201); the name is unique unless given. */
export async function createType(client: Client, name = `Type ${nextNumber()}`, status: 0 | 1 = 1): Promise<DealType> {
  const res = await client.post('/api/transactions/storetype', { name, status });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as DealType;
}

/** Creates a deal through the API (201) from `dealPayload(overrides)`. */
export async function createDeal(client: Client, overrides: Record<string, unknown> = {}): Promise<Deal> {
  const res = await client.post('/api/transactions/storedeal', dealPayload(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Deal;
}

/** Reads a deal (`getDealRoles/{id}`, 200). */
export async function readDeal(client: Client, id: number): Promise<Deal> {
  const res = await client.get(`/api/transactions/getDealRoles/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Deal;
}

/** The payload that re-saves `deal` as it is (what the edit form posts back without a change). */
export function payloadOf(deal: Deal): Record<string, unknown> {
  const { entities, type1: _t1, type2: _t2, revision: _r, published_revision: _p, created_at: _c, updated_at: _u, ...rest } = deal;
  return {
    ...rest,
    entities: entities.map((e) => ({ id: e.id, siren: e.siren, name: e.name, entityrole_id: e.entityrole_id, stake_percent: e.stake_percent })),
  };
}
