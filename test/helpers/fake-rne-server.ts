/**
 * A fake of the INPI RNE API on 127.0.0.1 (../shared/samples/inpi/NOTES.md sections 1–3), a real
 * HTTP server (tests never reach the internet):
 * - `POST /api/sso/login` `{username, password}` → 200 `{token}` when `accounts` holds that pair, else 401;
 * - `GET /api/companies/{siren}` → the company record (`{siren, createdAt, updatedAt, id, formality: {content:
 *   {personneMorale: {identite, composition: {pouvoirs}, beneficiairesEffectifs}}}}`);
 * - `GET /api/companies/{siren}/attachments` → `{actes, bilans, bilansSaisis}`.
 * GETs need `Authorization: Bearer <token>` of a token it issued and did not expire (else 401). Unknown SIRENs
 * get a deterministic generated company (2–4 officers, 1–2 beneficial owners) and attachments (1–3 deeds,
 * 1–2 balance sheets, 0–1 seized balance sheet); SIRENs ending in `000` (or not 9 digits) answer 404.
 * Faults: `failNext` (next calls of a path answer a status), `expireTokens` (every token issued so far answers
 * 401), `rateLimit` (an account's next GETs answer 429); from another process (the e2e tests), `POST
 * /__fake/latency/{ms}` sets `latencyMs`. Every call is logged in `calls` (before any fault), and
 * every answer waits `latencyMs` first.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** The running fake (the interface the tests drive). */
export interface FakeRne {
  /** `http://127.0.0.1:<port>` (RNE_API_URL). */
  url: string;
  /** username -> password accepted by `/api/sso/login`. */
  accounts: Map<string, string>;
  /** Every call received, in order (token: the bearer token sent, if any). */
  calls: Array<{ method: string; path: string; token?: string }>;
  /** Milliseconds every answer waits (mutable). */
  latencyMs: number;
  /** The next `times` (default 1) calls whose path matches answer `status` (an empty JSON error body). */
  failNext(pathPattern: RegExp, status: number, times?: number): void;
  /** Every token issued so far answers 401 (a new login gives a valid one). */
  expireTokens(): void;
  /** That account's next `times` (default 1) GETs answer 429. */
  rateLimit(username: string, times?: number): void;
  /** Overrides the record of a SIREN (default: generated from the SIREN). */
  company(siren: string, body: object): void;
  /** Overrides the attachments of a SIREN (default: generated from the SIREN). */
  attachments(siren: string, body: object): void;
  close(): Promise<void>;
}

/** The account the fake accepts by default. */
export const FAKE_RNE_ACCOUNT = { username: 'rne@example.com', password: 'secret-rne-1234' };

const LAST_NAMES = ['MARTIN', 'BERNARD', 'DUBOIS', 'THOMAS', 'ROBERT', 'RICHARD', 'PETIT', 'DURAND', 'LEROY', 'MOREAU', 'SIMON', 'LAURENT', 'LEFEBVRE', 'MICHEL', 'GARCIA', 'DAVID'];
const FIRST_NAMES = ['Jean', 'Marie', 'Pierre', 'Sophie', 'Luc', 'Claire', 'Paul', 'Anne', 'Louis', 'Julie', 'Michel', 'Camille', 'Élodie', 'François'];
const ROLES: Array<[string, string]> = [
  ['30', 'Gérant'],
  ['51', 'Président du conseil d’administration'],
  ['53', 'Directeur général'],
  ['65', 'Président'],
  ['73', 'Président de SAS'],
];

/** A small deterministic generator (mulberry32) seeded by a SIREN. */
function rng(siren: string): () => number {
  let a = Number(siren) >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: T[]): T => list[Math.floor(r() * list.length)];
const two = (n: number) => String(n).padStart(2, '0');

/** A person's `descriptionPersonne` (birth month precision, NOTES.md section 2). */
function person(r: () => number) {
  return {
    nom: pick(r, LAST_NAMES),
    prenoms: [pick(r, FIRST_NAMES), ...(r() < 0.3 ? [pick(r, FIRST_NAMES)] : [])],
    nomUsage: r() < 0.15 ? pick(r, LAST_NAMES) : null,
    dateDeNaissance: `${1940 + Math.floor(r() * 60)}-${two(1 + Math.floor(r() * 12))}`,
    nationalite: 'Française',
    codeNationalite: 'FRA',
  };
}

