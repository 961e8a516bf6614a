/**
 * Deal payloads (SPEC sections 3 "Role", "Type", "Deal", "Deal entity", "Country", "Imported file" and
 * 7 "Transactions"): deal-entity roles and deal types (status resources), the
 * countries of the selects, the deal with its entities (`storedeal`, `updatedeal/{id}`, `getDealRoles/{id}`)
 * and the imported files (`allfiles`). Shared by the server and the web.
 *
 * The deal keeps the spec's generic names: `extra1`/`extra2` (1 = YES, 2 = NO: French investment abroad,
 * foreign investment in France), `extra3/5/7` + `extra4/6/8` (buyers 1-3: name, country id), `extra9/11/13` +
 * `extra10/12/14` (targets 1-3), `extra15` + `extra16` (seller). The server maps them to meaningful columns.
 *
 * Validation messages are French (SPEC section 5). `dealBody` reports nested errors with dotted paths
 * (`entities.0.siren`): the server keys its 422 field map by `issue.path.join('.')` (`dealFieldErrors`).
 */
import { z } from 'zod';
import { importSummary } from './import-summary';
import { frenchError, optionalStatus, optionalText, sirenFromSirenOrSiret, status, statusResponse, text } from './fields';
import { noControlChars } from './control-chars';
import { SIREN_MESSAGE } from './siren';

/** The 20 currencies of SPEC section 5, EUR first (the default). */
export const CURRENCIES = [
  'EUR', 'USD', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'CNY', 'INR', 'BRL',
  'RUB', 'SGD', 'HKD', 'KRW', 'MXN', 'ZAR', 'TRY', 'SEK', 'NOK', 'NZD',
] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'EUR';

/** YES / NO of `extra1` and `extra2` (SPEC section 9). */
export const YES = 1;
export const NO = 2;

/** Longest deal identifier (characters; `deals.deal_identifier` is varchar(64)). */
export const DEAL_IDENTIFIER_MAX = 64;
/** Longest link and description (characters). */
export const DEAL_URL_MAX = 2000;
export const DEAL_DESCRIPTION_MAX = 10_000;
/** Most entities one deal may have. */
export const DEAL_ENTITIES_MAX = 500;
/** Largest amount numeric(18,2) holds, exclusive. */
export const AMOUNT_LIMIT = 1e16;

/** Message of a deal without entity (422 `errors.entities`). */
export const NO_ENTITY = 'Une transaction doit comporter au moins une entité.';
/** Message of a deal identifier already used (422 `errors.deal_identifier`). */
export const IDENTIFIER_TAKEN = 'Cet identifiant de transaction est déjà utilisé.';
/** Message of an entity with neither SIREN nor name. */
export const ENTITY_EMPTY = 'Saisissez le champ SIREN ou le champ Company Name.';

// ---------------------------------------------------------------------------------------------------------
// Roles and types
// ---------------------------------------------------------------------------------------------------------

export const roleBody = z
  .object({ name: text('Nom'), display_name: text('Nom affiché'), status: status('Actif') })
  .meta({ id: 'DealRoleStore' });
export const roleUpdateBody = z
  .object({ name: text('Nom'), display_name: text('Nom affiché'), status: optionalStatus('Actif') })
  .meta({ id: 'DealRoleUpdate' });
export const roleResponse = z
  .object({
    id: z.number(),
    name: z.string(),
    display_name: z.string(),
    status: statusResponse,
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'DealRole' });
export type RoleResponse = z.output<typeof roleResponse>;

export const typeBody = z.object({ name: text('Nom'), status: status('Actif') }).meta({ id: 'DealTypeStore' });
export const typeUpdateBody = z.object({ name: text('Nom'), status: optionalStatus('Actif') }).meta({ id: 'DealTypeUpdate' });
export const typeResponse = z
  .object({ id: z.number(), name: z.string(), status: statusResponse, created_at: z.string(), updated_at: z.string() })
  .meta({ id: 'DealType' });
export type TypeResponse = z.output<typeof typeResponse>;

// ---------------------------------------------------------------------------------------------------------
// Countries, imported files
// ---------------------------------------------------------------------------------------------------------

/** A country of the selects: ISO 3166-1 alpha-2 code and French name (`allcountries`, sorted by name). */
export const countryResponse = z.object({ id: z.number(), iso_alpha2: z.string(), name: z.string() }).meta({ id: 'Country' });
export type CountryResponse = z.output<typeof countryResponse>;

/**
 * An imported CSV file (`allfiles`, newest first); `created_at` is an ISO instant; `summary` what its import did
 * (null for a file imported before summaries were kept).
 */
