/**
 * Global providers wrapping the whole app: TanStack Query client, antd ConfigProvider (fr_FR
 * locale, theme, and no motion when the system asks for reduced motion: WCAG 2.1 success criterion 2.3.3) and
 * antd App configured for toasts at the bottom lasting 8 s (SPEC section 9), in the
 * bottom-right corner, clear of the content column, three at most.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/es/locale/fr_FR';
import { useMemo, type ReactNode } from 'react';
import '../lib/dates';
import { queryClient } from './queryClient';
import { useMediaQuery } from '../lib/useMediaQuery';
import { theme } from './theme';

/** Props of `AppProviders`. */
export interface AppProvidersProps {
  children: ReactNode;
}

/**
 * Global providers: TanStack Query, antd ConfigProvider (fr_FR, theme; dayjs 'fr' is set by
 * lib/dates) and antd App (toasts bottom right for 8 s, three at most; themed Modal.confirm).
 */
export function AppProviders({ children }: AppProvidersProps) {
  // antd's animations (drawers, dropdowns, modals, toasts, tooltips) are turned off under `prefers-reduced-motion`.
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const themed = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme.token, motion: false } } : theme), [reducedMotion]);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={frFR} theme={themed}>
        <AntApp notification={{ placement: 'bottomRight', duration: 8, stack: false, maxCount: 3 }} message={{ duration: 8, maxCount: 3 }}>
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
