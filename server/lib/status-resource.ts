/**
 * The one server-side mechanism of the "status resources" (SPEC sections 4, 7, 8):
 * records with an id and a 0/1 `status` that the back-office lists, reads, creates, updates, toggles
 * and deletes — administrators, customers, groups, news categories, deal roles and deal types. A module declares
 * its resource once (`defineStatusResource`); the mechanism gives:
 *
 * - find-or-404 with the spec's text ('User does not exist!', 'Group does not exist!', ...);
 * - the toggle through the row-locked `toggleStatus`, with an optional guard on disabling, and `onDisabled` in its
 *   transaction
 *   (422 `errors.status`), which also applies when an update sets status 0;
 * - "absent status keeps the current one" on update (never a silent re-activation);
 * - the update in one transaction with the row locked (`select … for update`): its read, its write and its hooks
 *   (`values`, `onDisabled`, `after`) commit together or not at all, and two updates of one record run in turn;
 * - delete with its protections (a guard, 422 `errors.destroy`) and its dependent rows, in one transaction;
 * - unique-violation -> field error mapping (constraint name -> field and French message, 422);
 * - every field error in one 422: the database checks of a body that breaks the schema (`check`) join the schema's;
 * - `updated_at` kept current;
 * - one audit entry per write, in its transaction (server/lib/audit.ts): resource = the table's name, the
 *   response object before → after (create: after only; delete: before only; toggle: the status), less the
 *   fields declared `unaudited` (figures read from other tables, such as today's API calls).
 *
 * The routes are registered from the same declaration by server/http/status-routes.ts.
 */
import { desc, eq, getTableName } from 'drizzle-orm';
import type { PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Status } from '../../contract/fields';
import type { Db } from '../db/client';
import { fieldError, notFound, type FieldErrors } from '../lib/errors';
import { diffChanges, recordAudit, withSecretInputs } from './audit';
import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { toggleStatus, type StatusTable } from './status-toggle';
import type { StatusPaths } from '../../contract/resources';

/** Who acts: the signed-in administrator and their session (for guards and session revocation). */
export interface Actor {
  id: number;
  sessionId?: string;
}

/** The field and French message of a unique constraint or index, e.g. `{field: 'name', message: 'Ce nom … est déjà utilisé.'}`. */
export interface UniqueField {
  field: string;
  message: string;
}

type Insert<T extends StatusTable> = T['$inferInsert'];

/**
 * The declaration of one status resource.
 * @typeParam T - the table (integer `id`, 0/1 `status`, optional `updatedAt`)
 * @typeParam Row - what list/find return: the table row, or the `columns` projection
 * @typeParam StoreBody / UpdateBody - the contract's request schemas of `store` and `update/{id}`
 * @typeParam Res - the contract's response object
 */
export interface StatusResourceSpec<
  T extends StatusTable,
  Row extends { id: number; status: number },
  StoreBody extends z.ZodType,
  UpdateBody extends z.ZodType<{ status?: Status }>,
  Res,
