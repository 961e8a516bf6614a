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

/** GET /api/config. */
export interface AppConfig {
  api_docs_url: string;
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
