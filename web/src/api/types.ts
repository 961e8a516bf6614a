/**
 * Types of the API payloads and answers, derived from the contract shared with the server
 * (contract/*.ts): `z.input` of a request schema is what the web may send, `z.output` of a response
 * schema is what it receives; where the contract's input is looser than what the web sends (a coerced
 * number), the type is the one the OpenAPI document gives (`schema.d.ts`). Nothing here is written by hand
 * except the list state the web keeps (`ListFilter`), which is checked against the contract's filter body.
 *
 * The web imports the contract as types only (`import type`): no zod code reaches the bundle. The lint
 * rule of eslint.config.js enforces it, and forbids any import of the server.
 */
import type { z } from 'zod';
import type { adminResponse, adminStoreBody, adminUpdateBody } from '../../../contract/admins';
import type { customerResponse, customerStoreBody, customerUpdateBody } from '../../../contract/customers';
import type { activeTotal, appConfig, dashboardStats } from '../../../contract/dashboard';
import type { messageBody, Status as ContractStatus } from '../../../contract/fields';
import type { addSirensResponse, groupBody, groupResponse, groupSiren, groupUpdateBody } from '../../../contract/groups';
import type { jobResponse } from '../../../contract/jobs';
import type { filterBody, Page } from '../../../contract/listing';
import type {
  categoryBody,
  categoryResponse,
  categoryUpdateBody,
  countResponse,
  importResponse,
  newsItem,
  pendingImport,
  ONLY_ERRORS,
  publishedArticle,
  removeByIdentifierBody,
  temporariesPage,
  temporaryRow,
} from '../../../contract/news';
import type { avatarResponse, passwordUpdateBody, profileResponse, profileUpdateBody } from '../../../contract/profile';
import type { logEntry, logSource, logStats } from '../../../contract/update-log';
import type { components } from './schema';

/** Status of an administrator, customer, category...: 1 active, 0 disabled. */
export type Status = ContractStatus;

/** The signed-in administrator (GET /api/profile/getAuthUser). */
export type Profile = z.output<typeof profileResponse>;

/** An administrator account (GET /api/admins/all). Dates are ISO strings. */
export type Admin = z.output<typeof adminResponse>;

/** Body of POST /api/admins/store (password required). */
export type AdminCreateInput = z.input<typeof adminStoreBody>;

/** Body of POST /api/admins/update/{id} (password optional: absent or empty keeps the current one). */
export type AdminUpdateInput = z.input<typeof adminUpdateBody>;

/** An API customer (GET /api/customers/all). */
export type Customer = z.output<typeof customerResponse>;

/** Body of POST /api/customers/store. */
export type CustomerCreateInput = z.input<typeof customerStoreBody>;

/** Body of POST /api/customers/update/{id}. */
export type CustomerUpdateInput = z.input<typeof customerUpdateBody>;

/** Body of POST /api/profile/updateAuthUser. */
export type ProfileInput = z.input<typeof profileUpdateBody>;

/** Body of POST /api/profile/updatePasswordAuthUser. */
export type PasswordInput = z.input<typeof passwordUpdateBody>;

/** Answer of the avatar upload and removal calls. */
export type AvatarResponse = z.output<typeof avatarResponse>;

/** Answer carrying only a message (password change, delete). */
export type MessageResponse = z.output<typeof messageBody>;

/** GET /api/config. The two page URLs are templates containing `{siren}`. */
export type AppConfig = z.output<typeof appConfig>;

/** Active and total count of one kind of record. */
export type ActiveTotal = z.output<typeof activeTotal>;

/** GET /api/dashboard/stats. */
export type DashboardStats = z.output<typeof dashboardStats>;

/** The filter body as the server reads it. */
type FilterRequest = NonNullable<z.input<typeof filterBody>>;

/** Sort direction of a list. */
export type SortDirection = NonNullable<NonNullable<FilterRequest['orderBy']>['direction']>;

