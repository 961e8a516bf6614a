import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { validSiren } from '../helpers/sirens';
import { Api, SUCCESS, confirm, expectToast, rowWith, signInViaApi, unique, untilSandboxReady } from './helpers';

/**
 * The customer API read end to end, as a customer sees what the back-office does: a customer created on
 * /customers/create, its Prod credentials read on its edit page and exchanged for a token (HTTP Basic, RFC 6749
 * section 4.4); a BODACC bulletin uploaded on /supervisions, its entries then in `/v1/updates` (read page after
 * page, `next_cursor` passed back as `since`) and its notice in `/v1/companies/{siren}`; news synchronised on
 * /news, then in `/v1/news`; a deal published on /transactions, in `/v1/deals` and `/v1/deals/{id}`, then purged and
 * gone; the customer deactivated on /customers, its token then refused (401 problem, RFC 9457). Its Sandbox
 * credentials give a token that reads the demo data set, never the production entries; `/v1/docs` shows Swagger UI.
 *
 * The API is read with a request context of its own (plain HTTP, no cookie, no back-office header). The BODACC
 * upload is the real bulletin test/fixtures/bodacc/RCS-A_BXA20210005_ventes.xml with its issue number changed to an
 * unused one, so that its notices are new and write fresh update-log entries.
 */

const BODACC_SAMPLE = new URL('../fixtures/bodacc/RCS-A_BXA20210005_ventes.xml', import.meta.url);
/** The buyer named by the first sale notice of the bulletin (BODACC A n°20210005). */
const FIRST_NOTICE_SIREN = '892606575';
const DISABLE = "Voulez-vous vraiment désactiver l'accès de ce client à l'api ?";
const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

interface Credentials {
  id: string;
  secret: string;
}
interface Update {
  id: number;
  code: string;
  siren: string;
  description: string;
  source: { label: string; url: string | null } | null;
}
interface ListPage<T> {
  data: T[];
  next_cursor: string | null;
  has_more: boolean;
}

let api: Api;

test.beforeEach(async ({ page }) => {
  await signInViaApi(page);
  api = new Api(page.request);
});

/** The real bulletin with its issue number replaced by `issue` (8 digits). */
function bulletinWithIssue(issue: string): Buffer {
  const xml = fs.readFileSync(BODACC_SAMPLE, 'utf8');
  expect(xml).toContain('<parution>20210005</parution>');
  return Buffer.from(xml.replace('<parution>20210005</parution>', `<parution>${issue}</parution>`), 'utf8');
}

/** An issue number no other spec uses (2097 then four digits of the clock and chance). */
function freshIssue(): string {
  return `2097${String((Date.now() + Math.floor(Math.random() * 1000)) % 10_000).padStart(4, '0')}`;
}

/** A token for `credentials`: HTTP Basic (RFC 6749 section 2.3.1) or the form body. */
async function tokenOf(request: APIRequestContext, credentials: Credentials, by: 'basic' | 'body' = 'basic'): Promise<string> {
  const res = by === 'basic'
    ? await request.post('/oauth/token', {
      headers: { Authorization: `Basic ${Buffer.from(`${encodeURIComponent(credentials.id)}:${encodeURIComponent(credentials.secret)}`).toString('base64')}` },
      form: { grant_type: 'client_credentials' },
    })
    : await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: credentials.id, client_secret: credentials.secret } });
  expect(res.status(), await res.text()).toBe(200);
  expect(res.headers()['cache-control']).toContain('no-store');
  const body = (await res.json()) as { access_token: string; token_type: string; expires_in: number };
  expect(body.token_type).toBe('Bearer');
  expect(body.expires_in).toBeGreaterThan(0);
  return body.access_token;
}

/** GET `path` of the customer API with `token`; fails unless 200. */
async function read<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(path, { headers: { Authorization: `Bearer ${token}` }, timeout: 120_000 });
  expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
  expect(res.headers()['ratelimit-limit']).toBeDefined();
  return (await res.json()) as T;
}

