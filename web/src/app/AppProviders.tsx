/**
 * Global providers wrapping the whole app: TanStack Query client, antd ConfigProvider (fr_FR
 * locale, theme) and antd App configured for toasts at the bottom lasting 8 s (SPEC section 9), in the
 * bottom-right corner, clear of the content column, three at most.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import frFR from 'antd/es/locale/fr_FR';
import type { ReactNode } from 'react';
import '../lib/dates';
import { queryClient } from './queryClient';
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
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={frFR} theme={theme}>
        <AntApp notification={{ placement: 'bottomRight', duration: 8, stack: false, maxCount: 3 }} message={{ duration: 8, maxCount: 3 }}>
          {children}
        </AntApp>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
