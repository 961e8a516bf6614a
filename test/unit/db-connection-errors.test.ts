/**
 * A lost database connection (server/db/errors.ts `isConnectionLost`) answers 503 with the contract's `{message}`
 * body (server/http/errors.ts), never the generic 500: the server was restarted or ended the connection
 * (SQLSTATE 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now, class 08 connection exceptions),
 * the socket was refused or reset, or node-postgres lost the connection in the middle of a query. The errors come
 * as node-postgres raises them, bare or wrapped by Drizzle (`cause`); ECONNREFUSED is a real one, from a pool
 * pointed at a port where nothing listens. The recovery under load is proven by `npm run faults`.
 */
import Fastify from 'fastify';
import getPort from 'get-port';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DB_UNAVAILABLE } from '../../server/lib/errors';
import { errorHandler } from '../../server/http/errors';
import { isConnectionLost } from '../../server/db/errors';

/** An error as node-postgres builds it from the server's ErrorResponse. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
/** The same, wrapped as Drizzle rethrows it. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: select 1'), { cause });

/** A refused connection, from a real pool to a free port. */
async function refused(): Promise<Error> {
  const port = await getPort({ host: '127.0.0.1' });
  const pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/none` });
  try {
    await pool.query('select 1');
    throw new Error('connected');
  } catch (err) {
    return err as Error;
  } finally {
    await pool.end();
  }
}

const lost: Array<[string, () => Promise<Error> | Error]> = [
  ['57P01 terminated by pg_terminate_backend or a fast shutdown', () => pgError('57P01', 'terminating connection due to administrator command')],
  ['57P02 crash shutdown', () => pgError('57P02', 'terminating connection because of crash of another server process')],
  ['57P03 the server starting up', () => pgError('57P03', 'the database system is starting up')],
  ['08006 connection failure', () => pgError('08006', 'connection failure')],
  ['08003 connection does not exist, wrapped by Drizzle', () => wrapped(pgError('08003', 'connection does not exist'))],
  ['ECONNREFUSED from a real pool', refused],
  ['ECONNRESET', () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' })],
  ['node-postgres losing the connection during a query', () => wrapped(new Error('Connection terminated unexpectedly'))],
  ['node-postgres querying a client whose connection broke', () => new Error('Client has encountered a connection error and is not queryable')],
];

describe('isConnectionLost', () => {
  for (const [label, make] of lost) {
    it(`recognises ${label}`, async () => {
      expect(isConnectionLost(await make())).toBe(true);
    });
  }

  it('leaves the other errors alone: a cancelled statement, a constraint, a plain bug', () => {
    expect(isConnectionLost(pgError('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(isConnectionLost(wrapped(pgError('23505', 'duplicate key value violates unique constraint')))).toBe(false);
    expect(isConnectionLost(new TypeError('x is undefined'))).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
  });
});

describe('errorHandler on a lost database connection', () => {
  const app = (err: () => Promise<Error> | Error) => {
    const f = Fastify({ logger: false });
    f.setErrorHandler(errorHandler);
    f.get('/api/list', async () => {
      throw await err();
    });
    return f;
  };

  for (const [label, make] of lost) {
    it(`answers 503 with the French message for ${label}`, async () => {
      const res = await app(make).inject('/api/list');
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: 'Base de données momentanément indisponible, réessayez.' });
      expect(DB_UNAVAILABLE).toBe('Base de données momentanément indisponible, réessayez.');
    });
  }

  it('still answers the generic 500 for an unexpected error', async () => {
    const res = await app(() => new TypeError('x is undefined')).inject('/api/list');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'Une erreur est survenue!' });
  });
});
