/**
 * Shapes of the transactions calls as the screens read them (SPEC sections 3 and 7 "Transactions"), taken from
 * the server's contracts (contract/deals.ts, contract/deal-lists.ts, contract/deal-import.ts) as types only:
 * the web never loads their zod schemas.
 */
import type {
  CountryResponse,
  DealResponse,
  ImportedFileResponse,
  RoleResponse,
  TypeResponse,
  roleBody,
  typeBody,
} from '../../../../contract/deals';
import type { z } from 'zod';
import type { components } from '../../api/schema';

/** 1 active, 0 disabled. */
export type Status = 0 | 1;

/** A deal-entity role: id, name, display_name, status. */
export type DealRole = RoleResponse;
/** Body of storerole / updaterole. */
export type DealRoleInput = z.input<typeof roleBody>;
/** A deal type: id, name, status. */
export type DealType = TypeResponse;
/** Body of storetype / updatetype. */
export type DealTypeInput = z.input<typeof typeBody>;
/** A country of `allcountries`: id, iso_alpha2 and its French name. */
export type Country = CountryResponse;
/** A deal as getDealRoles answers it, with its entities. */
export type Deal = DealResponse;
/** Body of storedeal / updatedeal. */
export type DealInput = components['schemas']['DealStoreInput'];
/** An imported file: id, name, created_at (ISO instant). */
export type ImportedFile = ImportedFileResponse;

/** One row of the deals list: a deal entity with its deal's listed columns. */
export interface DealListRow {
  id: number;
  deal_id: number;
  siren: string | null;
  name: string | null;
  stake_percent: number | string | null;
  role: { name: string | null } | null;
  deal: {
    id: number;
    deal_identifier: string;
    deal_date: string | null;
    amount: number | string | null;
    currency: string | null;
    type1: { name: string | null } | null;
    type2: { name: string | null } | null;
  };
}

/** `GET stats`: c1 waiting for publication, c2 published. */
export interface DealStats {
  c1: number;
  c2: number;
}

/** A legal-announcement transaction row: id and b1..b37. */
export type BodaccRow = { id: number } & Partial<Record<`b${number}`, string | number | null>>;