> {
  table: T;
  /** What list and find select (default: the whole row), e.g. the row plus a count of children. */
  columns?: SelectedFields;
  /**
   * Response fields the audit entries leave out: figures `columns` reads from other tables that change without
   * any write of the record (e.g. today's API calls), which a diff would otherwise report as changes.
   */
  unaudited?: readonly string[];
  /** The spec's 404 text (SPEC section 8). */
  notFound: string;
  /** Unique constraints and indexes of the table -> field error (422) when a write violates them. */
  unique?: Record<string, UniqueField>;
  /** The contract's response schema and the row -> response mapping. */
  response: z.ZodType<Res>;
  toResponse: (row: Row) => Res;
  /**
   * Routes (SPEC section 7; server/http/status-routes.ts): OpenAPI tag, the path names that differ from the defaults,
   * and `secretReads` when the list and the read answer secrets in clear (each answer is recorded as a `reveal`).
   */
  http: { tag: string; paths?: StatusPaths; secretReads?: boolean };
  store: {
    body: StoreBody;
    /** Column values of the new row (may check and throw an AppError first). */
    values: (db: Db, input: z.output<StoreBody>) => Insert<T> | Promise<Insert<T>>;
    /** Generated values: on a unique violation `values` runs again, this many times at most (default 0). */
    retries?: number;
    /**
     * The checks that need the database (e.g. an email already taken), run on the raw body when the body breaks
     * the schema: their errors join the schema's in one 422, so that every field error is given at once. A valid
     * body is checked by `values` instead. `body` is the request's JSON as sent: read it defensively.
     */
    check?: (db: Db, body: unknown) => Promise<FieldErrors>;
  };
  update: {
    body: UpdateBody;
    /** Column values to change besides `status` and `updatedAt` (may check and throw an AppError first). */
    values: (db: Db, input: z.output<UpdateBody>, current: Row, actor: Actor) => Partial<Insert<T>> | Promise<Partial<Insert<T>>>;
    /**
     * Runs after a successful update (e.g. revoke sessions after a password change); `previous` is the row as it
     * was before the update (e.g. to tell a rename).
     */
    after?: (db: Db, row: Row, input: z.output<UpdateBody>, actor: Actor, previous: Row) => Promise<void>;
    /** As `store.check`, for record `id`. */
    check?: (db: Db, body: unknown, id: number) => Promise<FieldErrors>;
  };
  /** Refuses to disable record `id` (toggle 1 -> 0, or update to status 0): throw a 422 under `errors.status`. */
  guardDisable?: (id: number, actor: Actor) => void;
  /** Runs once record `id` is disabled (toggle or update), e.g. to revoke its sessions. */
  onDisabled?: (db: Db, id: number) => Promise<void>;
  /**
   * Refuses to delete record `id`: throw a 422 under `errors.destroy`. Runs before the delete, outside its
   * transaction; may read (e.g. count the rows that use the record). When the delete then fails on a foreign
   * key (a row using the record was added in between), it runs again, and its 422 is the answer.
   */
  guardDelete?: (id: number, actor: Actor, db: Db) => void | Promise<void>;
  /** Deletes the record's dependent rows, in the transaction of the delete. */
  deleteDependents?: (tx: Db, id: number) => Promise<void>;
}

/** A declared status resource: its declaration and the operations every route and caller uses. */
export interface StatusResource<
  T extends StatusTable,
  Row extends { id: number; status: number },
  StoreBody extends z.ZodType,
  UpdateBody extends z.ZodType<{ status?: Status }>,
  Res,
> {
  spec: StatusResourceSpec<T, Row, StoreBody, UpdateBody, Res>;
  /** The resource its audit entries name: the table's name (their actions: `create`, `update`, `status`, `delete`). */
  auditResource: string;
  /** Every record, newest first. */
  list(db: Db): Promise<Row[]>;
  /** @throws AppError 404 with the spec's text */
  find(db: Db, id: number): Promise<Row>;
  /** Checks that record `id` exists, reading its id only (not the projection). @throws AppError 404 with the spec's text */
  assertExists(db: Db, id: number): Promise<void>;
  /** Creates a record. @throws AppError 422 (validation in `values`, unique field) */
  create(db: Db, input: z.output<StoreBody>): Promise<Row>;
  /**
   * Updates a record in one transaction, the row locked, hooks included; an absent status keeps the current one.
   * @throws AppError 404, 422; a hook's error (nothing is written then)
   */
  update(db: Db, id: number, input: z.output<UpdateBody>, actor: Actor): Promise<Row>;
  /** Flips the status, the row locked. @throws AppError 404, 422 errors.status (guard) */
  toggle(db: Db, id: number, actor: Actor): Promise<Row>;
  /** Deletes a record and its dependents. @throws AppError 422 errors.destroy (guard), 404 */
  remove(db: Db, id: number, actor: Actor): Promise<void>;
}

/**
 * Runs `write`, turning a unique violation of a declared constraint into a 422 under its field.
 * @throws AppError 422 `{[field]: [message]}`; any other error unchanged
 */
export async function withUniqueFields<R>(unique: Record<string, UniqueField> | undefined, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (err) {
    for (const [constraint, { field, message }] of Object.entries(unique ?? {})) {
      if (isUniqueViolation(err, constraint)) throw fieldError(field, message);
    }
    throw err;
  }
}

/** Declares a status resource (see the module docstring). */
export function defineStatusResource<
  T extends StatusTable,
  Row extends { id: number; status: number },
  StoreBody extends z.ZodType,
  UpdateBody extends z.ZodType<{ status?: Status }>,
  Res,
