/**
 * Route guard of the signed-in area: checks the session (GET /api/profile/getAuthUser), provides
 * the user through `CurrentUserContext`, or redirects to /login?redirect=<current path>.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginUrl } from '../lib/redirect';
import { CurrentUserContext } from '../modules/auth/CurrentUserContext';
import { useAuthUser } from '../modules/auth/useAuthUser';
import { ErrorScreen } from './ErrorScreen';
import { FullPageSpin } from './FullPageSpin';

// Loaded after sign-in: the sign-in page's first load stays without the modal's code.
const StepUpPrompt = lazy(() => import('../modules/auth/StepUpPrompt').then((m) => ({ default: m.StepUpPrompt })));

/**
 * Route guard: renders the child routes for a signed-in user (provided to them through
 * `CurrentUserContext`), sends anyone else to /login?redirect=<current path>.
 * Spinner while the session is checked. Holds the second-factor step-up modal of the signed-in area.
 */
export function RequireAuth() {
  const { data: user, isPending, isError, refetch } = useAuthUser();
  const location = useLocation();
  if (isPending) return <FullPageSpin />;
  if (isError) return <ErrorScreen actionLabel="Réessayer" onAction={() => void refetch()} />;
  if (!user) return <Navigate to={loginUrl(location.pathname + location.search)} replace />;
  return (
    <CurrentUserContext value={user}>
      <Outlet />
      <Suspense fallback={null}>
        <StepUpPrompt />
      </Suspense>
    </CurrentUserContext>
  );
}