export const importedFileResponse = z
  .object({ id: z.number(), name: z.string(), created_at: z.string(), summary: importSummary.nullable() })
  .meta({ id: 'DealImportedFile' });
export type ImportedFileResponse = z.output<typeof importedFileResponse>;

// ---------------------------------------------------------------------------------------------------------
// Value readers shared by the form and the CSV import
// ---------------------------------------------------------------------------------------------------------

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FR_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/**
 * A deal date written `YYYY-MM-DD` or `DD/MM/YYYY` (surrounding spaces ignored).
 * @returns the ISO date `YYYY-MM-DD`, or null when the value is neither form or not a real date
 *   (years 1800 to 2200)
 */
export function parseDealDate(raw: string): string | null {
  const v = raw.trim();
  let y: number, m: number, d: number;
  const iso = ISO_DATE.exec(v);
  const fr = iso ? null : FR_DATE.exec(v);
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (fr) [y, m, d] = [Number(fr[3]), Number(fr[2]), Number(fr[1])];
  else return null;
  if (y < 1800 || y > 2200 || m < 1 || m > 12 || d < 1) return null;
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  if (d > days) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/**
 * A decimal written with a dot or a French comma, spaces (also non-breaking and thin) as thousands
 * separators: `1 234,56` -> `1234.56`.
 * @returns the canonical decimal text (digits, optional `.` and decimals, optional leading `-`), or null
 */
export function parseDecimal(raw: string): string | null {
  const v = raw.replace(/[\s\u00a0\u202f]+/g, '').replace(',', '.');
  return /^-?\d+(\.\d+)?$/.test(v) ? v.replace(/^(-?)0+(?=\d)/, '$1') : null;
}

/** `value` rounded to 2 decimals as text (`12.5` -> `12.50`); exact for decimal text input. */
function toCents(value: string): string {
  const [int, frac = ''] = value.split('.');
  if (frac.length <= 2) return `${int}.${frac.padEnd(2, '0')}`;
  // Rounds half up on the text, so that large amounts keep every digit.
  const cents = BigInt(int + frac.slice(0, 2)) + (Number(frac[2]) >= 5 ? 1n : 0n);
  const s = cents.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/**
 * A JSON number as decimal text (6 decimals), or null when not finite. From 1e21 up JavaScript writes numbers with
 * an exponent (`1e+21`), which is no decimal: such a number, always an integer, is written out by BigInt instead.
 */
function numberText(v: number): string | null {
  if (!Number.isFinite(v)) return null;
  return Math.abs(v) >= 1e21 ? `${BigInt(v)}.000000` : v.toFixed(6);
}

/** Absent, null, '' or the spec's 0 / '0' (none): null. */
const none = (v: unknown) => (v === undefined || v === null || v === '' || v === 0 || v === '0' ? null : v);
/** Absent, null or blank: null. */
const blank = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);

/** An optional reference to a row (type, role, country): 0 / '0' / '' / null mean none (null). */
function optionalRef(label: string) {
  const error = () => `Le champ ${label} n’est pas valide.`;
  return z.preprocess(
    none,
    z.union([z.number({ error }), z.string({ error }).regex(/^\s*\d{1,10}\s*$/, { error }).transform(Number)], { error })
      .pipe(z.number({ error }).int({ error }).positive({ error }).max(2147483647, { error }))
      .nullable(),
  );
}

/**
 * An optional decimal within [0, max] with at most 2 decimals kept (rounded): a number, or a text read by
 * `parseDecimal`. Output: the canonical text `1234.50`, or null when absent or blank.
 */
function optionalDecimal(label: string, max: number, inclusive: boolean) {
  const error = frenchError(label);
  const bound = inclusive ? `inférieur ou égal à ${max}` : `inférieur à ${max.toLocaleString('fr-FR')}`;
  return z.preprocess(
    blank,
    z
      .union([z.number({ error }), z.string({ error })], { error })
      .transform((v, ctx) => {
        const text = typeof v === 'number' ? numberText(v) : parseDecimal(v);
        if (text === null) {
          ctx.addIssue({ code: 'custom', message: `Le champ ${label} doit être un nombre.` });
          return z.NEVER;
        }
        const n = Number(text);
        if (n < 0) {
          ctx.addIssue({ code: 'custom', message: `Le champ ${label} doit être supérieur ou égal à 0.` });
          return z.NEVER;
        }
        const cents = toCents(text);
        if (inclusive ? Number(cents) > max : Number(cents) >= max) {
          ctx.addIssue({ code: 'custom', message: `Le champ ${label} doit être ${bound}.` });
          return z.NEVER;
        }
        return cents;
      })
      .nullable(),
  );
}

/** extra1 / extra2: 1 (YES) or 2 (NO); absent, null, '' or 0 mean not given (null). */
function yesNo(label: string) {
  const error = () => `Le champ ${label} doit valoir 1 (oui) ou 2 (non).`;
  return z.preprocess(
    none,
    z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2')], { error }).transform((v) => Number(v) as 1 | 2).nullable(),
  );
}

/** An optional http(s) link of at most `DEAL_URL_MAX` characters; blank is null. */
function optionalUrl(label: string) {
  const error = frenchError(label);
  const message = `Le champ ${label} doit être un lien http(s) valide.`;
  return z.preprocess(
    blank,
    z
      .string({ error })
      .refine(...noControlChars(label))
      .trim()
      .max(DEAL_URL_MAX, { error })
      .refine((v) => {
        try {
          const u = new URL(v);
          return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
        } catch {
          return false;
        }
      }, { message })
      .nullable(),
  );
}

/** An optional text that is null (not undefined) when absent or blank. */
function nullableText(label: string, max = 255) {
  return optionalText(label, max).transform((v) => v ?? null);
}

/**
 * An optional SIREN by the shared rule (contract/siren.ts), a pasted SIRET taken for its SIREN
 * (`sirenFromSirenOrSiret`); blank is null.
 */
function optionalSiren() {
  return z.preprocess(
    blank,
    z
      .union([z.string(), z.number().transform(String)], { error: () => SIREN_MESSAGE })
      .transform(sirenFromSirenOrSiret)
      .nullable(),
  );
}

// ---------------------------------------------------------------------------------------------------------
// Deal
// ---------------------------------------------------------------------------------------------------------

/**
 * One entity of a deal: SIREN (shared rule; a valid SIRET is stored as its SIREN) and/or company name (at least one), role (0 = none), stake in
 * percent 0..100 (2 decimals, empty allowed). `id` is the entity's id when editing (kept when still listed).
 */
export const dealEntityBody = z
  .object({
    id: z.preprocess(none, z.union([z.number(), z.string()]).nullable()).optional(),
    siren: optionalSiren(),
    name: nullableText('Company Name'),
    entityrole_id: optionalRef('Company Role'),
    stake_percent: optionalDecimal('Stake Percent (%)', 100, true),
  })
  .superRefine((e, ctx) => {
    if (e.siren === null && e.name === null && !isBlankEntity(e)) ctx.addIssue({ code: 'custom', path: ['siren'], message: ENTITY_EMPTY });
  });
export type DealEntityInput = z.output<typeof dealEntityBody>;

/**
 * True for an entity row where nothing was typed: no SIREN, no name, no role, no stake. Such a row (the
 * form's first row left as it came) is not an entity: the deal's save leaves it out instead of refusing it.
 */
export function isBlankEntity(e: Pick<DealEntityInput, 'siren' | 'name' | 'entityrole_id' | 'stake_percent'>): boolean {
  return e.siren === null && e.name === null && e.entityrole_id === null && e.stake_percent === null;
}

const dealIdentifier = (() => {
  const error = frenchError('Deal ID');
  return z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : v),
    z.string({ error }).refine(...noControlChars('Deal ID')).trim().min(1, { error }).max(DEAL_IDENTIFIER_MAX, { error }),
  );
})();

