/**
 * Browser entry point: installs the 401 session handling, then renders the router
 * inside the global providers (TanStack Query, antd) under React StrictMode into #root.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { queryClient } from './app/queryClient';
import { router } from './app/router';
import { installSessionHandling } from './app/session';

installSessionHandling(queryClient, router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
