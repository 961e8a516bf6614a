/**
 * `/home` data: `GET /api/dashboard/stats` (active and total records of every module of the registry that
 * has a dashboard counter: administrators, API customers, groups) and `GET /api/config`
 * (front-end settings from the environment). A module adds its count through its `module.ts`, not here.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfig, dashboardStats } from '../../../contract/dashboard';
import { errorResponses } from '../../../contract/fields';
import type { AppContext } from '../../context';
import type { ServerModule } from '../module';

/**
 * Registers `/api/dashboard/stats` and `/api/config`. The stats answer `{[module name]: {active, total}}`
 * for every module of `registry` with a `dashboard` counter, the counters running in parallel.
 */
export function dashboardRoutes(ctx: AppContext, registry: readonly ServerModule[]) {
  const counters = registry.flatMap((m) => (m.dashboard ? [{ name: m.name, count: m.dashboard }] : []));
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/dashboard/stats',
      { schema: { tags: ['Dashboard'], response: { 200: dashboardStats, ...errorResponses(401) } } },
      async () => {
        const values = await Promise.all(counters.map((c) => c.count(ctx.db)));
        return Object.fromEntries(counters.map((c, i) => [c.name, values[i]]));
      },
    );
    r.get(
      '/config',
      {
        schema: {
          tags: ['Dashboard'],
          response: { 200: appConfig, ...errorResponses(401) },
        },
      },
      async () => ({
        api_docs_url: ctx.config.apiDocsUrl,
        company_page_url: ctx.config.companyPageUrl,
        register_page_url: ctx.config.registerPageUrl,
      }),
    );
  };
}
