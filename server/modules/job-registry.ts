/**
 * Registers the modules' background jobs on the app's queue (server/jobs/define.ts): first each module subscribes
 * to the others' events (the RNE module to the feeds' merges), then every job definition a module lists
 * (`ServerModule.jobs`) is registered with the app's context as what its handler is built from. The server
 * (server/app.ts), the CLI (server/cli/feed.ts) and the seed (server/seed/demo-feeds.ts) call it before the
 * queue starts.
 */
import type { AppContext } from '../context';
import type { ServerModule } from './module';

/** Subscribes `modules` to each other's events, then registers on `app.jobs` every job they declare (before the queue starts). */
export function registerJobs(app: AppContext, modules: ReadonlyArray<Pick<ServerModule, 'jobs' | 'subscribe'>>): void {
  for (const m of modules) m.subscribe?.(app);
  for (const m of modules) for (const definition of m.jobs ?? []) app.jobs.register(definition, app);
}
