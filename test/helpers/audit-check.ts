/**
 * The audit rule checked on every request of every API test (test/helpers/app.ts; docs/audit.md): a
 * successful `/api` request that wrote (test/helpers/write-detector.ts) declares its audit action and recorded an
 * entry in its scope; a request whose route declares nothing (a read) recorded nothing; a `reveal` recorded its
 * entry. A request answered 400 or more is not judged (its write, if any, rolled back or is the refusal's own
 * bookkeeping). The violations are kept and make the test file fail when its app closes.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { declaredEntry, REVEAL } from '../../server/http/audit';
import { currentAuditScope, type AuditEntry, type AuditScope, type RecordedEntry } from '../../server/lib/audit';
import { writesOf } from './write-detector';

/** What one request did, as the check saw it. */
export interface RequestSeen {
  /** `METHOD /pattern`. */
  key: string;
  status: number;
  /** The entry its route declares (undefined: a read). */
  declared?: Partial<AuditEntry>;
  /** The tables it wrote. */
  tables: string[];
  statements: string[];
  /** The entries recorded in its scope. */
  entries: RecordedEntry[];
}

/** The check of one app: its violations, and an optional listener of every request seen. */
export class AuditCheck {
  readonly violations: string[] = [];
  /** Called with every `/api` request that reached its route (tests that inspect what a request did). */
  listener?: (seen: RequestSeen) => void;
  private readonly scopes = new WeakMap<FastifyRequest, AuditScope>();

  /** Registers the hooks on `app` (before it is ready). */
  constructor(app: FastifyInstance) {
    // Runs after the audit scope opened (server/http/audit.ts) and the guard let the request in.
    app.addHook('onRequest', async (req) => {
      const scope = currentAuditScope();
      if (scope) this.scopes.set(req, scope);
    });
    app.addHook('onResponse', async (req, reply) => {
      const pattern = req.routeOptions.url;
      const scope = this.scopes.get(req);
      if (!pattern?.startsWith('/api/') || !scope) return;
      const w = writesOf(scope);
      const seen: RequestSeen = {
        key: `${req.method} ${pattern}`,
        status: reply.statusCode,
        declared: declaredEntry(req),
        tables: [...(w?.tables ?? [])],
        statements: w?.statements ?? [],
        entries: [...scope.entries],
      };
      this.listener?.(seen);
      const problem = judge(seen);
      if (problem) this.violations.push(`${seen.key} (${seen.status}): ${problem}`);
    });
  }

  /** @throws Error listing the violations, when there are any */
  assertClean(): void {
    if (this.violations.length) throw new Error(`audit rule broken by ${this.violations.length} request(s):\n${this.violations.join('\n')}`);
  }
}

/** The violation of one request, or null (see the module doc). */
export function judge(seen: RequestSeen): string | null {
  if (seen.status >= 400) return null;
  const writes = seen.declared !== undefined && seen.declared.action !== REVEAL;
  if (seen.tables.length && !writes) return `wrote ${seen.tables.join(', ')} but declares no audit action (${seen.statements[0]})`;
  if (seen.tables.length && !seen.entries.length) return `wrote ${seen.tables.join(', ')} without recording its audit entry`;
  if (!seen.declared && seen.entries.length) return `a read recorded ${seen.entries.map((e) => `${e.resource}/${e.action}`).join(', ')}`;
  if (seen.declared?.action === REVEAL && !seen.entries.some((e) => e.action === REVEAL)) return 'answered secrets without recording the reveal';
  return null;
}
