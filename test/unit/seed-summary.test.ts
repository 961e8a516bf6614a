/**
 * What `npm run seed:demo` prints (server/seed/summary.ts, issue 7 section 4): a few readable lines on what
 * it created and how to sign in — the super admin's email and where its password comes from, never a
 * password it did not just generate; a generated one is printed once, as the first start does.
 */
import { describe, expect, it } from 'vitest';
import { demoSummary } from '../../server/seed/summary';

const created = { admins: 3, customers: 3, groups: 3, logEntries: 30_000, newsCategories: 6, pendingNews: 200, publishedArticles: 1000 };
const none = { admins: 0, customers: 0, groups: 0, logEntries: 0, newsCategories: 0, pendingNews: 0, publishedArticles: 0 };
const base = { adminEmail: 'admin@example.com', url: 'http://127.0.0.1:8080' };

describe('demoSummary', () => {
  it('says what was created, in French with grouped numbers, and how to sign in', () => {
    const text = demoSummary(created, { ...base, adminCreated: true });
    const lines = text.trimEnd().split('\n');
    expect(lines.length).toBeLessThanOrEqual(8);
    expect(text).toContain('3 administrateurs');
    expect(text).toContain("3 clients de l'api");
    expect(text).toContain('3 groupes de sirens');
    expect(text).toContain('30\u202f000 entrées du journal');
    expect(text).toContain('6 catégories de news, 200 news en attente, 1\u202f000 articles publiés');
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

  it('counts the RNE demo when there is one: accounts, waiting entries, history (issue 11)', () => {
    const text = demoSummary({ ...created, rneAccounts: 2, rneQueued: 77, rneProcessed: 1500, rneParked: 5 }, { ...base, adminCreated: true });
    expect(text).toContain('2 comptes RNE, 77 sirens en file RNE, 1\u202f500 traités et 5 en échec sur quatre jours');
    expect(demoSummary(created, { ...base, adminCreated: true })).not.toContain('RNE');
    expect(demoSummary({ ...none, rneAccounts: 0, rneQueued: 0, rneProcessed: 0, rneParked: 0 }, { ...base, adminCreated: true })).toContain('déjà en place');
  });

  it('writes one of each in the singular', () => {
    const one = { admins: 1, customers: 1, groups: 1, logEntries: 1, newsCategories: 1, pendingNews: 1, publishedArticles: 1 };
    expect(demoSummary(one, { ...base, adminCreated: true })).toContain(
      "1 administrateur, 1 client de l'api, 1 groupe de sirens, 1 entrée du journal, 1 catégorie de news, 1 news en attente, 1 article publié",
    );
  });
});
