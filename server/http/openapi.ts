/**
 * Named schemas of the OpenAPI document at /api/docs. The contract names its
 * schemas with zod's `.meta({ id })`; fastify-type-provider-zod references them by `$ref` from the
 * routes and lists every named schema twice under `components.schemas`, once as read (`Admin`) and
 * once as sent (`AdminInput`). Only the forms that a route uses, directly or through another schema,
 * are kept, so the docs do not show a request body as an answer or the reverse.
 */
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';

const PREFIX = '#/components/schemas/';

/** Names of the components referenced (`$ref`) anywhere inside `value`. */
function refsIn(value: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, out);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith(PREFIX)) out.add(decodeURIComponent(v.slice(PREFIX.length)));
      else refsIn(v, out);
    }
  }
  return out;
}

/**
 * `transformObject` of @fastify/swagger: the zod components, without those no route reaches.
 * @returns the OpenAPI document with `components.schemas` reduced to the referenced schemas
 */
export const openapiTransformObject: typeof jsonSchemaTransformObject = (input) => {
  const result = jsonSchemaTransformObject(input);
  // The zod transform always returns an OpenAPI 3 document (never Swagger 2).
  const doc = result as { paths?: unknown; components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas;
  if (!schemas) return result;
  const used = new Set<string>();
  const pending = [...refsIn(doc.paths, new Set())];
  while (pending.length) {
    const name = pending.pop()!;
    if (used.has(name)) continue;
    used.add(name);
    pending.push(...refsIn(schemas[name], new Set()));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...result, components: { ...doc.components, schemas: kept } } as typeof result;
};
