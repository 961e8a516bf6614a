/** `useLogout`: signs out (POST /api/logout), then goes to /login. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './api';
import { clearSessionExpired } from './sessionNotice';

/**
 * Returns `signOut()`: POST /api/logout, then /login (which forgets every cached query when it
 * mounts, once no guarded page is left to refetch).
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      /* the session is gone either way for this tab */
    }
    // Signing out is no expiry: a call that met the ended session meanwhile does not make /login say so.
    clearSessionExpired();
    await navigate('/login', { replace: true });
  }, [navigate]);
}