/** Every update of `query` from the start of the feed, page after page (`next_cursor` passed back as `since`). */
async function allUpdates(request: APIRequestContext, token: string, query: string): Promise<Update[]> {
  const all: Update[] = [];
  let since = '';
  for (let n = 0; n < 50; n += 1) {
    const page = await read<ListPage<Update>>(request, token, `/v1/updates?${query}&limit=50${since ? `&since=${since}` : ''}`);
    all.push(...page.data);
    if (!page.has_more) return all;
    expect(page.next_cursor).not.toBe(since);
    since = page.next_cursor ?? '';
  }
  throw new Error('more than 50 pages of updates');
}

/** The Prod and Sandbox credentials shown on the customer's edit page. */
async function credentialsOnEditPage(page: Page, name: string): Promise<{ prod: Credentials; sandbox: Credentials }> {
  await page.goto('/customers');
  await rowWith(page.getByTestId('customers-list'), name).getByRole('link', { name: 'Modifier' }).click();
  await expect(page).toHaveURL(/\/customers\/\d+\/edit$/);
  await expect(page.getByRole('heading', { level: 1, name: `${name} Données de connexion` })).toBeVisible();
  const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
  const value = (label: string) => field(label).inputValue();
  await expect(field('Client_id (Prod)')).not.toHaveValue('');
  return {
    prod: { id: await value('Client_id (Prod)'), secret: await value('Client_secret (Prod)') },
    sandbox: { id: await value('Client_id (Sandbox)'), secret: await value('Client_secret (Sandbox)') },
  };
}

/** Imports pending news titled `${label} n`, one per SIREN, through the CSV import, then Process (as news-sync-undo.spec.ts). */
async function importPendingNews(page: Page, label: string, sirens: string[]): Promise<void> {
  const category = `Lot API ${unique()}`;
  await api.post('/api/news/store', { name_fr: category, name_en: `API batch ${unique()}`, status: 1 });
  await page.request.get('/api/news/cancel', { headers: XHR });
  const lines = ['siren;nom;titre;categorie;source;lien;date'];
  sirens.forEach((siren, n) => lines.push(`${siren};;${label} ${n};${category};Source;https://www.example.com/api/${unique()}/${n};2026-01-02`));
  const token = (await page.request.storageState()).cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const res = await page.request.post('/api/news/import', {
    headers: { ...XHR, 'X-XSRF-TOKEN': token },
    multipart: { file: { name: 'api.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\r\n') + '\r\n') } },
  });
  expect(res.status(), await res.text()).toBe(202);
  const { job } = (await res.json()) as { job: { id: string } };
  await expect.poll(async () => (await api.get<{ state: string }>(`/api/jobs/${job.id}`)).state, { timeout: 60_000, intervals: [500] }).toBe('done');
  expect((await api.get<{ count: number }>('/api/news/process')).count).toBe(sirens.length);
}

