/**
 * Jobs declared once: `defineJob` names a kind of job, the zod schema of its payload and how the app builds its
 * handler; a server module lists its definitions (`ServerModule.jobs`, server/modules/module.ts) and
 * `registerJobs` registers every one on the app's queue, in the server, the worker, the CLI and the seed alike.
 *
 * The payload is checked against its schema when the job starts: a job whose payload does not match (a row
 * written by an older version, say) fails as refused with a French message instead of running on bad input; a
 * handler then reads `ctx.job.payload` as the schema's output type.
 */
import type { z } from 'zod';
import type { AppContext } from '../context';
import { AppError } from '../lib/errors';
import type { JobKind } from './queue';

/** What the registry needs of a definition: its kind, and the queue's handler for an app. */
export interface JobRegistration {
  /** The kind, also its pg-boss queue name (letters, digits, `-`). */
  kind: string;
  /** The queue's handler: the payload checked against the schema, then the handler's run. */
  build(app: AppContext): JobKind;
}

/** One job definition. */
export interface JobDefinition<Payload> extends JobRegistration {
  /** The schema of its payload (`jobs.payload`). */
  payload: z.ZodType<Payload>;
}

/** Message of a job whose payload does not match its kind's schema. */
export const BAD_PAYLOAD_MESSAGE = 'Traitement refusé\u00a0: ses paramètres ne sont pas valides (enregistré par une autre version de vigie\u202f?). Relancez-le.';

/**
 * Declares a kind of job (see the module's doc).
 * @param handler - builds the handler for an app (its configuration, other modules' hooks)
 */
export function defineJob<Payload>(kind: string, payload: z.ZodType<Payload>, handler: (app: AppContext) => JobKind): JobDefinition<Payload> {
  return {
    kind,
    payload,
    build(app) {
      const inner = handler(app);
      return {
        async run(ctx) {
          if (!payload.safeParse(ctx.job.payload).success) throw new AppError(422, BAD_PAYLOAD_MESSAGE);
          return inner.run(ctx);
        },
        cleanup: (db, jobId) => inner.cleanup(db, jobId),
      };
    },
  };
}

/**
 * Subscribes the modules to each other's events, then registers on `app.jobs` every job they declare (before the
 * queue starts).
 */
export function registerJobs(app: AppContext, modules: ReadonlyArray<{ jobs?: readonly JobRegistration[]; subscribe?: (app: AppContext) => void }>): void {
  for (const m of modules) m.subscribe?.(app);
  for (const m of modules) for (const definition of m.jobs ?? []) app.jobs.register(definition.kind, definition.build(app));
}
