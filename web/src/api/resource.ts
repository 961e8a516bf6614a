/**
 * `CrudResource`: the list/filter/get/store/update/togglestatus/delete calls and dialog texts of
 * one "status + CRUD" entity (SPEC section 7 call layout, section 4 confirmation texts),
 * and `standardResource`, which builds one from the usual `/api/<x>/...` endpoint names.
 */
import { resolveStatusPaths, type StatusPaths } from '../../../contract/resources';
import { apiGet, apiPost } from './client';
import type { ListFilter, MessageResponse, Paginated } from './types';

/**
 * The calls and texts of one "status + CRUD" resource (administrators, customers, and later
 * news categories, groups, roles, types...). Shared hooks and pages take one of these, so a
 * module only describes its endpoints and wording.
 */
export interface CrudResource<T extends { id: number; status: number }, TCreate, TUpdate = TCreate> {
  /** Root of the TanStack Query keys: `[key]` is the list, `[key, id]` one item. */
  key: string;
  /** Path of the list page in the UI (redirect after create/delete). */
  listPath: string;
  /** Path of the create page in the UI, the list's 'Ajouter' link: `{listPath}/create` unless it lives elsewhere (`/news/create`). */
  createPath: string;
  /** Every item at once (`GET {base}/all`): the lists of a few hundred rows, paged in the browser. */
  list: () => Promise<T[]>;
  /**
   * One page for a filter (`POST {base}/filter?page=n`, body `{pagination: {per_page}, orderBy, search}`,
   * CONVENTIONS.md section 3 "Lists"): the tables that grow to millions of rows, paged on the server.
   * Present only when the resource declares the endpoint.
   */
  filter?: (filter: ListFilter, page: number, signal?: AbortSignal) => Promise<Paginated<T>>;
  get: (id: number) => Promise<T>;
  create: (input: TCreate) => Promise<T>;
  update: (id: number, input: TUpdate) => Promise<T>;
  toggleStatus: (id: number) => Promise<T>;
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

/** Endpoint names of a resource that follows the usual `/api/<x>/...` layout (contract/resources.ts). */
export interface StandardEndpoints extends StatusPaths {
  /** Paged list `POST {base}/{filter}?page=n` (e.g. `'filter'`); none by default, so no `filter()`. */
  filter?: string;
}

/**
 * Builds a `CrudResource` for endpoints shaped like
 * `GET {base}/all`, `POST {base}/togglestatus/{id}`, `POST {base}/store`,
 * `GET {base}/getUserRoles/{id}`, `POST {base}/update/{id}`, `POST {base}/{id}` (delete).
 * `endpoints` renames any of these (e.g. `{ get: 'getCategoryRoles' }`, or `{ remove: 'removegroup' }`
 * for a delete at `POST {base}/removegroup/{id}`; with `removeWithBody`, `POST {base}/{remove}` and body `{id}`), and `{ filter: 'filter' }` adds the server-paged
 * `filter()` call `POST {base}/filter?page=n`.
 */
export function standardResource<T extends { id: number; status: number }, TCreate, TUpdate = TCreate>(config: {
  key: string;
  base: string;
  listPath: string;
  /** Create page, `{listPath}/create` by default (news categories: `/news/create` beside `/news/categories`). */
  createPath?: string;
  texts: CrudResource<T, TCreate, TUpdate>['texts'];
  endpoints?: StandardEndpoints;
}): CrudResource<T, TCreate, TUpdate> {
  const { base } = config;
  const e = { ...resolveStatusPaths(config.endpoints), filter: config.endpoints?.filter };
  return {
    key: config.key,
    listPath: config.listPath,
    createPath: config.createPath ?? `${config.listPath}/create`,
    texts: config.texts,
    list: () => apiGet<T[]>(`${base}/${e.all}`),
    ...(e.filter
      ? {
          filter: (filter: ListFilter, page: number, signal?: AbortSignal) =>
            apiPost<Paginated<T>>(`${base}/${e.filter}`, filter, { query: { page }, signal }),
        }
      : {}),
    get: (id) => apiGet<T>(`${base}/${e.get}/${id}`),
    create: (input) => apiPost<T>(`${base}/${e.store}`, input),
    update: (id, input) => apiPost<T>(`${base}/${e.update}/${id}`, input),
    toggleStatus: (id) => apiPost<T>(`${base}/${e.toggle}/${id}`),
    remove: (id) =>
      e.remove && e.removeWithBody
        ? apiPost<MessageResponse>(`${base}/${e.remove}`, { id })
        : apiPost<MessageResponse>(e.remove ? `${base}/${e.remove}/${id}` : `${base}/${id}`),
  };
}
