/**
 * Registry entry of the company register: the company lookup at `/api/companies` (SPEC section 7).
 */
import type { ServerModule } from '../module';
import type { MentionReader } from './lookup';
import { companiesRoutes } from './routes';

/**
 * The company register lookup, mounted at `/api/companies`. `mentionOf` says what another source knows of a SIREN
 * the INSEE tables do not hold (the feeds' BODACC notices, given by the registry server/modules/index.ts).
 */
export function companiesModule(mentionOf: MentionReader): ServerModule {
  return { name: 'companies', prefix: '/api/companies', routes: companiesRoutes(mentionOf) };
}
