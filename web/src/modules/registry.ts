/**
 * The front end's module registry: every module's descriptor, and the sidebar entries
 * and `/home` cards gathered from them in display order. The router, the sidebar and the dashboard iterate
 * it; a new module adds its `module.tsx` and one line here. Loaded eagerly: the descriptors hold only icons
 * and lazy page loaders (see `module.ts`).
 */
import { adminsModule } from './admins/module';
import { auditModule } from './audit/module';
import { authModule } from './auth/module';
import { customersModule } from './customers/module';
import { groupsModule } from './groups/module';
import { homeModule } from './home/module';
import type { RouteObject } from 'react-router';
import type { DashboardCard, ModuleRoute, NavEntry, WebModule } from './module';
import { newsModule } from './news/module';
import { profileModule } from './profile/module';
import { supervisionsModule } from './supervisions/module';
import { dealsModule } from './deals/module';
import { updateLogModule } from './update-log/module';

/** Every front-end module. */
export const webModules: readonly WebModule[] = [
  authModule,
  homeModule,
  profileModule,
  adminsModule,
  customersModule,
  updateLogModule,
  newsModule,
  groupsModule,
  supervisionsModule,
  dealsModule,
  auditModule,
];

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/** Sidebar entries of `modules`, by `order`. */
export function navEntries(modules: readonly WebModule[] = webModules): NavEntry[] {
  return modules.flatMap((m) => (m.nav ? [m.nav] : [])).sort(byOrder);
}

/** `/home` cards of `modules`, by `order`. */
export function dashboardCards(modules: readonly WebModule[] = webModules): DashboardCard[] {
  return modules.flatMap((m) => (m.dashboard ? [m.dashboard] : [])).sort(byOrder);
}

/** Routes of the signed-in area (inside the shell) of `modules`, in registry order. */
export function shellRoutes(modules: readonly WebModule[] = webModules): ModuleRoute[] {
  return modules.flatMap((m) => m.routes ?? []);
}

/** Public routes (outside the shell, e.g. /login) of `modules`, in registry order. */
export function publicRoutes(modules: readonly WebModule[] = webModules): RouteObject[] {
  return modules.flatMap((m) => m.publicRoutes ?? []);
}
