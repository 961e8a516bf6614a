/**
 * Registry entry of the audit module (docs/audit.md): /audit « Journal d’audit » and its sidebar entry,
 * shown to every administrator (SPEC section 6: one administrator role, who manages everything the log records).
 */
import { AuditOutlined } from '@ant-design/icons';
import { lazyPage } from '../../lib/lazyPage';
import type { WebModule } from '../module';

/** The audit module. */
export const auditModule: WebModule = {
  name: 'audit',
  routes: [{ path: 'audit', lazy: lazyPage(() => import('./AuditPage')) }],
  nav: { path: '/audit', label: 'Journal d’audit', icon: <AuditOutlined aria-hidden />, order: 80 },
};
