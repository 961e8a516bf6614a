/** Route of the update-log module: /messages (the spec shows no route). */
import type { RouteObject } from 'react-router';
import { lazyPage } from '../../lib/lazyPage';

/** Routes of the update-log module (its page brings chart.js, in its own chunk). */
export const updateLogRoutes: RouteObject[] = [{ path: 'messages', lazy: lazyPage(() => import('./UpdateLogPage')) }];
