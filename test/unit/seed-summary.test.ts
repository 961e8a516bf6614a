/**
 * What `npm run seed:demo` prints (server/seed/summary.ts): a few readable lines on what
 * it created (the feed files first, with the log entries their imports wrote) and how to sign in — the super
 * admin's email and where its password comes from, never a password it did not just generate; a generated one
 * is printed once, as the first start does.
 */
import { describe, expect, it } from 'vitest';
import { demoSummary, type DemoCreated } from '../../server/seed/summary';

const created: DemoCreated = {
  feedFiles: 9,
  logEntries: 12_345,
  admins: 3,
  customers: 3,
  groups: 4,
  newsCategories: 5,
  pendingNews: 29,
  publishedArticles: 1000,
  dealRoles: 4,
  dealTypes: 3,
  deals: 29,
  rneAccounts: 2,
  rneQueued: 58,
  rneProcessed: 1500,
  rneParked: 5,
};
const none = Object.fromEntries(Object.keys(created).map((k) => [k, 0])) as unknown as DemoCreated;
const base = { adminEmail: 'admin@example.com', url: 'http://127.0.0.1:8080' };

describe('demoSummary', () => {
  it('says what was created, in French with grouped numbers, and how to sign in', () => {
    const text = demoSummary(created, { ...base, adminCreated: true });
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(8);
    // The log entries are those the feed imports wrote: the demo writes none of its own.
    expect(text).toContain('Démo créée\u00a0: 9 fichiers de flux importés (12\u202f345 entrées du journal), ');
    expect(text).toContain('3 administrateurs');
    expect(text).toContain("3 clients de l’api");
    expect(text).toContain('4 groupes de sirens');
    expect(text).toContain('5 catégories de news, 29 news en attente, 1\u202f000 articles publiés');
    expect(text).toContain('4 rôles de transaction, 3 types de transaction, 29 transactions');
    expect(text).toContain('http://127.0.0.1:8080/login');
    expect(text).toContain('admin@example.com');
    expect(text).toContain('ADMIN_PASSWORD');
    expect(text).not.toMatch(/\{|\}/); // no JSON
  });

  it('prints a password only when it was just generated', () => {
    const generated = demoSummary(created, { ...base, adminCreated: true, generatedPassword: 'Xy7-generated-secret' });
    expect(generated).toContain('Xy7-generated-secret');
    expect(generated).toContain('une seule fois');

    const existing = demoSummary(created, { ...base, adminCreated: false });
    expect(existing).toContain('premier démarrage');
    expect(existing).toContain('ADMIN_PASSWORD');
    expect(existing).not.toContain('Xy7-generated-secret');
    expect(existing).toContain('npm run admin:password -- admin@example.com');
  });

  it('says when everything was already there', () => {
    const text = demoSummary(none, { ...base, adminCreated: true });
    expect(text).toContain('déjà en place');
    expect(text).toContain('admin@example.com');
  });

  it('counts the RNE demo: accounts, waiting entries, history', () => {
    expect(demoSummary(created, { ...base, adminCreated: true })).toContain('2 comptes RNE, 58 sirens en file RNE, 1\u202f500 traités et 5 en échec sur quatre jours');
  });

  it('writes one of each in the singular', () => {
    const one = Object.fromEntries(Object.keys(created).map((k) => [k, 1])) as unknown as DemoCreated;
    expect(demoSummary(one, { ...base, adminCreated: true })).toContain(
      "1 fichier de flux importé (1 entrée du journal), 1 administrateur, 1 client de l’api, 1 groupe de sirens, 1 catégorie de news, " +
        '1 news en attente, 1 article publié, 1 rôle de transaction, 1 type de transaction, 1 transaction, 1 compte RNE, 1 siren en file RNE, ' +
        '1 traité et 1 en échec sur quatre jours',
    );
  });
});
