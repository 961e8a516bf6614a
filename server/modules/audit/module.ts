/** Registry entry of the audit module (docs/audit.md): `/api/audit` (the « Journal d’audit » list and export). */
import type { ServerModule } from '../module';
import { auditRoutes } from './routes';

/** The audit module. */
export const auditModule: ServerModule = { name: 'audit', prefix: '/api/audit', routes: auditRoutes };
