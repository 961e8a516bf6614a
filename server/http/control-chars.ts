/**
 * Control characters in request text. A NUL (`\u0000`) in a text field made
 * PostgreSQL fail (500) on 9 routes, sign-in included; other control characters would be stored and shown.
 * Every text field refuses the Unicode control characters (C0, DEL, C1) except tab, newline and a carriage
 * return that starts a CRLF (pasted Windows text); a lone CR is refused.
 *
 * Two layers: the field builders of contract/fields.ts add `noControlChars(label)` (contract/control-chars.ts,
 * a message naming the field as its form labels it), and `registerControlCharGuard` is a
 * safety net for fields built otherwise: after validation and before any handler, it walks the body, query and params and answers 422 under the
 * top-level field that holds such a character, so that a route that forgets cannot reach the database. On a route
 * that handles its own schema failure (`attachValidation`), the schema's field errors are kept beside it.
 */
import type { FastifyInstance } from 'fastify';
import { hasControlChars } from '../../contract/control-chars';
import { validationError, type FieldErrors } from '../lib/errors';
import { schemaFieldErrors } from './errors';

/** Message of the safety net, which knows the field but not its label. */
export const CONTROL_CHAR_FIELD_MESSAGE = 'Ce champ contient un caractère de contrôle non autorisé.';

/**
 * Top-level keys of `value` (an object, array or string) under which some string, at any depth, holds a
 * forbidden control character; object keys are checked too. A bare string, an array item, or a key that
 * cannot name a field (`__proto__`, `k\u0000`) is reported under `fallback` (`body`, `query`, `params`).
 */
export function fieldsWithControlChars(value: unknown, fallback: string): string[] {
  if (typeof value === 'string') return hasControlChars(value) ? [fallback] : [];
  if (!value || typeof value !== 'object') return [];
  const out: string[] = [];
  for (const [key, child] of Object.entries(value)) {
    if (hasControlChars(key) || holds(child)) out.push(Array.isArray(value) || !isFieldName(key) ? fallback : key);
  }
  return [...new Set(out)];
}

/** A key that can name a form field in the answer (not `__proto__`, not a long or odd string). */
function isFieldName(key: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/.test(key) && key !== 'constructor' && key !== 'prototype';
}

function holds(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (hasControlChars(v)) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (hasControlChars(k)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

/** Registers the safety net (a `preHandler` hook on the root instance: every route, after validation). */
export function registerControlCharGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const fields = [
      ...fieldsWithControlChars(request.params, 'params'),
      ...fieldsWithControlChars(request.query, 'query'),
      ...fieldsWithControlChars(request.body, 'body'),
    ];
    if (fields.length === 0) return;
    // A route that reads its own schema failure (`attachValidation`) would otherwise lose the schema's labelled
    // messages to this generic one: they come first, and this message only names the fields they leave out.
    const failure = request.validationError;
    const errors: FieldErrors = (failure?.validationContext === 'body' ? schemaFieldErrors(failure) : undefined) ?? {};
    for (const f of fields) errors[f] ??= [CONTROL_CHAR_FIELD_MESSAGE];
    throw validationError(errors);
  });
}