const dealDate = z.preprocess(
  blank,
  z
    .string({ error: frenchError('Deal date') })
    .transform((v, ctx) => {
      const d = parseDealDate(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: 'Le champ Deal date n’est pas une date valide (JJ/MM/AAAA ou AAAA-MM-JJ).' });
        return z.NEVER;
      }
      return d;
    })
    .nullable(),
);

const currency = z.preprocess(
  (v) => (blank(v) === null ? DEFAULT_CURRENCY : typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.enum(CURRENCIES, { error: () => `Le champ Currency doit être l’une des devises proposées (${CURRENCIES.join(', ')}).` }),
);

/**
 * Body of `storedeal` and `updatedeal/{id}` (SPEC section 3 "Deal"). `id` and `deal_id` may be sent (the
 * form posts the deal it loaded) and are ignored: the path names the deal, `deal_id` is `deal_identifier`.
 * Output: normalised values (ISO date, amount and stake as decimal text, null for none), the entities where
 * nothing was typed left out (`isBlankEntity`).
 */
export const dealBody = z
  .object({
    id: z.unknown().optional(),
    deal_id: z.unknown().optional(),
    deal_identifier: dealIdentifier,
    deal_date: dealDate,
    dealtype1_id: optionalRef('Deal Type 1'),
    dealtype2_id: optionalRef('Deal Type 2'),
    amount: optionalDecimal('Deal Amount', AMOUNT_LIMIT, false),
    currency,
    description: nullableText('Description', DEAL_DESCRIPTION_MAX),
    url: optionalUrl('Lien'),
    source: nullableText('Source'),
    // Absent: 1 on create, the current status on update (never a silent re-activation).
    status: optionalStatus('Actif'),
    extra1: yesNo('Investissement français à l’étranger'),
    extra2: yesNo('Investissement étranger en France'),
    extra3: nullableText('Acquéreur 1'),
    extra4: optionalRef('Pays (Acquéreur 1)'),
    extra5: nullableText('Acquéreur 2'),
    extra6: optionalRef('Pays (Acquéreur 2)'),
    extra7: nullableText('Acquéreur 3'),
    extra8: optionalRef('Pays (Acquéreur 3)'),
    extra9: nullableText('Cible 1'),
    extra10: optionalRef('Pays (Cible 1)'),
    extra11: nullableText('Cible 2'),
    extra12: optionalRef('Pays (Cible 2)'),
    extra13: nullableText('Cible 3'),
    extra14: optionalRef('Pays (Cible 3)'),
    extra15: nullableText('Cédant'),
    extra16: optionalRef('Pays (Cédant)'),
    entities: z.preprocess(
      (v) => (v === undefined || v === null ? [] : v),
      z
        .array(dealEntityBody, { error: () => NO_ENTITY })
        .min(1, { error: () => NO_ENTITY })
        .max(DEAL_ENTITIES_MAX, { error: () => `Une transaction ne peut pas comporter plus de ${DEAL_ENTITIES_MAX} entités.` })
        // Rows where nothing was typed are left out after the check, so that the errors keep the rows' indexes.
        .transform((list, ctx) => {
          const kept = list.filter((e) => !isBlankEntity(e));
          if (kept.length === 0) {
            ctx.addIssue({ code: 'custom', message: NO_ENTITY });
            return z.NEVER;
          }
          return kept;
        }),
    ),
  })
  .meta({ id: 'DealStore' });
export type DealInput = z.output<typeof dealBody>;

/** The country-id fields of the payload (each must name a row of `countries`). */
export const COUNTRY_FIELDS = ['extra4', 'extra6', 'extra8', 'extra10', 'extra12', 'extra14', 'extra16'] as const;

/**
 * The 422 field map of a failed `dealBody` parse: one key per path joined with dots (`entities.0.siren`),
 * messages in order.
 */
export function dealFieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || 'body';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

const refResponse = z.object({ id: z.number(), name: z.string() });

/** An entity of a deal as `getDealRoles` answers it. `entityrole_id` is 0 when the entity has no role. */
export const dealEntityResponse = z
  .object({
    id: z.number(),
    siren: z.string().nullable(),
    name: z.string().nullable(),
    entityrole_id: z.number(),
    role: z.object({ id: z.number(), name: z.string(), display_name: z.string() }).nullable(),
    stake_percent: z.number().nullable(),
  })
  .meta({ id: 'DealEntity' });
export type DealEntityResponse = z.output<typeof dealEntityResponse>;

/**
 * A deal as `getDealRoles`, `storedeal`, `updatedeal` and `toggledeal` answer it. `deal_id` repeats
 * `deal_identifier` (the breadcrumb); type and role ids are 0 for none (as the selects have it), countries and
 * flags null when not given; `revision` grows at every real change, `published_revision` is the one published.
 */
export const dealResponse = z
  .object({
    id: z.number(),
    deal_identifier: z.string(),
    deal_id: z.string(),
    deal_date: z.string().nullable(),
    dealtype1_id: z.number(),
    dealtype2_id: z.number(),
    type1: refResponse.nullable(),
    type2: refResponse.nullable(),
    amount: z.number().nullable(),
    currency: z.string(),
    description: z.string().nullable(),
    url: z.string().nullable(),
    source: z.string().nullable(),
    status: statusResponse,
    extra1: z.number().nullable(),
    extra2: z.number().nullable(),
    extra3: z.string().nullable(),
    extra4: z.number().nullable(),
    extra5: z.string().nullable(),
    extra6: z.number().nullable(),
    extra7: z.string().nullable(),
    extra8: z.number().nullable(),
    extra9: z.string().nullable(),
    extra10: z.number().nullable(),
    extra11: z.string().nullable(),
    extra12: z.number().nullable(),
    extra13: z.string().nullable(),
    extra14: z.number().nullable(),
    extra15: z.string().nullable(),
    extra16: z.number().nullable(),
    entities: z.array(dealEntityResponse),
    revision: z.number(),
    published_revision: z.number().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Deal' });
export type DealResponse = z.output<typeof dealResponse>;
