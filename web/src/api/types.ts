/**
 * Types of the API payloads and answers: entities of SPEC section 3 (profile, administrator,
 * API customer, update-log entry and statistics, group), call bodies of SPEC section 7, the
 * list filter and pagination objects, GET /api/config and the dashboard counters.
 */

/** Status of an administrator, customer, category...: 1 active, 0 disabled. */
export type Status = 0 | 1;

/** The signed-in administrator (GET /api/profile/getAuthUser). */
export interface Profile {
  id: number;
  firstname: string;
  name: string;
  email: string;
  avatar_url: string;
  status: Status;
}

/** An administrator account (GET /api/admins/all). Dates are ISO strings. */
export interface Admin {
  id: number;
  firstname: string;
  name: string;
  email: string;
  status: Status;
  avatar_url: string;
  created_at: string;
  updated_at: string;
}

/** Body of POST /api/admins/store and /api/admins/update/{id} (password optional on update). */
export interface AdminInput {
  name: string;
  email: string;
  password?: string;
  status: Status;
}

/** An API customer (GET /api/customers/all). */
export interface Customer {
  id: number;
  name: string;
  client_id: string;
  client_secret: string;
  client_id_sandbox: string;
  client_secret_sandbox: string;
  status: Status;
  created_at: string;
  updated_at: string;
}

/** Body of POST /api/customers/store. */
export interface CustomerCreateInput {
  name: string;
  status: Status;
}

/** Body of POST /api/customers/update/{id}. */
export interface CustomerUpdateInput extends CustomerCreateInput {
  client_id: string;
  client_secret: string;
  client_id_sandbox: string;
  client_secret_sandbox: string;
}

/** Body of POST /api/profile/updateAuthUser. */
export interface ProfileInput {
  firstname: string;
  name: string;
  email: string;
}

/** Body of POST /api/profile/updatePasswordAuthUser. */
export interface PasswordInput {
  current: string;
  password: string;
  password_confirmation: string;
}

/** Answer of the avatar upload and removal calls. */
export interface AvatarResponse {
  avatar_url: string;
}

/** Answer carrying only a message (password change, delete). */
export interface MessageResponse {
  message: string;
}

/** GET /api/config. The two page URLs are templates containing `{siren}`. */
export interface AppConfig {
  api_docs_url: string;
  /** External company page, e.g. `https://annuaire-entreprises.data.gouv.fr/entreprise/{siren}`. */
  company_page_url: string;
  /** External register manager page, e.g. `https://data.inpi.fr/entreprises/{siren}`. */
  register_page_url: string;
}

/** Active and total count of one kind of account. */
export interface ActiveTotal {
  active: number;
  total: number;
}

/** GET /api/dashboard/stats. */
export interface DashboardStats {
  admins: ActiveTotal;
  customers: ActiveTotal;
}

/** Sort direction of a list. */
export type SortDirection = 'asc' | 'desc';

/** Pagination fields of a server list answer (and of the list filter state). */
export interface Pagination {
  from: number | null;
  to: number | null;
  total: number;
  per_page: number;
  current_page: number;
  last_page: number;
  /** Set by the server when `total` is only an estimate (very common search words). */
  total_is_estimate?: boolean;
}

/** Body of the `POST /api/<x>/filter?page=n` calls. */
export interface ListFilter {
  pagination: Partial<Pagination> & { per_page: number };
  orderBy: { column: string; direction: SortDirection };
  search: string;
}

/** Answer of the `filter` calls: one page of rows plus pagination fields. */
export interface Paginated<T> extends Pagination {
  data: T[];
}

/** One update-log entry (POST /api/messages/filter); `name` is the SIREN, dates are ISO strings. */
export interface LogEntry {
  id: number;
  code: string;
  name: string;
  description: string;
  created_at: string;
}

/** Counts keyed by two-digit month ('01'..'12') or day ('01'..'31'). */
export type KeyedCounts = Record<string, number>;

/** GET /api/messages/getdatas: processed SIRENs this year, last year, this month, per month, per day. */
export interface LogStats {
  thisYear: number;
  lastYear: number;
  thisMonth: number;
  months: KeyedCounts;
  days: KeyedCounts;
}

/** A group of SIRENs (GET /api/groups/all). */
export interface Group {
  id: number;
  name: string;
  status: Status;
  sirens_count: number;
  created_at: string;
  updated_at: string;
}

/** Body of POST /api/groups/store and /api/groups/update/{id}. */
export interface GroupInput {
  name: string;
  status: Status;
}

/** One SIREN of a group (POST /api/groups/filtersirens/{groupId}); `id` is the row id used to remove it. */
export interface GroupSiren {
  id: number;
  siren: string;
  created_at: string;
}

/** Body of POST /api/groups/addsirens: `lines[i]` is the textarea line (1-based) of `sirens[i]`. */
export interface AddSirensInput {
  id: number;
  sirens: string[];
  lines: number[];
}

/** Answer of POST /api/groups/addsirens. */
export interface AddSirensResult {
  message: string;
  added: number;
  already_present: number;
  sirens_count: number;
}