/**
 * The generated company record of a SIREN (deterministic): a `personneMorale` with 2–4 `pouvoirs` (one in four
 * companies has a company officer, e.g. an auditor) and 1–2 `beneficiairesEffectifs`.
 */
export function generatedCompany(siren: string): Record<string, unknown> {
  const r = rng(siren);
  const officers = 2 + Math.floor(r() * 3);
  const pouvoirs: Array<Record<string, unknown>> = [];
  for (let i = 0; i < officers; i++) {
    if (i === officers - 1 && r() < 0.25) {
      const other = String(100_000_000 + Math.floor(r() * 899_999_999));
      pouvoirs.push({
        roleEntreprise: '71',
        libelleRoleEntreprise: 'Commissaire aux comptes titulaire',
        typeDePersonne: 'ENTREPRISE',
        entreprise: { siren: other, denomination: `AUDIT ${pick(r, LAST_NAMES)} ET ASSOCIES`, formeJuridique: '5710', roleEntreprise: '71' },
      });
      continue;
    }
    const [code, label] = pick(r, ROLES);
    pouvoirs.push({
      roleEntreprise: code,
      libelleRoleEntreprise: label,
      typeDePersonne: 'INDIVIDU',
      individu: { descriptionPersonne: { ...person(r), role: code }, adresseDomicile: { codePays: 'FRA', codePostal: '75008', commune: 'PARIS' } },
      mentionDemissionOrdre: false,
    });
  }
  const owners = 1 + Math.floor(r() * 2);
  const beneficiairesEffectifs = Array.from({ length: owners }, () => ({
    beneficiaire: { descriptionPersonne: person(r), adresseDomicile: { codePays: 'FRA', codePostal: '69002', commune: 'LYON' } },
    modalite: { detentionPartTotale: 25 + Math.floor(r() * 75), detentionPartDirecte: true },
  }));
  const name = `SOCIETE ${pick(r, LAST_NAMES)} ${siren.slice(0, 3)}`;
  return {
    siren,
    createdAt: '2021-06-01T10:00:00+02:00',
    updatedAt: '2025-03-14T09:30:00+01:00',
    id: `rne-${siren}`,
    nombreRepresentantsActifs: officers,
    formality: {
      siren,
      evenementCessation: null,
      natureCessation: null,
      succursaleOuFiliale: 'AVEC_ETABLISSEMENT',
      content: {
        formeExerciceActivitePrincipale: 'COMMERCIALE',
        natureCreation: { dateCreation: '2012-04-02', societeEtrangere: false, formeJuridique: '5710', microEntreprise: false },
        personneMorale: {
          identite: {
            entreprise: { siren, denomination: name, formeJuridique: '5710', codeApe: '6202A', dateImmat: '2012-04-02' },
            description: { montantCapital: 10_000, deviseCapital: 'EUR' },
          },
          adresseEntreprise: { adresse: { pays: 'FRANCE', codePays: 'FRA', codePostal: '75008', commune: 'PARIS' } },
          beneficiairesEffectifs,
          composition: { pouvoirs },
        },
      },
    },
  };
}

/** The generated attachments of a SIREN (deterministic ids, derived from the SIREN). */
export function generatedAttachments(siren: string): Record<string, unknown> {
  const r = rng(siren.split('').reverse().join(''));
  const denomination = `SOCIETE ${siren.slice(0, 3)}`;
  const actes = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, i) => ({
    updatedAt: '2025-02-01T08:00:00+01:00',
    id: `A${siren}${i}`,
    siren,
    denomination,
    dateDepot: `${2019 + i}-${two(1 + Math.floor(r() * 12))}-${two(1 + Math.floor(r() * 28))}`,
    numChrono: String(1000 + i),
    confidentiality: 'Public',
    typeRdd: [{ typeActe: i === 0 ? 'Statuts mis à jour' : 'Procès-verbal d’assemblée', decision: 'Modification' }],
    nomDocument: `acte-${i}.pdf`,
    typeDocument: 'PV',
    libelle: i === 0 ? 'Statuts mis à jour' : 'Procès-verbal d’assemblée générale',
  }));
  const bilans = Array.from({ length: 1 + Math.floor(r() * 2) }, (_, i) => ({
    updatedAt: '2025-02-01T08:00:00+01:00',
    id: `B${siren}${i}`,
    siren,
    denomination,
    dateDepot: `${2023 + i}-06-30`,
    numChrono: String(2000 + i),
    nomDocument: `bilan-${i}.pdf`,
    confidentiality: 'Public',
    dateCloture: `${2022 + i}-12-31`,
    typeBilan: i === 0 ? 'C' : 'S',
    version: 1,
  }));
  const bilansSaisis = r() < 0.5 ? [] : [{ updatedAt: '2025-02-01T08:00:00+01:00', id: `S${siren}0`, siren, denomination, dateDepot: '2024-06-30', numChrono: '3000', confidentiality: 'Public', dateCloture: '2023-12-31', typeBilan: 'C', bilanSaisi: { bilan: { detail: { pages: [] } } } }];
  return { actes, bilans, bilansSaisis };
}

