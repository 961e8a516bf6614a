/**
 * Types over the generated API description (`schema.d.ts`) that let a generic caller name a path and still be
 * checked: `PathAnswering<'get', Admin[]>` is the union of the paths whose GET answers a body assignable to
 * `Admin[]`, so a resource declaring `all: '/api/admins/all'` fails to compile when the server stops answering
 * that shape there.
 */
import type { paths } from './schema';

/** The HTTP methods the web calls. */
export type Method = 'get' | 'post';

type JsonOf<A> = A extends { content: { 'application/json': infer B } } ? B : undefined;

/** The success body of an operation: its 200, 201 or 202 JSON answer; undefined for a 204. */
export type SuccessBody<Op> = Op extends { responses: infer R }
  ? R extends { 200: infer A }
    ? JsonOf<A>
    : R extends { 201: infer A }
      ? JsonOf<A>
      : R extends { 202: infer A }
        ? JsonOf<A>
        : undefined
  : never;

/** The JSON body an operation takes (unknown when it declares none). */
export type RequestBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : unknown;

/** Paths that have an `M` operation answering a body assignable to `R`. */
export type PathAnswering<M extends Method, R> = {
  [P in keyof paths]-?: [paths[P][M]] extends [undefined] ? never : SuccessBody<NonNullable<paths[P][M]>> extends R ? P : never;
}[keyof paths];

/** Paths that have an `M` operation taking the body `B` and answering a body assignable to `R`. */
export type PathTaking<M extends Method, B, R> = {
  [P in keyof paths]-?: [paths[P][M]] extends [undefined]
    ? never
    : B extends RequestBody<NonNullable<paths[P][M]>>
      ? SuccessBody<NonNullable<paths[P][M]>> extends R
        ? P
        : never
      : never;
}[keyof paths];

/** The paths among `P` with an `{id}` parameter. */
export type WithId<P> = Extract<P, `${string}{id}${string}`>;