/** Answer of the `filter` calls: one page of rows plus pagination fields. */
export type Paginated<T> = Page<T>;

/** Pagination fields of a server list answer (and of the list filter state). */
export type Pagination = Omit<Page<never>, 'data'>;

/** Body of the `POST /api/<x>/filter?page=n` calls, as the web's list state holds it. */
export interface ListFilter {
  pagination: Partial<Pagination> & { per_page: number };
  orderBy: { column: string; direction: SortDirection };
  search: string;
}

type Expect<T extends true> = T;
/** Compile-time check: the web's list state is a filter body the server accepts (tsc fails otherwise). */
export type ListFilterFitsContract = Expect<ListFilter extends FilterRequest ? true : false>;

/** One update-log entry (POST /api/messages/filter); `name` is the SIREN, dates are ISO strings. */
export type LogEntry = z.output<typeof logEntry>;
export type LogSource = z.output<typeof logSource>;

/** GET /api/messages/getdatas: processed SIRENs this year, last year, this month, per month, per day. */
export type LogStats = z.output<typeof logStats>;

/** Counts keyed by two-digit month ('01'..'12') or day ('01'..'31'). */
export type KeyedCounts = LogStats['months'];

/** A group of SIRENs (GET /api/groups/all). */
export type Group = z.output<typeof groupResponse>;

/** Body of POST /api/groups/store. */
export type GroupInput = z.input<typeof groupBody>;

/** Body of POST /api/groups/update/{id}. */
export type GroupUpdateInput = z.input<typeof groupUpdateBody>;

/** One SIREN of a group (POST /api/groups/filtersirens/{groupId}); `id` is the row id used to remove it. */
export type GroupSiren = z.output<typeof groupSiren>;

/** Body of POST /api/groups/addsirens: `lines[i]`, when sent, is the textarea line (1-based) of `sirens[i]`. */
export type AddSirensInput = components['schemas']['AddSirensInput'];

/** Answer of POST /api/groups/addsirens. */
export type AddSirensResult = z.output<typeof addSirensResponse>;

/** A background job (GET /api/jobs/{id}): queued / running / done / failed, rows and bytes read, French error. */
export type Job = z.output<typeof jobResponse>;

/** A news category (GET /api/news/all, /allvalides). */
export type NewsCategory = z.output<typeof categoryResponse>;

/** Body of POST /api/news/store. */
export type NewsCategoryInput = z.input<typeof categoryBody>;

/** Body of POST /api/news/update/{id}. */
export type NewsCategoryUpdateInput = z.input<typeof categoryUpdateBody>;

/** A pending news item (POST /api/news/filter); `posted` is an ISO instant. */
export type NewsItem = z.output<typeof newsItem>;

/** An import that pending news came from (GET /api/news/pending/imports): search `import:<id>` lists its rows. */
export type PendingImport = z.output<typeof pendingImport>;

/** A row of an uploaded CSV waiting for review (POST /api/news/filtertemporaries), with its errors. */
export type NewsTemporary = z.output<typeof temporaryRow>;

/** A page of temporaries, with the administrator's import job and their row counts. */
export type NewsTemporariesPage = z.output<typeof temporariesPage>;

/** The search value keeping only the temporaries in error (`onlyerrors`). */
export type OnlyErrorsSearch = typeof ONLY_ERRORS;

/** Answer of Synchroniser, Process and cancel: how many items moved, and the toast text. */
export type CountResponse = z.output<typeof countResponse>;

/** Answer of the upload (POST /api/news/import, 202): a message and the queued job. */
export type NewsImportResponse = z.output<typeof importResponse>;

/** Body of POST /api/news/addnews. */
export type AddNewsInput = components['schemas']['AddNewsInput'];

/** A published article (POST /api/hows/listbysiren; the 201 of addnews); `date` is an ISO instant. */
export type PublishedArticle = z.output<typeof publishedArticle>;

/** Body of POST /api/hows/removebyidentifier. */
export type RemoveArticleInput = z.input<typeof removeByIdentifierBody>;
