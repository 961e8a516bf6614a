/**
 * The app, loaded by the browser entry point `boot.ts`: installs the 401 session handling, then renders the skip
 * link (first focusable element of every page) and the router inside the global providers (TanStack Query,
 * antd) under React StrictMode into #root.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/AppProviders';
import { queryClient } from './app/queryClient';
import { router } from './app/router';
import { installSessionHandling } from './app/session';
import { SkipLink } from './app/layout/SkipLink';
import './app/global.css';

installSessionHandling(queryClient, router);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SkipLink />
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