>(spec: StatusResourceSpec<T, Row, StoreBody, UpdateBody, Res>): StatusResource<T, Row, StoreBody, UpdateBody, Res> {
  const table = spec.table as StatusTable;
  const select = (db: Db) => (spec.columns ? db.select(spec.columns) : db.select()).from(table as PgTable);
  const stamp = () => (table.updatedAt ? { updatedAt: new Date() } : {});
  const write = <R>(fn: () => Promise<R>) => withUniqueFields(spec.unique, fn);
  const resource = getTableName(table as PgTable);
  /** The audit entry of a write, on its transaction: the response objects before → after. */
  const audited = (row: Row | undefined) => {
    if (!row) return undefined;
    const response = { ...(spec.toResponse(row) as Record<string, unknown>) };
    for (const field of spec.unaudited ?? []) delete response[field];
    return response;
  };
  const audit = (tx: Db, id: number, action: string, before?: Row, after?: Row, input?: unknown) => {
    const [from, to] = [audited(before), audited(after)];
    return recordAudit(tx, { resource, resourceId: id, action, changes: withSecretInputs(diffChanges(from, to), input, to ?? from, !before) });
  };

  async function find(db: Db, id: number): Promise<Row> {
    const [row] = (await select(db).where(eq(table.id, id))) as unknown as Row[];
    if (!row) throw notFound(spec.notFound);
    return row;
  }
  /** The written row as list/find give it (re-read when a projection adds columns); none written: 404. */
  async function shaped(db: Db, row: { id: number } | null | undefined): Promise<Row> {
    if (!row) throw notFound(spec.notFound);
    return spec.columns ? find(db, row.id) : (row as unknown as Row);
  }

  return {
    spec,
    auditResource: resource,
    find,
    async assertExists(db, id) {
      const [row] = await db.select({ id: table.id }).from(table as PgTable).where(eq(table.id, id));
      if (!row) throw notFound(spec.notFound);
    },
    list: (db) => select(db).orderBy(desc(table.id)) as unknown as Promise<Row[]>,

    create: (db, input) =>
      write(async () => {
        for (let attempt = 0; ; attempt++) {
          const values = await spec.store.values(db, input);
          try {
            // Each attempt in its own transaction (a unique violation aborts it), with its audit entry.
            return await db.transaction(async (transaction) => {
              const tx: Db = transaction;
              const [row] = await tx.insert(table as PgTable).values(values as never).returning();
              const created = await shaped(tx, row as { id: number });
              await audit(tx, created.id, 'create', undefined, created, input);
              return created;
            });
          } catch (err) {
            if (attempt >= (spec.store.retries ?? 0) || !isUniqueViolation(err)) throw err;
          }
        }
      }),

    update: (db, id, input, actor) =>
      // One transaction, the row locked first: the hooks read and write with the update, a hook that throws leaves
      // nothing written, and a concurrent update of the record waits, then reads what this one wrote.
      db.transaction(async (transaction) => {
        const tx: Db = transaction;
        const [locked] = await tx.select({ id: table.id }).from(table as PgTable).where(eq(table.id, id)).for('update');
        if (!locked) throw notFound(spec.notFound);
        const current = await find(tx, id);
        const status = input.status ?? (current.status as Status);
        if (current.status === 1 && status === 0) spec.guardDisable?.(id, actor);
        const values = { ...(await spec.update.values(tx, input, current, actor)), status, ...stamp() };
        const [written] = await write(() => tx.update(table as PgTable).set(values as never).where(eq(table.id, id)).returning());
        const row = await shaped(tx, written as { id: number } | undefined);
        if (status === 0) await spec.onDisabled?.(tx, id);
        await spec.update.after?.(tx, row, input, actor, current);
        await audit(tx, id, 'update', current, row, input);
        return row;
      }),

    async toggle(db, id, actor) {
      const toggled = await toggleStatus(
        db,
        spec.table,
        id,
        (row) => {
          if (row.status === 1) spec.guardDisable?.(id, actor);
        },
        // In the toggle's transaction: a disabled record and its hook's work commit together.
        async (tx, row) => {
          if (row.status === 0) await spec.onDisabled?.(tx, id);
          await recordAudit(tx, { resource, resourceId: id, action: 'status', changes: { status: [row.status === 1 ? 0 : 1, row.status] } });
        },
      );
      return shaped(db, toggled as { id: number } | null);
    },

    async remove(db, id, actor) {
      await spec.guardDelete?.(id, actor, db);
      try {
        await db.transaction(async (transaction) => {
          const tx: Db = transaction;
          // What is deleted, for the audit entry (404 when there is no such record).
          const before = await find(tx, id);
          await spec.deleteDependents?.(tx, id);
          const deleted = await tx.delete(table as PgTable).where(eq(table.id, id)).returning({ id: table.id });
          if (deleted.length === 0) throw notFound(spec.notFound);
          await audit(tx, id, 'delete', before);
        });
      } catch (err) {
        // A row using the record came after the guard: the guard, run again, now refuses with its count.
        if (isForeignKeyViolation(err)) await spec.guardDelete?.(id, actor, db);
        throw err;
      }
    },
  };
}
