/**
 * Shapes of the customer API (`/v1`), as zod schemas: they validate the parameters, serialise the answers and give
 * the API's own OpenAPI document (server/api/docs.ts). Field names are snake_case; dates are `YYYY-MM-DD`, instants
 * ISO 8601 in UTC; what a source does not state is null.
 */
import { z } from 'zod';
import { companyResponse } from '../../contract/feeds';
import { publishedDealSnapshot } from '../../contract/deal-lists';

/** A SIREN, or a SIRET taken for its SIREN (9 or 14 digits). */
export const sirenParam = z
  .string()
  .regex(/^(\d{9}|\d{14})$/, 'un siren (9 chiffres) ou un siret (14 chiffres)')
  .describe('SIREN (9 chiffres)\u00a0; un SIRET (14 chiffres) est ramené à son SIREN.');

/** Page size of the list endpoints: 1 to 1000, 100 by default. */
export const limitParam = z.coerce.number().int().min(1).max(1000).default(100).describe('Nombre d’éléments par page (1 à 1000, 100 par défaut).');

/** An opaque cursor handed back by a previous page (`next_cursor`). */
export const cursorParam = z.string().max(100).optional().describe('Curseur `next_cursor` de la page précédente.');

/** The page envelope of the list endpoints. */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z
    .object({
      data: z.array(item),
      /** Where the next page starts; pass it back as `cursor` (or `since` for the updates). */
      next_cursor: z.string().nullable(),
      has_more: z.boolean(),
    })
    .meta({ id });
}

export const officer = z
  .object({
    /** person (INDIVIDU) or company (ENTREPRISE), as the RNE says. */
    kind: z.string(),
    role_code: z.string().nullable(),
    role_label: z.string().nullable(),
    last_name: z.string().nullable(),
    first_names: z.string().nullable(),
    usage_name: z.string().nullable(),
    /** YYYY-MM: the RNE gives the month of birth only. */
    birth_month: z.string().nullable(),
    company_siren: z.string().nullable(),
    company_name: z.string().nullable(),
    fetched_at: z.string(),
  })
  .meta({ id: 'ApiOfficer' });

export const filing = z
  .object({
    /** acte (deed), bilan (annual accounts), bilan_saisi (accounts as keyed). */
    kind: z.string(),
    /** The INPI document id. */
    id: z.string(),
    filed_on: z.string().nullable(),
    closed_on: z.string().nullable(),
    type: z.string().nullable(),
    label: z.string().nullable(),
    fetched_at: z.string(),
  })
  .meta({ id: 'ApiFiling' });

export const announcement = z
  .object({
    bulletin: z.string(),
    issue: z.string(),
    issue_date: z.string(),
    notice_number: z.number(),
    family: z.string(),
    family_label: z.string(),
    company_name: z.string().nullable(),
    court: z.string().nullable(),
    /** The notice on bodacc.fr. */
    url: z.string(),
  })
  .meta({ id: 'ApiAnnouncement' });

export const company = companyResponse
  .omit({ notice: true })
  .extend({
    /** When only a stored BODACC notice names the SIREN: that notice. */
    notice: z.object({ label: z.string(), url: z.string() }).nullable(),
    /** Officers as last fetched from the RNE (INPI); empty when the RNE has not been read for this SIREN. */
    officers: z.array(officer),
    /** Deeds and annual accounts filed at the RNE, latest first. */
    filings: z.array(filing),
    /** BODACC notices naming the SIREN, latest first (100 at most). */
    announcements: z.array(announcement),
  })
  .meta({ id: 'ApiCompany' });
export type ApiCompany = z.output<typeof company>;

export const update = z
  .object({
    id: z.number(),
    /** The code of the feed that wrote it (INSEE, BODACC, RNE), or the code an administrator typed. */
    code: z.string(),
    siren: z.string(),
    description: z.string(),
    /** Where the feed read it (bulletin and notice, file and line), null for an entry typed by hand. */
    source: z.object({ label: z.string(), url: z.string().nullable() }).nullable(),
    /** When vigie learned of the change. */
    created_at: z.string(),
  })
  .meta({ id: 'ApiUpdate' });

export const article = z
  .object({
    /** Stable identifier of the article. */
    identifier: z.string(),
    siren: z.string(),
    name: z.string().nullable(),
    title: z.string(),
    /** The news category (French name) when the article was published. */
    theme: z.string(),
    posted: z.string(),
    source: z.string().nullable(),
    url: z.string(),
    published_at: z.string(),
  })
  .meta({ id: 'ApiArticle' });

export const deal = publishedDealSnapshot
  .extend({
    /** The publication batch that serves this version, and when. */
    batch: z.number(),
    published_at: z.string(),
  })
  .meta({ id: 'ApiDeal' });

export const transaction = z
  .object({
    id: z.number(),
    siren: z.string().nullable(),
    company_name: z.string().nullable(),
    role: z.string().nullable(),
    transaction_number: z.string().nullable(),
    announced_on: z.string().nullable(),
    deal_type1: z.string().nullable(),
    deal_type2: z.string().nullable(),
    /** Decimal as text (exact). */
    amount: z.string().nullable(),
    currency: z.string().nullable(),
    stake: z.string().nullable(),
    target: z.object({ name: z.string().nullable(), siren: z.string().nullable(), country: z.string().nullable(), naf: z.string().nullable() }),
    acquirer: z.object({ name: z.string().nullable(), siren: z.string().nullable(), country: z.string().nullable(), naf: z.string().nullable() }),
    seller: z.object({ name: z.string().nullable(), sirens: z.array(z.string()), country: z.string().nullable(), naf: z.string().nullable() }),
    adviser: z.object({ name: z.string().nullable(), siren: z.string().nullable(), country: z.string().nullable() }),
    description: z.string().nullable(),
    description_complement: z.string().nullable(),
    /** The notice the row was read from: its page on bodacc.fr and its reference. */
    url: z.string().nullable(),
    source: z.string().nullable(),
  })
  .meta({ id: 'ApiTransaction' });

export const tokenResponse = z
  .object({ access_token: z.string(), token_type: z.literal('Bearer'), expires_in: z.number() })
  .meta({ id: 'AccessToken' });

export const tokenError = z
  .object({ error: z.string(), error_description: z.string().optional() })
  .meta({ id: 'OAuthError' });
