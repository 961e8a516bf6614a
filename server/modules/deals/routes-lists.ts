/** Routes of the deals module (issue 10): to be built. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** Registers this part's routes on `app` (under `/api/transactions`). */
export async function dealListRoutes(_ctx: AppContext, _app: FastifyInstance): Promise<void> {}
