/**
 * Every route that writes declares its audit action, and only those (docs/audit.md; server/http/audit.ts).
 *
 * The ground truth of "writes" is not the declarations: each registered `/api` route is driven once with a
 * realistic, successful request (test/helpers/route-cases, one case per `METHOD /pattern`: a route added without a
 * case fails here), and the write detector at the driver (test/helpers/write-detector.ts) tells which tables the
 * request itself wrote. Then:
 * - it wrote ⇔ its route declares an audit action (a `reveal` is a read);
 * - it wrote ⇒ exactly one entry of the request exists, with the declared resource, action and id;
 * - a `reveal` ⇒ exactly its reveal entry; any other read ⇒ no entry;
 * - every declared resource and action has its French label (contract/audit-text.ts).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS } from '../../contract/audit-text';
import { REVEAL } from '../../server/http/audit';
import { createTestApp, type TestApp } from '../helpers/app';
import type { RequestSeen } from '../helpers/audit-check';
import { startFakeRne, type FakeRne } from '../helpers/fake-rne-server';
import { listApiRoutes, routeKey } from '../helpers/routes';
import { DEAL_CASES } from '../helpers/route-cases/deals';
import { FEED_CASES } from '../helpers/route-cases/feeds';
import { CONFIRM_THRESHOLD, FEED_TOKEN, Kit, type RouteCase } from '../helpers/route-cases/kit';
import { NEWS_CASES } from '../helpers/route-cases/news';
import { PEOPLE_CASES } from '../helpers/route-cases/people';

const CASES: Record<string, RouteCase> = { ...PEOPLE_CASES, ...NEWS_CASES, ...FEED_CASES, ...DEAL_CASES };

let t: TestApp;
let fake: FakeRne;
let kit: Kit;
beforeAll(async () => {
  fake = await startFakeRne();
  t = await createTestApp({ FEED_TOKEN, FEED_INBOX: 'false', FEED_CONFIRM_THRESHOLD: String(CONFIRM_THRESHOLD), RNE_API_URL: fake.url, RNE_TIMEOUT_MS: '3000' });
  kit = new Kit(t, await t.superAdmin());
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** An entry of the log as the check reads it. */
interface Row {
  id: number;
  resource: string;
  resource_id: string | null;
  action: string;
}

/** The last entry's id. */
async function lastId(): Promise<number> {
  const [row] = await kit.rows<{ id: number }>(sql`select coalesce(max(id), 0)::float8 as id from audit_log`);
  return Number(row.id);
}

/** The entries written after `after` by an administrator or the feed push (a job's end is the job's, not a request's). */
function entriesAfter(after: number): Promise<Row[]> {
  return kit.rows<Row>(sql`select id::float8 as id, resource, resource_id, action from audit_log
    where id > ${after} and job_id is null and (actor = 'admin' or details->>'source' = 'feed-push') order by id`);
}

it('has one case per registered /api route, and none for a route that is gone', () => {
  const routes = listApiRoutes(t.app).map(routeKey).sort();
  expect(Object.keys(CASES).sort()).toEqual(routes);
});

describe('each route, driven once', () => {
  for (const [key, c] of Object.entries(CASES)) {
    it(key, async () => {
      const ready = await c.before?.(kit);
      const seen: RequestSeen[] = [];
      const after = await lastId();
      t.audit.listener = (s) => seen.push(s);
      const res = await c.call(kit, ready).finally(() => (t.audit.listener = undefined));
      expect(res.statusCode, res.body.slice(0, 500)).toBeLessThan(400);
      const [request, ...others] = seen.filter((s) => s.key === key);
      expect(request, `the call reaches ${key}`).toBeDefined();
      expect(others).toEqual([]);

      const entries = await entriesAfter(after);
      const declared = request.declared;
      const writes = declared !== undefined && declared.action !== REVEAL;
      const what = `wrote [${request.tables.join(', ')}]; declares ${JSON.stringify(declared ?? null)}; ${request.statements[0] ?? ''}`;
      expect(request.tables.length > 0, what).toBe(writes);
      if (!declared) {
        expect(entries, 'a read records nothing').toEqual([]);
        return;
      }
      expect(entries.map((e) => [e.resource, e.action]), 'exactly the declared entry').toEqual([[declared.resource, declared.action]]);
      // The /audit page and its export name both in French (contract/audit-text.ts).
      expect(AUDIT_RESOURCE_LABELS[declared.resource!], `label of resource ${declared.resource}`).toBeDefined();
      expect(AUDIT_ACTION_LABELS[declared.action!], `label of action ${declared.action}`).toBeDefined();
      if (declared.resourceId !== undefined) expect(entries[0].resource_id).toBe(declared.resourceId);
      else if (writes) expect(entries[0].resource_id, 'a write names the record it touched, or none for a selection').toBeDefined();
    });
  }
});
