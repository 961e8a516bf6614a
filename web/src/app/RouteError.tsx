/** Error element of the React Router tree: the generic error screen with a 'Recharger' (reload) button. */
import { ErrorScreen } from './ErrorScreen';

/**
 * Error element of the router (a render error, or a page chunk that failed to load after a
 * deployment): generic error with a reload button. Unknown paths never get here: the `*`
 * route shows the 404 page.
 */
export function RouteError() {
  return <ErrorScreen hint="Rechargez la page pour réessayer." actionLabel="Recharger" onAction={() => window.location.reload()} />;
}
