/** `useLogout`: signs out (POST /api/logout), then goes to /login. */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { logout } from './api';

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
    await navigate('/login', { replace: true });
  }, [navigate]);
}
