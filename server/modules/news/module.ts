/**
 * Registry entries of the news module (SPEC section 7 "News"): `/api/news` (categories, pending
 * news, import, and their CSV exports) with its dashboard counts (active and total categories), and `/api/hows` (published articles).
 */
import { newsCategories } from '../../db/schema';
import { countByStatus } from '../../lib/status-count';
import type { ServerModule } from '../module';
import { newsImportJobDefinition } from './import-job';
import { howsRoutes, newsRoutes } from './routes';
import { newsExportRoutes } from './routes-export';

/** The news module, mounted at `/api/news`. */
export const newsModule: ServerModule = {
  name: 'news',
  prefix: '/api/news',
  routes: (ctx) => async (app) => {
    await app.register(newsRoutes(ctx));
    await app.register(newsExportRoutes(ctx));
  },
  dashboard: (db) => countByStatus(db, newsCategories),
  jobs: [newsImportJobDefinition],
};

/** The published articles, mounted at `/api/hows`. */
export const howsModule: ServerModule = { name: 'hows', prefix: '/api/hows', routes: howsRoutes };
