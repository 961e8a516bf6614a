/**
 * The lines `npm run seed:demo` prints: what the demo created — the feed files imported and
 * the update-log entries their imports wrote first (the demo writes no log entry of its own) —, then how to sign in —
 * the super administrator's email and where its password comes from. A password is printed only when it was
 * just generated (once, as the first start does); an existing one never is.
 */

/** What `seedDemo` created (server/seed/demo.ts). */
export interface DemoCreated {
  /** Feed sample files imported by their jobs (server/seed/demo-feeds.ts). */
  feedFiles: number;
  /** Update-log entries those imports wrote (the demo writes none of its own). */
  logEntries: number;
  admins: number;
  customers: number;
  groups: number;
  /** News categories, pending news and published articles of the BODACC notices (server/seed/demo-news.ts). */
  newsCategories: number;
  pendingNews: number;
  publishedArticles: number;
  /** Deal roles, types and the deals of the BODACC sales (server/seed/demo-deals.ts). */
  dealRoles: number;
  dealTypes: number;
  deals: number;
  /** RNE accounts, waiting entries, processed and parked history (server/seed/demo-rne.ts). */
  rneAccounts: number;
  rneQueued: number;
  rneProcessed: number;
  rneParked: number;
}

/** How to sign in after the seed. */
export interface SignInHint {
  /** The super administrator's email (ADMIN_EMAIL). */
  adminEmail: string;
  /** The app's address, e.g. 'http://127.0.0.1:8080'. */
  url: string;
  /** True when this run created the super administrator (from ADMIN_PASSWORD, or generating one). */
  adminCreated: boolean;
  /** The password this run generated for the super administrator it created (ADMIN_PASSWORD unset). */
  generatedPassword?: string;
}

/** '3 administrateurs' / '1 administrateur', the number grouped in French ('30 000'). */
function count(n: number, singular: string, plural: string): string {
  return `${n.toLocaleString('fr-FR')} ${n > 1 ? plural : singular}`;
}

/** Where the super administrator's password comes from, or the password generated just now. */
function passwordLine(hint: SignInHint): string {
  if (hint.generatedPassword) return `  Mot de passe généré (affiché une seule fois)\u00a0: ${hint.generatedPassword}`;
  if (hint.adminCreated) return `  Mot de passe\u00a0: celui de la variable ADMIN_PASSWORD`;
  return (
    `  Mot de passe\u00a0: celui de sa création (ADMIN_PASSWORD, ou affiché au premier démarrage)\u202f; oublié\u202f? ` +
    `npm run admin:password -- ${hint.adminEmail}, serveur arrêté`
  );
}

/**
 * The text to print (ending with a newline): a line on what was created (or that the demo was already
 * there), then the sign-in: address, email, password source. The demo administrators get random passwords
 * that are never shown: one signs in as the super administrator.
 */
export function demoSummary(created: DemoCreated, hint: SignInHint): string {
  const nothing = Object.values(created).every((n) => n === 0);
  const what = nothing
    ? `Démo déjà en place\u00a0: rien de nouveau.`
    : `Démo créée\u00a0: ${[
        `${count(created.feedFiles, 'fichier de flux importé', 'fichiers de flux importés')} (${count(created.logEntries, 'entrée du journal', 'entrées du journal')})`,
        count(created.admins, 'administrateur', 'administrateurs'),
        count(created.customers, "client de l’api", "clients de l’api"),
        count(created.groups, 'groupe de sirens', 'groupes de sirens'),
        count(created.newsCategories, 'catégorie de news', 'catégories de news'),
        count(created.pendingNews, 'news en attente', 'news en attente'),
        count(created.publishedArticles, 'article publié', 'articles publiés'),
        count(created.dealRoles, 'rôle de transaction', 'rôles de transaction'),
        count(created.dealTypes, 'type de transaction', 'types de transaction'),
        count(created.deals, 'transaction', 'transactions'),
        count(created.rneAccounts, 'compte RNE', 'comptes RNE'),
        count(created.rneQueued, 'siren en file RNE', 'sirens en file RNE'),
        `${count(created.rneProcessed, 'traité', 'traités')} et ${count(created.rneParked, 'en échec', 'en échec')} sur quatre jours`,
      ].join(', ')}.`;
  return [
    what,
    `Se connecter (après npm start)\u00a0: ${hint.url}/login`,
    `  Email\u00a0: ${hint.adminEmail}`,
    passwordLine(hint),
    '  Les administrateurs de démo ont des mots de passe aléatoires, jamais affichés.',
    '',
  ].join('\n');
}
