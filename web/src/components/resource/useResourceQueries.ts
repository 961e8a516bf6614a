/**
 * Query hooks of a resource: the full list, the `:id` route parameter, and one item
 * for an edit page with the not-found toast and redirect to /home (SPEC section 8).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/errors';
import type { CrudResource } from '../../api/resource';
import { useNotify } from '../feedback/useNotify';

type AnyResource<T extends { id: number; status: number }> = CrudResource<T, never, never>;

/** All items of a resource (query key `[resource.key]`); `enabled: false` skips the call (server-paged lists). */
export function useResourceList<T extends { id: number; status: number }>(
  resource: AnyResource<T>,
  options: { enabled?: boolean } = {},
) {
  return useQuery({ queryKey: [resource.key], queryFn: () => resource.list(), enabled: options.enabled ?? true });
}

/** The `:id` route parameter as a positive integer, or null when missing or malformed. */
export function useRouteId(): number | null {
  const { id } = useParams();
  const value = Number(id);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * One item of a resource for an edit page (query key `[resource.key, id]`). When it cannot be
 * loaded (404, malformed id) it toasts `resource.texts.notFound` (e.g. 'User does not exist!')
 * and redirects to /home; other failures toast 'Une erreur est survenue!' and redirect too.
 */
export function useResourceItem<T extends { id: number; status: number }>(resource: AnyResource<T>, id: number | null) {
  const notify = useNotify();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: [resource.key, id],
    queryFn: () => resource.get(id!),
    enabled: id !== null,
    retry: false,
  });
  const failed = id === null || query.isError;
  const handled = useRef(false);
  useEffect(() => {
    if (!failed || handled.current) return;
    if (isApiError(query.error, 401)) return;
    handled.current = true;
    const notFound = id === null || isApiError(query.error, 404) || isApiError(query.error, 422);
    if (notFound) notify.error(resource.texts.notFound);
    else notify.apiError(query.error);
    navigate('/home', { replace: true });
  }, [failed, id, query.error, notify, navigate, resource.texts.notFound]);
  return query;
}
