/**
 * Zod field builders with French, Laravel-style messages naming the field as its form labels it
 * (SPEC section 5). Every request schema of every module is built from these,
 * so validation reads the same everywhere. Part of the contract shared by the server and the web:
 * it imports nothing of the server.
 *
 * Named schemas: `.meta({ id })` registers a schema in zod's global registry, and the OpenAPI document
 * lists it under `components.schemas` (request bodies get the suffix `Input`: `AdminStore` -> `AdminStoreInput`).
 */
import { z } from 'zod';
import { noControlChars } from './control-chars';
import { decimalInteger } from './decimal';
import { normaliseSiren, readSirenOrSiret, SIREN_MESSAGE } from './siren';

// Messages of schemas that carry no field label (path ids, page numbers) are French too.
z.config(z.locales.fr());

type Issue = { code: string; input?: unknown; minimum?: unknown; maximum?: unknown; origin?: string; format?: string };

/** Builds the zod `error` function for a field labelled `label`. */
export function frenchError(label: string) {
  return (iss: Issue): string => {
    const missing = iss.input === undefined || iss.input === null;
    switch (iss.code) {
      case 'invalid_type':
        return missing ? `Le champ ${label} est obligatoire.` : `Le champ ${label} n’est pas valide.`;
      case 'too_small':
        if (iss.origin === 'string') {
          return Number(iss.minimum) <= 1
            ? `Le champ ${label} est obligatoire.`
            : `Le champ ${label} doit contenir au moins ${iss.minimum} caractères.`;
        }
        if (iss.origin === 'array') return `Le champ ${label} doit contenir au moins ${iss.minimum} élément(s).`;
        return `Le champ ${label} doit être supérieur ou égal à ${iss.minimum}.`;
      case 'too_big':
        if (iss.origin === 'string') return `Le champ ${label} ne peut pas dépasser ${iss.maximum} caractères.`;
        if (iss.origin === 'array') return `Le champ ${label} ne peut pas contenir plus de ${iss.maximum} éléments.`;
        return `Le champ ${label} doit être inférieur ou égal à ${iss.maximum}.`;
      case 'invalid_format':
        return iss.format === 'email'
          ? `Le champ ${label} doit être une adresse email valide.`
          : `Le format du champ ${label} est invalide.`;
      default:
        return `Le champ ${label} n’est pas valide.`;
    }
  };
}

/** A required trimmed text of 1..max characters. */
export function text(label: string, max = 255) {
  const error = frenchError(label);
  return z.string({ error }).refine(...noControlChars(label)).trim().min(1, { error }).max(max, { error });
}

/** An optional text: absent, null or blank becomes `undefined`. */
export function optionalText(label: string, max = 255) {
  const error = frenchError(label);
  return z
    .string({ error })
    .refine(...noControlChars(label))
    .trim()
    .max(max, { error })
    .nullish()
    .transform((v) => (v ? v : undefined));
}

/** A required email, trimmed and lower-cased (uniqueness is case-insensitive). */
export function email(label = 'Email') {
  const error = frenchError(label);
  return z
    .string({ error })
    .refine(...noControlChars(label))
    .trim()
    .min(1, { error })
    .max(255, { error })
    .pipe(z.email({ error }))
    .transform((v) => v.toLowerCase());
}

/** Password bounds: 12 to 128 characters. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 128;

/** A password of 12..128 characters (not trimmed: spaces count). */
export function password(label = 'Mot de passe') {
  const error = frenchError(label);
  return z.string({ error }).refine(...noControlChars(label)).min(1, { error }).min(PASSWORD_MIN, { error }).max(PASSWORD_MAX, { error });
}

/** An optional password: absent, null or '' means "keep the current one". */
export function optionalPassword(label = 'Mot de passe') {
  return z
    .union([z.literal(''), z.null(), password(label)])
    .optional()
    .transform((v) => (v ? v : undefined));
}

