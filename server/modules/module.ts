/**
 * The descriptor every server module exports from its `module.ts` ("a module registry"):
 * its name, the URL prefix its routes are mounted under, the Fastify plugin of its routes and, optionally,
 * its dashboard counter. `server/modules/index.ts` lists them; `server/app.ts` mounts them in that order
 * and `GET /api/dashboard/stats` answers one counter per module that has one.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { activeTotal } from '../../contract/dashboard';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { JobDefinition } from '../jobs/define';

/** Active (status 1) and total rows of one kind of record, as shown on the `/home` cards (contract/dashboard.ts). */
export type ActiveTotal = z.output<typeof activeTotal>;

/** Counts a module's records for the dashboard; runs on every `GET /api/dashboard/stats`, so keep it one indexed query. */
export type DashboardCounter = (db: Db) => Promise<ActiveTotal>;

/** One server module of the registry. */
export interface ServerModule {
  /** Module name in code (CONVENTIONS.md section 2, e.g. `admins`); also its key in `GET /api/dashboard/stats`. */
  name: string;
  /** Mount prefix of its routes (`/api/admins`); `''` for routes outside `/api` (the avatar files). */
  prefix: string;
  /**
   * The Fastify plugin of its routes. `registry` is the whole module list, for the modules that
   * aggregate the others (the dashboard iterates the counters).
   */
  routes: (ctx: AppContext, registry: readonly ServerModule[]) => FastifyPluginAsync;
  /** Its `{active, total}` counts for the `/home` cards, when it has some. */
  dashboard?: DashboardCounter;
  /**
   * The background jobs it declares (server/jobs/define.ts), registered on the queue before it starts, each built
   * from the app's context (./job-registry.ts).
   */
  jobs?: readonly JobDefinition<unknown, AppContext>[];
  /** Subscribes it to other modules' events (e.g. the RNE module to the feeds' merges), before any job runs. */
  subscribe?: (app: AppContext) => void;
}
