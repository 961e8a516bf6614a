/**
 * Route enumeration shared by the tests that must cover every route, including routes added later by
 * other modules without editing the tests (route guard, headers of every answer, fuzzing, the audit
 * declarations of test/api/audit-routes.test.ts).
 */
import type { FastifyInstance } from 'fastify';

/** An HTTP method of a registered route. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** One registered route. */
export interface Route {
  method: Method;
  /** The route pattern, e.g. `/api/admins/update/:id`. */
  pattern: string;
  /** A concrete URL: every path parameter replaced by 1. */
  url: string;
}

/** Prefix of the OpenAPI documentation pages (static assets, not API calls). */
export const DOCS_PREFIX = '/api/docs';

/**
 * Every (method, pattern) of the app, read from `printRoutes({ commonPrefix: false })`: each tree line is
 * `<indent><branch><segment> (<METHODS>)` with 4 characters of indent per level; a full pattern is the
 * concatenation of its ancestors' segments. HEAD twins of GET routes are skipped.
 */
export function listRoutes(app: FastifyInstance): Route[] {
  const stack: string[] = [];
  const out: Route[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    // The root `/` itself is not printed: a top-level `*` is `/*`.
    stack.push(depth === 0 && !m[2].startsWith('/') ? '/' + m[2] : m[2]);
    const pattern = stack.join('');
    for (const method of (m[3] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
      if (method === 'HEAD') continue;
      const url = pattern.replace(/:[A-Za-z_]\w*(\([^)]*\))?/g, '1').replace(/\*/g, 'x');
      out.push({ method: method as Method, pattern, url });
    }
  }
  return out;
}

/** The `/api` routes of `listRoutes`, documentation pages left out. */
export function listApiRoutes(app: FastifyInstance): Route[] {
  return listRoutes(app).filter((r) => r.pattern.startsWith('/api/') && !r.pattern.startsWith(DOCS_PREFIX));
}

/** `METHOD /pattern`, the key used in messages and allow-lists. */
export const routeKey = (r: Route) => `${r.method} ${r.pattern}`;
