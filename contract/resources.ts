/**
 * The names the server and the web share for each status resource: the path names of
 * its six routes under `/api/<resource>` and its 404 text (SPEC sections 3, 7 and 8). The server registers
 * the routes with them (server/http/status-routes.ts); the web calls them (web/src/api/resource.ts). Pure
 * and free of zod, so the web may import it as a value. A new status resource adds its entry here.
 */

/** Path names of the six routes; an absent one takes its default (`DEFAULT_STATUS_PATHS`). */
export interface StatusPaths {
  all?: string;
  toggle?: string;
  store?: string;
  get?: string;
  update?: string;
  /** Delete at `POST /{remove}/:id`; by default `POST /:id`. */
  remove?: string;
  /**
   * True: the delete is `POST /{remove}` with the record as body (only its `id` is read), as the spec has
   * `POST /api/transactions/removerole` (body the role). Needs `remove`.
   */
  removeWithBody?: boolean;
}

/** The usual layout: `GET all`, `POST togglestatus/:id`, `POST store`, `GET getUserRoles/:id`, `POST update/:id`. */
export const DEFAULT_STATUS_PATHS = { all: 'all', toggle: 'togglestatus', store: 'store', get: 'getUserRoles', update: 'update' } as const;

/** `paths` completed with the defaults (`remove` stays absent for a delete at `POST /:id`). */
export function resolveStatusPaths(
  paths: StatusPaths = {},
): Required<Omit<StatusPaths, 'remove' | 'removeWithBody'>> & Pick<StatusPaths, 'remove' | 'removeWithBody'> {
  return { ...DEFAULT_STATUS_PATHS, ...paths };
}

/** What the server and the web share of one status resource. */
export interface StatusResourceNames {
  paths: StatusPaths;
  /** The 404 text (SPEC section 8). */
  notFound: string;
}

/** Administrators: `/api/admins/...`. */
export const ADMINS: StatusResourceNames = { paths: {}, notFound: 'User does not exist!' };
/** API customers: `/api/customers/...`. */
export const CUSTOMERS: StatusResourceNames = { paths: {}, notFound: 'User does not exist!' };
/** Groups of SIRENs: `/api/groups/...`, with `getGroupRoles/:id` and a delete at `removegroup/:id`. */
export const GROUPS: StatusResourceNames = { paths: { get: 'getGroupRoles', remove: 'removegroup' }, notFound: 'Group does not exist!' };
/** News categories: `/api/news/...`, with `getCategoryRoles/:id` and a delete at `POST /api/news/:id`. */
export const NEWS_CATEGORIES: StatusResourceNames = { paths: { get: 'getCategoryRoles' }, notFound: 'Category does not exist!' };
/** Deal-entity roles: `/api/transactions/{allroles, togglerole/:id, storerole, getRoleRoles/:id, updaterole/:id, removerole}`, delete with the role as body. */
export const DEAL_ROLES: StatusResourceNames = {
  paths: { all: 'allroles', toggle: 'togglerole', store: 'storerole', get: 'getRoleRoles', update: 'updaterole', remove: 'removerole', removeWithBody: true },
  notFound: 'Item does not exist!',
};
/** Deal types: `/api/transactions/{alltypes, toggletype/:id, storetype, getTypeRoles/:id, updatetype/:id, removetype}`, delete with the type as body. */
export const DEAL_TYPES: StatusResourceNames = {
  paths: { all: 'alltypes', toggle: 'toggletype', store: 'storetype', get: 'getTypeRoles', update: 'updatetype', remove: 'removetype', removeWithBody: true },
  notFound: 'Item does not exist!',
};
