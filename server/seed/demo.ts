/**
 * Demo data (`npm run seed:demo`): every module's data, built on real public data only, with no invented fact
 * next to a real SIREN or a real company name (CONVENTIONS.md section 7 "Data truth"):
 * 1. the real INSEE Sirene and BODACC samples imported by the feed jobs (server/seed/demo-feeds.ts): supervision
 *    files, the register, the announcements and the sales rows, and the update log, which holds their entries only;
 * 2. vigie's own operation: administrators and API customers (fictitious, without a SIREN);
 * 3. groups of the samples' companies (server/seed/demo-groups.ts), news of the real BODACC notices
 *    (server/seed/demo-news.ts), one deal per real BODACC sale (server/seed/demo-deals.ts), all read from the
 *    notices the feeds stored (server/seed/demo-notices.ts);
 * 4. the register (RNE) accounts, queues and four days of processed history on the samples' companies
 *    (server/seed/demo-rne.ts).
 * Idempotent: what already exists (same email, customer name, group name, deal identifier, news link) is kept.
 */
import type { AppContext } from '../context';
import { apiCustomers } from '../db/schema';
import { randomPassword } from '../lib/password';
import { createAdmin, findAdminByEmail } from '../modules/admins/service';
import { createCustomer } from '../modules/customers/service';
import { dealNotices, seedDemoDeals } from './demo-deals';
import { seedDemoFeeds } from './demo-feeds';
import { seedDemoGroups } from './demo-groups';
import { seedDemoNews } from './demo-news';
import { demoNotices } from './demo-notices';
import { seedDemoRne } from './demo-rne';
import type { DemoCreated } from './summary';

/** The demo administrators (fictitious people, example.com addresses). */
export const DEMO_ADMINS: ReadonlyArray<{ name: string; email: string; status?: 0 | 1 }> = [
  { name: 'Camille Laurent', email: 'camille.laurent@example.com' },
  { name: 'Hugo Moreau', email: 'hugo.moreau@example.com' },
  { name: 'Inès Garnier', email: 'ines.garnier@example.com', status: 0 },
];
/** The demo API customers `[name, status]`: names that cannot be mistaken for a real company. */
export const DEMO_CUSTOMERS: ReadonlyArray<readonly [string, 0 | 1]> = [
  ['Banque fictive (démonstration)', 1],
  ['Assureur fictif (démonstration)', 1],
  ['Cabinet de conseil fictif (démonstration)', 0],
];

/** A deterministic pseudo-random generator (mulberry32), so two seeds give the same demo. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Seeds the demo; returns what was created. The feed samples come first: everything else is built on them.
 * @param opts.now - the demo's today (the RNE history's J); now by default
 * @throws Error when a feed sample is missing from test/fixtures or its import failed (a bug to fix, not a demo to
 *   hide): every sample is tried, then nothing else is written on a partial register
 */
export async function seedDemo(ctx: AppContext, opts: { now?: Date } = {}): Promise<DemoCreated> {
  const { db } = ctx;
  const feeds = await seedDemoFeeds(ctx);
  if (feeds.missing.length || feeds.failed.length) {
    const problems = [
      ...feeds.missing.map((name) => `échantillon introuvable dans test/fixtures\u00a0: ${name}`),
      ...feeds.failed.map((name) => `import en échec\u00a0: ${name} (voir la page Surveillance)`),
    ];
    throw new Error(`Démo des flux incomplète\u00a0: ${problems.join('\u202f; ')}`);
  }

  let admins = 0;
  for (const a of DEMO_ADMINS) {
    if (await findAdminByEmail(db, a.email)) continue;
    await createAdmin(db, { name: a.name, email: a.email, password: randomPassword(), status: a.status ?? 1 });
    admins += 1;
  }
  let customers = 0;
  const customerNames = new Set((await db.select({ name: apiCustomers.name }).from(apiCustomers)).map((c) => c.name));
  for (const [name, status] of DEMO_CUSTOMERS) {
    if (customerNames.has(name)) continue;
    await createCustomer(db, ctx.box, { name, status });
    customers += 1;
  }

  const notices = await demoNotices();
  const groups = await seedDemoGroups(db, notices);
  const newsCreated = await seedDemoNews(db, notices);
  const dealsCreated = await seedDemoDeals(db, notices);
  const buyers = [...new Set(dealNotices(notices).flatMap((n) => (n.sale.buyer.siren ? [n.sale.buyer.siren] : [])))];
  const rne = await seedDemoRne(ctx, buyers, opts.now ?? new Date(), rng(11));
  return { feedFiles: feeds.feedFiles, logEntries: feeds.logEntries, admins, customers, groups, ...newsCreated, ...dealsCreated, ...rne };
}