const statusValue = (label: string) =>
  z.union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1'), z.boolean()], { error: frenchError(label) });

/** Status 1 (Actif) or 0 (Désactivé); accepts 1/0, true/false and '1'/'0'. Defaults to 1 (SPEC section 4: new items are active). */
export function status(label = 'Actif') {
  return statusValue(label)
    .default(1)
    .transform((v) => (v === true || v === 1 || v === '1' ? 1 : 0) as 0 | 1);
}

/** Status on update: absent means "keep the current one" (undefined), never a silent re-activation. */
export function optionalStatus(label = 'Actif') {
  return statusValue(label)
    .optional()
    .transform((v) => (v === undefined ? undefined : ((v === true || v === 1 || v === '1' ? 1 : 0) as 0 | 1)));
}

/** A positive integer path id (`/api/x/{id}`), strictly decimal (see decimal.ts). */
export const idParams = z.object({
  id: decimalInteger("L’identifiant doit être un nombre entier positif.", 1, 2147483647),
});

/** Standard error bodies for route schemas (every route declares its status codes). */
export const messageBody = z.object({ message: z.string() }).meta({ id: 'Message' });
export const validationBody = z
  .object({ message: z.string(), errors: z.record(z.string(), z.array(z.string())) })
  .meta({ id: 'ValidationError' });

const errorBodies = { 400: messageBody, 401: messageBody, 404: messageBody, 419: messageBody, 422: validationBody, 429: messageBody };

/**
 * Error responses a route declares beside its success schema (CONVENTIONS.md section 4.2).
 * Every guarded route has 401; writes add 419.
 */
export function errorResponses(...codes: Array<keyof typeof errorBodies>) {
  const out: Partial<Record<keyof typeof errorBodies, z.ZodType>> = {};
  for (const c of codes) out[c] = errorBodies[c];
  return out;
}

/**
 * A SIREN field, SIREN only (searches by SIREN): spaces removed, 9 digits, Luhn; the output is the 9-digit string.
 * Message: 'Le siren doit comporter 9 chiffres valides.' Where a SIRET may be pasted instead, see `sirenOrSiret`.
 */
export function siren() {
  return z
    .string({ error: () => SIREN_MESSAGE })
    .transform((v, ctx) => {
      const s = normaliseSiren(v);
      if (!s) {
        ctx.addIssue({ code: 'custom', message: SIREN_MESSAGE });
        return z.NEVER;
      }
      return s;
    });
}

/**
 * The zod transform of a value typed where a SIREN is asked (contract/siren.ts `readSirenOrSiret`): a SIREN, or a
 * valid SIRET taken for its SIREN; the output is the 9-digit SIREN. Refused: 14 digits that are no usable SIRET
 * ('Le SIRET 55203253400704 est invalide (clé de contrôle incorrecte).'), anything else 'Le siren doit comporter
 * 9 chiffres valides.'. Shared by `sirenOrSiret` and the optional SIREN of a deal entity (contract/deals.ts).
 */
export function sirenFromSirenOrSiret(value: string, ctx: z.RefinementCtx): string {
  const read = readSirenOrSiret(value);
  if (!read.ok) {
    ctx.addIssue({ code: 'custom', message: read.message });
    return z.NEVER;
  }
  return read.siren;
}

/**
 * A SIREN field that also takes a pasted SIRET (`sirenFromSirenOrSiret`): spaces removed; the output is the
 * 9-digit SIREN, so the stored value is always a SIREN. The form says the reduction under the field
 * (web/src/components/siren/SirenInput.tsx).
 */
export function sirenOrSiret() {
  return z.string({ error: () => SIREN_MESSAGE }).transform(sirenFromSirenOrSiret);
}

/** Status in responses: 1 (Actif) or 0 (Désactivé), never another number (SPEC section 4). */
export const statusResponse = z.union([z.literal(0), z.literal(1)]);
export type Status = z.output<typeof statusResponse>;
