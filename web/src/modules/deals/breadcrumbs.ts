/** Breadcrumb steps of the transactions pages: Dashboard > Transactions > ... (SPEC section 2). */
import type { Crumb } from '../../components/layout/PageHeader';
import { DEALS_TITLE, ROLES_TITLE, TYPES_TITLE } from './texts';

/** Transactions (/transactions), the first step of every transactions page. */
export const DEALS_CRUMB: Crumb = { title: DEALS_TITLE, to: '/transactions' };
/** Transactions > Gérer les rôles. */
export const ROLES_TRAIL: Crumb[] = [DEALS_CRUMB, { title: ROLES_TITLE, to: '/transactions/roles' }];
/** Transactions > Gérer les types. */
export const TYPES_TRAIL: Crumb[] = [DEALS_CRUMB, { title: TYPES_TITLE, to: '/transactions/types' }];
