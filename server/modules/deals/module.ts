/**
 * Registry entry of the deals module (SPEC section 7 "Transactions"), mounted at
 * `/api/transactions`. Its routes come in three files, one per part of the module:
 * - `routes-records.ts`: roles, types, countries, deals with their entities, imported files;
 * - `routes-lists.ts`: the deals list, stats, publication (insert, purge), the BODACC transaction rows;
 * - `routes-import.ts`: the CSV import and its template;
 * - `routes-export.ts`: « Exporter CSV » of the deals list.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ServerModule } from '../module';
import { countDeals } from './deals';
import { dealImportJobDefinition } from './import-job';
import { dealImportRoutes } from './routes-import';
import { dealListRoutes } from './routes-lists';
import { dealRecordRoutes } from './routes-records';
import { dealExportRoutes } from './routes-export';

/** Registers every `/api/transactions/*` route. */
function transactionsRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    await dealRecordRoutes(ctx, app);
    await dealListRoutes(ctx, app);
    await dealImportRoutes(ctx, app);
    await dealExportRoutes(ctx, app);
  };
}

/** The deals module, mounted at `/api/transactions`; its `/home` counter is the deals (active and total). */
export const dealsModule: ServerModule = { name: 'deals', prefix: '/api/transactions', routes: transactionsRoutes, dashboard: countDeals, jobs: [dealImportJobDefinition] };
