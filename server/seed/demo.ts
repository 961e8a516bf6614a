/**
 * Demo data (`npm run seed:demo`, issue 3 point 2): the data of every module built so far, on real public
 * data — administrators, API customers, the groups `VIP`, `Favoris` and `CAC 40` holding real SIRENs of
 * French listed companies, update-log entries spread over the last two years on those SIRENs, and news
 * (server/seed/demo-news.ts: categories, 200 pending, 1,000 published), deal roles, types and 300 deals
 * (server/seed/demo-deals.ts: neutral `DEMO-` deals on those SIRENs), and the real INSEE Sirene and BODACC
 * samples imported by the feed jobs (server/seed/demo-feeds.ts: supervision files, register, log entries), then the
 * register (RNE) accounts, queues and four days of processed history (server/seed/demo-rne.ts). The log
 * entries have neutral descriptions ('Mise à jour de la fiche (démonstration)'): no company name and no
 * made-up event next to a real SIREN (issue 6 section 3).
 * Idempotent: what already exists (same email, customer name, group name, a non-empty log) is kept.
 * Source of the companies: test/fixtures/samples/listed_french_companies_sirens.csv (see its README).
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { apiCustomers, groups } from '../db/schema';
import { randomPassword } from '../lib/password';
import { createAdmin, findAdminByEmail } from '../modules/admins/service';
import { createCustomer } from '../modules/customers/service';
import { addSirens, createGroup } from '../modules/groups/service';
import { appendLogEntries } from '../modules/update-log/service';
import { seedDemoDeals } from './demo-deals';
import { seedDemoFeeds } from './demo-feeds';
import { seedDemoNews } from './demo-news';
import { seedDemoRne } from './demo-rne';
import { DEMO_CODES, DEMO_DESCRIPTIONS } from './vocabulary';

export const COMPANIES_CSV = fileURLToPath(new URL('../../test/fixtures/samples/listed_french_companies_sirens.csv', import.meta.url));

/** The 38 listed companies `{name, siren}`. */
export function listedCompanies(): Array<{ name: string; siren: string }> {
  return (parse(fs.readFileSync(COMPANIES_CSV), { columns: true }) as Array<{ name: string; siren: string }>).map((r) => ({
    name: r.name,
    siren: r.siren,
  }));
}

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
 * Seeds the demo; returns what was created. `logEntries` defaults to 30,000. The feed samples come last:
 * their log entries must not stop the synthetic log from being written on an empty log.
 * @throws Error when a feed sample is missing from test/fixtures or its import failed (a bug to fix, not
 *   a demo to hide), after every other sample was tried
 */
export async function seedDemo(ctx: AppContext, opts: { logEntries?: number; now?: Date } = {}) {
  const { db } = ctx;
  const created = {
    admins: 0,
    customers: 0,
    groups: 0,
    logEntries: 0,
    newsCategories: 0,
    pendingNews: 0,
    publishedArticles: 0,
    dealRoles: 0,
    dealTypes: 0,
    deals: 0,
    feedFiles: 0,
  };
  const companies = listedCompanies();

  for (const a of [
    { name: 'Camille Laurent', email: 'camille.laurent@example.com' },
    { name: 'Hugo Moreau', email: 'hugo.moreau@example.com' },
    { name: 'Inès Garnier', email: 'ines.garnier@example.com', status: 0 as const },
  ]) {
    if (await findAdminByEmail(db, a.email)) continue;
    await createAdmin(db, { name: a.name, email: a.email, password: randomPassword(), status: a.status ?? 1 });
    created.admins += 1;
  }

  const customerNames = new Set((await db.select({ name: apiCustomers.name }).from(apiCustomers)).map((c) => c.name));
  for (const [name, status] of [['Banque Hexagone', 1], ['Assurances du Littoral', 1], ['Cabinet Conseil Rive Gauche', 0]] as const) {
    if (customerNames.has(name)) continue;
    await createCustomer(db, ctx.box, { name, status });
    created.customers += 1;
  }

  const groupNames = new Set((await db.select({ name: groups.name }).from(groups)).map((g) => g.name.toLowerCase()));
  const sirensOf = (names: string[]) => companies.filter((c) => names.some((n) => c.name.toUpperCase().startsWith(n))).map((c) => c.siren);
  const demoGroups: Array<[string, string[]]> = [
    ['VIP', sirensOf(['TOTALENERGIES', 'LVMH', 'AIR LIQUIDE', 'DANONE', 'L OREAL', 'SANOFI', 'AXA', 'BNP'])],
    ['Favoris', sirensOf(['ORANGE', 'RENAULT', 'CARREFOUR', 'ENGIE', 'VINCI'])],
    ['CAC 40', companies.map((c) => c.siren)],
  ];
  for (const [name, sirens] of demoGroups) {
    if (groupNames.has(name.toLowerCase())) continue;
    const g = await createGroup(db, { name, status: 1 });
    await addSirens(db, g.id, sirens.length ? sirens : companies.slice(0, 5).map((c) => c.siren));
    created.groups += 1;
  }

  const existing = Number(((await db.execute(sql`select count(*)::int as n from update_log`)) as unknown as { rows: Array<{ n: number }> }).rows[0].n);
  if (existing === 0) {
    const total = opts.logEntries ?? 30_000;
    const now = (opts.now ?? new Date()).getTime();
    const span = 730 * 86_400_000;
    const random = rng(42);
    const batch: Parameters<typeof appendLogEntries>[1] = [];
    for (let i = 0; i < total; i++) {
      // Older entries first (ids grow with time); activity grows slowly over the two years.
      const age = span * Math.pow(1 - i / total, 1.15) * (0.98 + random() * 0.02);
      const company = companies[Math.floor(random() * companies.length)];
      const code = DEMO_CODES[Math.floor(random() * DEMO_CODES.length)];
      const description = DEMO_DESCRIPTIONS[Math.floor(random() * DEMO_DESCRIPTIONS.length)];
      batch.push({ code, siren: company.siren, description, createdAt: new Date(now - age) });
      if (batch.length === 5000) {
        created.logEntries += await appendLogEntries(db, batch.splice(0));
      }
    }
    created.logEntries += await appendLogEntries(db, batch);
  }

  Object.assign(created, await seedDemoNews(db, companies, opts.now ?? new Date(), rng(7)));
  Object.assign(created, await seedDemoDeals(db, companies, opts.now ?? new Date(), rng(10)));

  const feeds = await seedDemoFeeds(ctx);
  created.feedFiles = feeds.feedFiles;
  Object.assign(created, await seedDemoRne(ctx, companies, opts.now ?? new Date(), rng(11)));
  if (feeds.missing.length || feeds.failed.length) {
    const problems = [
      ...feeds.missing.map((name) => `échantillon introuvable dans test/fixtures\u00a0: ${name}`),
      ...feeds.failed.map((name) => `import en échec\u00a0: ${name} (voir la page Surveillance)`),
    ];
    throw new Error(`Démo des flux incomplète\u00a0: ${problems.join('\u202f; ')}`);
  }
  return created;
}
