/**
 * `/home` data: `GET /api/dashboard/stats` (counts of administrators and API customers, active and total)
 * and `GET /api/config` (front-end settings from the environment). Later modules add their counts here.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { errorResponses } from '../../http/fields';
import { countAdmins } from '../admins/service';
import { countCustomers } from '../customers/service';

const counts = z.object({ active: z.number(), total: z.number() });

/** Registers `/api/dashboard/stats` and `/api/config`. */
export function dashboardRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();
    r.get(
      '/dashboard/stats',
      { schema: { tags: ['Dashboard'], response: { 200: z.object({ admins: counts, customers: counts }), ...errorResponses(401) } } },
      async () => {
        const [admins, customers] = await Promise.all([countAdmins(ctx.db), countCustomers(ctx.db)]);
        return { admins, customers };
      },
    );
    r.get(
      '/config',
      {
        schema: {
          tags: ['Dashboard'],
          response: {
            200: z.object({ api_docs_url: z.string(), company_page_url: z.string(), register_page_url: z.string() }),
            ...errorResponses(401),
          },
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