/**
 * Starts the fake.
 * @param opts.port - the port (default: any free port)
 * @param opts.latencyMs - the initial wait before each answer, in milliseconds (default 0)
 */
export async function startFakeRne(opts: { port?: number; latencyMs?: number } = {}): Promise<FakeRne> {
  const accounts = new Map<string, string>([[FAKE_RNE_ACCOUNT.username, FAKE_RNE_ACCOUNT.password]]);
  const calls: FakeRne['calls'] = [];
  const tokens = new Map<string, string>(); // valid token -> username
  const failures: Array<{ pattern: RegExp; status: number; times: number }> = [];
  const limited = new Map<string, number>();
  const companies = new Map<string, object>();
  const attachmentsOf = new Map<string, object>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
  };

  const answer = async (req: http.IncomingMessage, res: http.ServerResponse, path: string, token: string | undefined) => {
    const control = /^\/__fake\/latency\/(\d{1,6})$/.exec(path);
    if (req.method === 'POST' && control) {
      fake.latencyMs = Number(control[1]);
      return json(res, 200, { latencyMs: fake.latencyMs });
    }
    const fault = failures.find((f) => f.times > 0 && f.pattern.test(path));
    if (fault) {
      fault.times -= 1;
      return json(res, fault.status, { code: fault.status, message: 'fake failure' });
    }
    if (req.method === 'POST' && path === '/api/sso/login') {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let body: { username?: unknown; password?: unknown } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return json(res, 400, { code: 400, message: 'Invalid JSON' });
      }
      const username = typeof body.username === 'string' ? body.username : '';
      if (!accounts.has(username) || accounts.get(username) !== body.password) return json(res, 401, { code: 401, message: 'Invalid credentials.' });
      const issued = randomBytes(16).toString('hex');
      tokens.set(issued, username);
      return json(res, 200, { token: issued, user: { email: username } });
    }
    if (req.method !== 'GET') return json(res, 405, { code: 405, message: 'Method not allowed' });
    const m = /^\/api\/companies\/([^/]+)(\/attachments)?$/.exec(path);
    if (!m) return json(res, 404, { code: 404, message: 'Not found' });
    const username = token ? tokens.get(token) : undefined;
    if (username === undefined) return json(res, 401, { code: 401, message: 'Expired JWT Token' });
    const left = limited.get(username) ?? 0;
    if (left > 0) {
      limited.set(username, left - 1);
      return json(res, 429, { code: 429, message: 'Too Many Requests' });
    }
    const siren = decodeURIComponent(m[1]);
    if (!/^\d{9}$/.test(siren) || siren.endsWith('000')) return json(res, 404, { code: 404, message: 'Entreprise non trouvée' });
    if (m[2]) return json(res, 200, attachmentsOf.get(siren) ?? generatedAttachments(siren));
    return json(res, 200, companies.get(siren) ?? generatedCompany(siren));
  };

  const fake: FakeRne = {
    url: '',
    accounts,
    calls,
    latencyMs: opts.latencyMs ?? 0,
    failNext: (pathPattern, status, times = 1) => void failures.push({ pattern: pathPattern, status, times }),
    expireTokens: () => tokens.clear(),
    rateLimit: (username, times = 1) => void limited.set(username, (limited.get(username) ?? 0) + times),
    company: (siren, body) => void companies.set(siren, body),
    attachments: (siren, body) => void attachmentsOf.set(siren, body),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const auth = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    calls.push({ method: req.method ?? 'GET', path, ...(auth ? { token: auth[1] } : {}) });
    // Never rejects (a failed answer is a 500), so it runs unawaited.
    const run = () =>
      answer(req, res, path, auth?.[1]).catch(() => {
        if (!res.headersSent) json(res, 500, { code: 500, message: 'fake error' });
      });
    if (fake.latencyMs > 0) setTimeout(() => void run(), fake.latencyMs);
    else void run();
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
