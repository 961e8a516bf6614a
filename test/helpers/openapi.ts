/**
 * Request bodies read from the app's OpenAPI document, for tests that must reach every text field of every
 * route without listing them (control characters, fuzzing): which routes take a JSON body, and a valid-looking
 * sample of each body with one chosen string field replaced.
 */
import type { FastifyInstance } from 'fastify';

/** A JSON schema node as @fastify/swagger writes it (the parts used here). */
export interface SchemaNode {
  type?: string;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  nullable?: boolean;
  pattern?: string;
  default?: unknown;
  $ref?: string;
}

/** A route with a JSON body: `pattern` in Fastify's `:param` form. */
export interface BodyRoute {
  method: string;
  pattern: string;
  schema: SchemaNode;
}

/**
 * `node` with every `$ref: '#/components/schemas/X'` replaced by the named schema (the contract's schemas are
 * OpenAPI components), so that the walkers below see the fields. A schema that refers to
 * itself again stays a `$ref` (treated as an opaque value).
 */
function deref(node: unknown, components: Record<string, SchemaNode>, seen: string[] = []): unknown {
  if (Array.isArray(node)) return node.map((n) => deref(n, components, seen));
  if (!node || typeof node !== 'object') return node;
  const ref = (node as SchemaNode).$ref;
  if (typeof ref === 'string') {
    const name = ref.replace('#/components/schemas/', '');
    if (seen.includes(name) || !components[name]) return node;
    return deref(components[name], components, [...seen, name]);
  }
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, deref(v, components, seen)]));
}

/** Every documented route that takes a JSON body, its schema with the component references resolved. */
export function bodyRoutes(app: FastifyInstance): BodyRoute[] {
  const doc = app.swagger() as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: SchemaNode }> } }>>;
    components?: { schemas?: Record<string, SchemaNode> };
  };
  const components = doc.components?.schemas ?? {};
  const out: BodyRoute[] = [];
  for (const [p, ops] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(ops)) {
      const raw = op.requestBody?.content?.['application/json']?.schema;
      const schema = raw ? (deref(raw, components) as SchemaNode) : undefined;
      if (schema) out.push({ method: m.toUpperCase(), pattern: p.replace(/\{(\w+)\}/g, ':$1'), schema });
    }
  }
  return out;
}

/** Paths (`a.b`, `sirens.0`) of every string leaf of a schema, arrays taken as one item. */
export function stringFields(schema: SchemaNode, prefix = ''): string[] {
  const node = pick(schema);
  if (node.type === 'object' && node.properties) {
    return Object.entries(node.properties).flatMap(([k, v]) => stringFields(v, prefix ? `${prefix}.${k}` : k));
  }
  if (node.type === 'array' && node.items) return stringFields(node.items, `${prefix}.0`);
  return node.type === 'string' && !node.enum ? [prefix] : [];
}

/**
 * One alternative of an anyOf/oneOf: a free string when there is one (to reach text fields), else the last
 * non-null, non-boolean one (status `0 | 1 | '0' | '1' | boolean` gives `'1'`, an active item).
 */
function pick(schema: SchemaNode): SchemaNode {
  const alts = schema.anyOf ?? schema.oneOf;
  if (!alts) return schema;
  return alts.find((a) => a.type === 'string' && !a.enum) ?? [...alts].reverse().find((a) => a.type !== 'null' && a.type !== 'boolean') ?? alts[0];
}

let seq = 0;

/**
 * A valid-looking value for a schema: strings of the allowed length (`…@example.com` for emails, a valid
 * SIREN for `siren…` fields, a 12+ character password), 10 for
 * numbers (a valid page size too), enums' first value, objects with every property, arrays of one item.
 * `key` is the property name.
 */
export function sample(schema: SchemaNode, key = ''): unknown {
  const node = pick(schema);
  if (node.enum) return node.enum[0];
  switch (node.type) {
    case 'object':
      return Object.fromEntries(Object.entries(node.properties ?? {}).map(([k, v]) => [k, sample(v, k)]));
    case 'array':
      return node.items ? [sample(node.items, key)] : [];
    case 'integer':
    case 'number':
      return Math.max(10, node.minimum ?? 10);
    case 'boolean':
      return true;
    case 'string': {
      seq += 1;
      if (/email/i.test(key)) return `sample${seq}-${Date.now()}@example.com`;
      if (/password/i.test(key) || key === 'current') return 'sample-password-123';
      if (/siren/i.test(key)) return '552032534'; // a valid SIREN (Luhn)
      return 'a'.repeat(Math.max(node.minLength ?? 0, 8));
    }
    default:
      return null;
  }
}

/** `value` with the leaf at `path` (dot-separated, numeric parts index arrays) set to `leaf`. */
export function withLeaf(value: unknown, path: string, leaf: unknown): unknown {
  const [head, ...rest] = path.split('.');
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value) ? [...value] : { ...(value as Record<string, unknown>) };
  (copy as Record<string, unknown>)[head] = rest.length ? withLeaf((copy as Record<string, unknown>)[head], rest.join('.'), leaf) : leaf;
  return copy;
}
