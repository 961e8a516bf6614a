/**
 * `CrudResource`: the list/filter/get/store/update/togglestatus/delete calls and dialog texts of
 * one "status + CRUD" entity (SPEC section 7 call layout, section 4 confirmation texts),
 * and `standardResource`, which builds one from the paths of its calls, each checked against the
 * server's OpenAPI description (`paths.ts`).
 */
import { api, ok } from './client';
import type { PathAnswering, PathTaking, WithId } from './paths';
import type { ListFilter, Paginated } from './types';

/**
 * The calls and texts of one "status + CRUD" resource (administrators, customers, groups, news
 * categories, deal roles and types, deals, RNE accounts). Shared hooks and pages take one of these,
 * so a module only describes its endpoints and wording.
 */
export interface CrudResource<T extends { id: number; status: number }, TCreate, TUpdate = TCreate> {
  /** Root of the TanStack Query keys: `[key]` is the list, `[key, id]` one item. */
  key: string;
  /** Path of the list page in the UI (redirect after create/delete). */
  listPath: string;
  /** Its resource in the audit trail (contract/audit.ts, e.g. `api_customers`): its edit page links to its « Historique ». */
  auditResource?: string;
  /** Path of the create page in the UI, the list's 'Ajouter' link: `{listPath}/create` unless it lives elsewhere (`/news/create`). */
  createPath: string;
  /** Every item at once (`paths.all`): the lists of a few hundred rows, paged in the browser. */
  list: () => Promise<T[]>;
  /**
   * One page for a filter (`POST paths.filter?page=n`, body `{pagination: {per_page}, orderBy, search}`,
   * CONVENTIONS.md section 3 "Lists"): the tables that grow to millions of rows, paged on the server.
   * Present only when the resource declares the endpoint.
   */
  filter?: (filter: ListFilter, page: number, signal?: AbortSignal) => Promise<Paginated<T>>;
  get: (id: number) => Promise<T>;
  create: (input: TCreate) => Promise<T>;
  update: (id: number, input: TUpdate) => Promise<T>;
  /** Toggles the status; the answer is the record, or nothing (a 204). */
  toggleStatus: (id: number) => Promise<T | undefined>;
  remove: (id: number) => Promise<unknown>;
  texts: {
    /** Toast when loading an item for edit fails with 404 (then redirect to /home). */
    notFound: string;
    /** Confirmation before disabling an active item. */
    confirmDisable: string;
    /** Confirmation before re-enabling a disabled item. */
    confirmEnable: string;
    /** Confirmation before deleting. */
    confirmDelete: string;
  };
}

/**
 * The paths of a resource's calls, as the server's OpenAPI description names them, each checked at compile time
 * against what the server answers there (`'/api/news/getCategoryRoles/{id}'` must answer a `T`).
 */
export interface ResourcePaths<T, TCreate, TUpdate> {
  /** Every item at once (`GET`). */
  all?: PathAnswering<'get', T[]>;
  /** One page for a filter (`POST ?page=n`, the filter as body). */
  filter?: PathTaking<'post', ListFilter, Paginated<T>>;
  /** One item (`GET …/{id}`). */
  get?: WithId<PathAnswering<'get', T>>;
  /** Creates an item (`POST`, the create body). */
  store: PathTaking<'post', TCreate, T>;
  /** Changes an item (`POST …/{id}`, the update body). */
  update: WithId<PathTaking<'post', TUpdate, T>>;
  /** Toggles the status (`POST …/{id}`): the record, or a 204. */
  toggle: WithId<PathAnswering<'post', T | undefined>>;
  /** Deletes (`POST …/{id}`, or with `removeWithBody` `POST` with the body `{id}`). */
  remove: PathAnswering<'post', unknown>;
  /** True: `remove` takes the record's id in the body, `{id}` (deal roles, types and deals). */
  removeWithBody?: boolean;
}

/** The loose view of the typed client that a generic resource calls through (its paths are checked above). */
interface LooseClient {
  GET(path: string, init?: object): Promise<{ data?: unknown; response: Response }>;
  POST(path: string, init?: object): Promise<{ data?: unknown; response: Response }>;
}
const loose = api as unknown as LooseClient;
const byId = (id: number) => ({ params: { path: { id: String(id) } } });

/**
 * Builds a `CrudResource` from the paths of its calls (`ResourcePaths`): `GET all`, `POST filter?page=n`,
 * `GET get/{id}`, `POST store`, `POST update/{id}`, `POST toggle/{id}` (the record or a 204), and the delete.
 * `list` and `get` may be given as functions instead, for a resource read another way (the RNE accounts, found
 * in their two pools' lists).
 */
export function standardResource<T extends { id: number; status: number }, TCreate, TUpdate = TCreate>(config: {
  key: string;
  listPath: string;
  /** Create page, `{listPath}/create` by default (news categories: `/news/create` beside `/news/categories`). */
  createPath?: string;
  /** Its resource in the audit trail (the « Historique » link of its edit page). */
  auditResource?: string;
  texts: CrudResource<T, TCreate, TUpdate>['texts'];
  paths: ResourcePaths<T, TCreate, TUpdate>;
  /** Every item, when no `all` path gives them. */
  list?: () => Promise<T[]>;
  /** One item, when no `get` path gives it. */
  get?: (id: number) => Promise<T>;
}): CrudResource<T, TCreate, TUpdate> {
  const p = config.paths;
  const { all, filter, get } = p;
  return {
    key: config.key,
    listPath: config.listPath,
    ...(config.auditResource ? { auditResource: config.auditResource } : {}),
    createPath: config.createPath ?? `${config.listPath}/create`,
    texts: config.texts,
    list: config.list ?? (() => (all ? ok(loose.GET(all)) : Promise.reject(new Error(`${config.key}: no list call`))) as Promise<T[]>),
    ...(filter
      ? {
          filter: (body: ListFilter, page: number, signal?: AbortSignal) =>
            ok(loose.POST(filter, { params: { query: { page: String(page) } }, body, signal })) as Promise<Paginated<T>>,
        }
      : {}),
    get: config.get ?? ((id) => (get ? ok(loose.GET(get, byId(id))) : Promise.reject(new Error(`${config.key}: no get call`))) as Promise<T>),
    create: (input) => ok(loose.POST(p.store, { body: input })) as Promise<T>,
    update: (id, input) => ok(loose.POST(p.update, { ...byId(id), body: input })) as Promise<T>,
    toggleStatus: (id) => ok(loose.POST(p.toggle, byId(id))) as Promise<T | undefined>,
    remove: (id) => ok(p.removeWithBody ? loose.POST(p.remove, { body: { id } }) : loose.POST(p.remove, byId(id))),
  };
}
