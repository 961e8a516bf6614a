/**
 * The account lists of /supervisions/rne (`inpiall`, `rneall`), read again every 10 seconds while the
 * page is open: the worker leases accounts (is_used) and counts what it fetches through them.
 */
import { useQuery } from '@tanstack/react-query';
import { IDLE_POLL_MS } from '../texts';
import { fetchFilingsAccounts, fetchOfficersAccounts } from './api';
import { rneAccountsResource } from './resource';

/** The officers pool's accounts (query key `['rne-accounts', 'officers']`). */
export function useOfficersAccounts() {
  return useQuery({
    queryKey: [rneAccountsResource.key, 'officers'],
    queryFn: ({ signal }) => fetchOfficersAccounts(signal),
    refetchInterval: IDLE_POLL_MS,
  });
}

/** The filings pool's accounts (query key `['rne-accounts', 'filings']`). */
export function useFilingsAccounts() {
  return useQuery({
    queryKey: [rneAccountsResource.key, 'filings'],
    queryFn: ({ signal }) => fetchFilingsAccounts(signal),
    refetchInterval: IDLE_POLL_MS,
  });
}
