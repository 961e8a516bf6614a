/**
 * Registry entry of the update-log module (SPEC section 2 'Update log'; the spec shows no route):
 * /messages (its page brings chart.js, in its own chunk; its statistics and first page of the log are
 * prefetched with it) and the 'Journal des mises à jour' sidebar entry.
 */
import { HistoryOutlined } from '@ant-design/icons';
import { lazyPage } from '../../lib/lazyPage';
import type { WebModule } from '../module';
import { prefetchUpdateLog } from './queries';

/** The update-log module. */
export const updateLogModule: WebModule = {
  name: 'update-log',
  routes: [{ path: 'messages', lazy: lazyPage(() => import('./UpdateLogPage')), prefetch: prefetchUpdateLog }],
  nav: { path: '/messages', label: 'Journal des mises à jour', icon: <HistoryOutlined aria-hidden />, order: 40 },
};
