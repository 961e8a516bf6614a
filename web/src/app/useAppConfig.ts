/**
 * Hook loading the front-end configuration once per session (GET /api/config: API docs
 * URL, external company and register page templates).
 */
import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from './appConfig';

/** GET /api/config (e.g. `api_docs_url`), fetched once per session. */
export function useAppConfig() {
  return useQuery(appConfigQuery);
}