test('a customer created on /customers reads what the back-office imports, synchronises and publishes, until deactivated', async ({ page, request }) => {
  test.setTimeout(300_000);
  const id = unique();
  const name = `Client API ${id}`;

  // a. The customer, created on its form; its credentials on its edit page; a token by HTTP Basic.
  await page.goto('/customers/create');
  await page.getByLabel('Nom').fill(name);
  await page.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page).toHaveURL(/\/customers$/);
  await expectToast(page, SUCCESS);
  const { prod, sandbox } = await credentialsOnEditPage(page, name);
  const token = await tokenOf(request, prod, 'basic');
  // Without the token, or with a wrong secret: refused.
  const anonymous = await request.get('/v1/updates');
  expect(anonymous.status()).toBe(401);
  expect(anonymous.headers()['content-type']).toContain('application/problem+json');
  const wrong = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: prod.id, client_secret: `${prod.secret}x` } });
  expect(wrong.status()).toBe(400);
  expect(((await wrong.json()) as { error: string }).error).toBe('invalid_client');

  // b. A BODACC bulletin uploaded on /supervisions: its entries in /v1/updates once the transactions before them end.
  const issue = freshIssue();
  const filename = `RCS-A_BXA${issue}_ventes.xml`;
  await page.goto('/supervisions');
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Importer un fichier' }).click();
  await (await chooser).setFiles({ name: filename, mimeType: 'application/xml', buffer: bulletinWithIssue(issue) });
  await expectToast(page, `Import de «\u00a0${filename}\u00a0» terminé\u00a0: 29 lignes lues.`);
  const ofIssue = (updates: Update[]) => updates.filter((u) => `${u.description} ${u.source?.label ?? ''}`.includes(`n°${issue}`));
  await expect
    .poll(async () => ofIssue(await allUpdates(request, token, `siren=${FIRST_NOTICE_SIREN}&code=BODACC`)).length, { timeout: 60_000, intervals: [1000] })
    .toBeGreaterThan(0);
  const entries = ofIssue(await allUpdates(request, token, `siren=${FIRST_NOTICE_SIREN}&code=BODACC`));
  for (const entry of entries) {
    expect(entry.siren).toBe(FIRST_NOTICE_SIREN);
    expect(entry.code).toBe('BODACC');
  }
  // The whole feed, read page after page, has them too, each once.
  const feed = await allUpdates(request, token, 'code=BODACC');
  expect(new Set(feed.map((u) => u.id)).size).toBe(feed.length);
  expect(ofIssue(feed).length).toBeGreaterThanOrEqual(entries.length);
  // The company's answer lists the notice.
  const company = await read<{ siren: string; announcements: Array<{ issue: string; url: string }> }>(request, token, `/v1/companies/${FIRST_NOTICE_SIREN}`);
  expect(company.siren).toBe(FIRST_NOTICE_SIREN);
  expect(company.announcements.map((a) => a.issue)).toContain(issue);

  // c. News synchronised on /news, then served by /v1/news.
  await api.get('/api/news/syncall'); // nothing else pending: the synchronisation holds exactly these articles
  const label = `Article API ${id}`;
  const base = 46_000_000 + Math.floor(Math.random() * 900) * 10_000;
  const newsSirens = [validSiren(0, base), validSiren(1, base)];
  await importPendingNews(page, label, newsSirens);
  for (const siren of newsSirens) expect((await read<ListPage<unknown>>(request, token, `/v1/news?siren=${siren}`)).data).toEqual([]);
  await page.goto('/news');
  await page.getByRole('button', { name: 'Synchroniser' }).click();
  await confirm(page, 'Publier 2 articles\u00a0?', 'Publier');
  await expectToast(page, '2 articles publiés avec succès\u202f!');
  for (const [n, siren] of newsSirens.entries()) {
    const news = await read<ListPage<{ identifier: string; siren: string; title: string; url: string }>>(request, token, `/v1/news?siren=${siren}`);
    expect(news.data.map((a) => [a.siren, a.title])).toEqual([[siren, `${label} ${n}`]]);
    expect(news.data[0].identifier).not.toBe('');
  }

  // d. A deal published on /transactions: in /v1/deals and /v1/deals/{id}; purged: gone.
  const dealSiren = validSiren(5, 47_000_000 + Math.floor(Math.random() * 900) * 10_000);
  const dealIdentifier = `E2E-API-${id}`;
  await api.post('/api/transactions/storedeal', { deal_identifier: dealIdentifier, currency: 'EUR', status: 1, entities: [{ siren: dealSiren, name: 'Servie par l’API SA' }] });
  const { c1 } = await api.get<{ c1: number }>('/api/transactions/stats');
  expect(c1).toBeGreaterThan(0);
  expect((await read<ListPage<unknown>>(request, token, `/v1/deals?siren=${dealSiren}`)).data).toEqual([]);
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'Publier les transactions' }).click();
  await expectToast(page, `${c1} insertions effectuées avec succès!`);
  const deals = await read<ListPage<{ deal_identifier: string; entities: Array<{ siren: string | null }> }>>(request, token, `/v1/deals?siren=${dealSiren}`);
  expect(deals.data.map((d) => d.deal_identifier)).toEqual([dealIdentifier]);
  expect(deals.data[0].entities.map((e) => e.siren)).toContain(dealSiren);
  const deal = await read<{ deal_identifier: string; currency: string; batch: number }>(request, token, `/v1/deals/${encodeURIComponent(dealIdentifier)}`);
  expect(deal).toMatchObject({ deal_identifier: dealIdentifier, currency: 'EUR' });
  expect(deal.batch).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Annuler la dernière écriture' }).click();
  await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Annuler la dernière écriture' }).click();
  await expectToast(page, `${c1} purges effectuées avec succès!`);
  expect((await read<ListPage<unknown>>(request, token, `/v1/deals?siren=${dealSiren}`)).data).toEqual([]);
  const purged = await request.get(`/v1/deals/${encodeURIComponent(dealIdentifier)}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(purged.status()).toBe(404);
  expect(purged.headers()['content-type']).toContain('application/problem+json');
  expect(await purged.json()).toMatchObject({ type: '/v1/problems/not-found', status: 404, instance: `/v1/deals/${encodeURIComponent(dealIdentifier)}` });

  // The Sandbox credentials: a Sandbox token (form body) reads the demo data set, not the bulletin just imported
  // (once the server has prepared it, at start-up).
  await untilSandboxReady(api, request);
  const sandboxToken = await tokenOf(request, sandbox, 'body');
  const sandboxFeed = await allUpdates(request, sandboxToken, `siren=${FIRST_NOTICE_SIREN}&code=BODACC`);
  expect(sandboxFeed.length, 'the demo imports BODACC A n°20210005').toBeGreaterThan(0);
  expect(sandboxFeed.some((u) => `${u.description} ${u.source?.label ?? ''}`.includes('n°20210005'))).toBe(true);
  expect(ofIssue(sandboxFeed)).toEqual([]);
  for (const siren of newsSirens) expect((await read<ListPage<unknown>>(request, sandboxToken, `/v1/news?siren=${siren}`)).data).toEqual([]);
  const sandboxCompany = await read<{ announcements: Array<{ issue: string }> }>(request, sandboxToken, `/v1/companies/${FIRST_NOTICE_SIREN}`);
  expect(sandboxCompany.announcements.map((a) => a.issue)).not.toContain(issue);

  // e. The customer deactivated on /customers: its tokens are refused at once.
  await page.goto('/customers');
  const row = rowWith(page.getByTestId('customers-list'), name);
  await row.getByRole('button', { name: 'Désactiver' }).click();
  await confirm(page, DISABLE, 'Désactiver');
  await expectToast(page, SUCCESS);
  await expect(row.getByTestId('status-tag')).toHaveText('Désactivé');
  for (const t of [token, sandboxToken]) {
    const refused = await request.get(`/v1/updates?siren=${FIRST_NOTICE_SIREN}`, { headers: { Authorization: `Bearer ${t}` } });
    expect(refused.status()).toBe(401);
    expect(refused.headers()['content-type']).toContain('application/problem+json');
    expect(refused.headers()['www-authenticate']).toMatch(/^Bearer/);
    expect(await refused.json()).toMatchObject({ type: '/v1/problems/unauthorized', status: 401, instance: '/v1/updates' });
  }
  // Nor can it get a new one.
  const again = await request.post('/oauth/token', { form: { grant_type: 'client_credentials', client_id: prod.id, client_secret: prod.secret } });
  expect(again.status()).toBe(400);
  expect(((await again.json()) as { error: string }).error).toBe('invalid_client');
});

test('/v1/docs shows Swagger UI on the API’s own document, with no console error', async ({ page, request }) => {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  const doc = await request.get('/v1/docs/json');
  expect(doc.status()).toBe(200);
  const json = (await doc.json()) as { info: { title: string }; paths: Record<string, unknown> };
  expect(json.info.title).toBe('vigie — API clients');
  expect(Object.keys(json.paths)).toEqual(expect.arrayContaining(['/oauth/token', '/v1/companies/{siren}', '/v1/updates', '/v1/news', '/v1/deals', '/v1/deals/{id}', '/v1/announcements']));

  await page.goto('/v1/docs');
  await expect(page).toHaveTitle('vigie — API clients');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('vigie — API clients');
  await expect(page.locator('.swagger-ui .opblock').filter({ hasText: '/v1/updates' }).first()).toBeVisible();
  await expect(page.locator('.swagger-ui .opblock').filter({ hasText: '/oauth/token' }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
