/**
 * Deal form values and their conversions from the loaded deal and to the storedeal / updatedeal body (SPEC
 * sections 3 "Deal", "Deal entity" and 5: types '0' = none, EUR by default, YES/NO 1/2, a new entity with role
 * 0 and an empty stake; new deals are active, section 4).
 */
import { DEFAULT_CURRENCY } from '../texts';
import type { Deal, DealInput, Status } from '../types';

/** One row of the entities list of the form (`id` kept when editing an existing entity). */
export interface EntityFormValues {
  id?: number | null;
  siren: string;
  name: string;
  entityrole_id: number;
  stake_percent: number | string | null;
}

/** The 14 name / country fields of the buyers, targets and seller (extra3..extra16). */
type PartyFields = { [K in `extra${3 | 5 | 7 | 9 | 11 | 13 | 15}`]: string } & {
  [K in `extra${4 | 6 | 8 | 10 | 12 | 14 | 16}`]: number | null;
};

/** Values of the deal form. */
export type DealFormValues = PartyFields & {
  deal_identifier: string;
  /** `YYYY-MM-DD` (the date picker's value), '' when empty. */
  deal_date: string;
  dealtype1_id: number;
  dealtype2_id: number;
  amount: number | string | null;
  currency: string;
  description: string;
  url: string;
  source: string;
  status: Status;
  extra1: number | null;
  extra2: number | null;
  entities: EntityFormValues[];
};

/** A new entity of the list: role 0 (none), stake empty (SPEC section 5). */
export const NEW_ENTITY: EntityFormValues = { siren: '', name: '', entityrole_id: 0, stake_percent: null };

/** The name fields (even extras) and country fields (odd extras from 4) of the parties. */
export const NAME_EXTRAS = ['extra3', 'extra5', 'extra7', 'extra9', 'extra11', 'extra13', 'extra15'] as const;
export const COUNTRY_EXTRAS = ['extra4', 'extra6', 'extra8', 'extra10', 'extra12', 'extra14', 'extra16'] as const;

const emptyParties = (): PartyFields =>
  Object.fromEntries([...NAME_EXTRAS.map((k) => [k, '']), ...COUNTRY_EXTRAS.map((k) => [k, null])]) as PartyFields;

/** Starting values of the create form: active, EUR, no type, one empty entity. */
export function newDealValues(): DealFormValues {
  return {
    ...emptyParties(),
    deal_identifier: '',
    deal_date: '',
    dealtype1_id: 0,
    dealtype2_id: 0,
    amount: null,
    currency: DEFAULT_CURRENCY,
    description: '',
    url: '',
    source: '',
    status: 1,
    extra1: null,
    extra2: null,
    entities: [{ ...NEW_ENTITY }],
  };
}

/** Loaded deal -> form values. */
export function dealToValues(deal: Deal): DealFormValues {
  const parties = emptyParties() as Record<string, string | number | null>;
  for (const key of NAME_EXTRAS) parties[key] = deal[key] ?? '';
  for (const key of COUNTRY_EXTRAS) parties[key] = deal[key] ?? null;
  return {
    ...(parties as PartyFields),
    deal_identifier: deal.deal_identifier,
    deal_date: deal.deal_date ?? '',
    dealtype1_id: deal.dealtype1_id ?? 0,
    dealtype2_id: deal.dealtype2_id ?? 0,
    amount: deal.amount,
    currency: deal.currency || DEFAULT_CURRENCY,
    description: deal.description ?? '',
    url: deal.url ?? '',
    source: deal.source ?? '',
    status: deal.status === 1 ? 1 : 0,
    extra1: deal.extra1,
    extra2: deal.extra2,
    entities: deal.entities.map((e) => ({
      id: e.id,
      siren: e.siren ?? '',
      name: e.name ?? '',
      entityrole_id: e.entityrole_id ?? 0,
      stake_percent: e.stake_percent,
    })),
  };
}

const orNull = (value: string | null | undefined) => (value === undefined || value === null || value.trim() === '' ? null : value);

/** Form values -> storedeal / updatedeal body (blank texts as null, the server normalises the rest). */
export function valuesToDealInput(values: DealFormValues): DealInput {
  const parties: Record<string, string | number | null> = {};
  for (const key of NAME_EXTRAS) parties[key] = orNull(values[key]);
  for (const key of COUNTRY_EXTRAS) parties[key] = values[key] ?? null;
  return {
    ...parties,
    deal_identifier: values.deal_identifier ?? '',
    deal_date: orNull(values.deal_date),
    dealtype1_id: values.dealtype1_id ?? 0,
    dealtype2_id: values.dealtype2_id ?? 0,
    amount: values.amount === '' ? null : (values.amount ?? null),
    currency: values.currency || DEFAULT_CURRENCY,
    description: orNull(values.description),
    url: orNull(values.url),
    source: orNull(values.source),
    status: values.status === 1 ? 1 : 0,
    extra1: values.extra1 ?? null,
    extra2: values.extra2 ?? null,
    entities: (values.entities ?? []).map((e) => ({
      ...(e.id ? { id: e.id } : {}),
      siren: orNull(e.siren),
      name: orNull(e.name),
      entityrole_id: e.entityrole_id ?? 0,
      stake_percent: e.stake_percent === '' ? null : (e.stake_percent ?? null),
    })),
  } as DealInput;
}
