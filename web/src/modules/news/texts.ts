/**
 * Texts of the news screens (SPEC sections 2 "News", 4 confirmations, 8 messages and 9 constants): titles, confirmation questions and the import polling intervals.
 */

/** Title of /news, the pending news (and the breadcrumb step of every news screen). */
export const NEWS_TITLE = 'News';
/** Title of /news/categories. */
export const CATEGORIES_TITLE = 'Catégories de news';
/** Title of /news/import. */
export const IMPORT_TITLE = 'Import CSV';
/** Title of /news/articles/create. */
export const ADD_ARTICLE_TITLE = 'Ajouter un article';
/** Title of /news/articles/delete. */
export const DELETE_ARTICLE_TITLE = 'Effacer un article';

/** Placeholder of the searches by SIREN, title or category (pending news, temporaries). */
export const NEWS_SEARCH_PLACEHOLDER = 'Siren, titre ou catégorie';

/** Confirmation before removing a published article (SPEC section 4). */
export const CONFIRM_DELETE_ARTICLE = 'Voulez-vous vraiment effacer cet article ?';
/** Empty SIREN search of 'Effacer un article' (SPEC sections 5 and 8). */
export const SIREN_REQUIRED = 'Veuillez saisir un siren';
/** Confirmation before deleting one pending news item, naming it. */
export function removePendingQuestion(title: string): string {
  return `Voulez-vous vraiment effacer la news en attente «\u00a0${title}\u00a0»\u202f?`;
}
/** Confirmation before deleting `count` chosen pending news items. */
export function deletePendingQuestion(count: number): string {
  return `Supprimer ${count.toLocaleString('fr-FR')} news en attente\u202f?`;
}
/** Confirmation before deleting `count` chosen rows of an import. */
export function deleteTemporariesQuestion(count: number): string {
  return `Effacer ${count.toLocaleString('fr-FR')} ligne${count > 1 ? 's' : ''} de l’import\u202f?`;
}
/** Confirmation before removing one row of an import (the spec gives none; worded like its others). */
export const CONFIRM_REMOVE_TEMPORARY = 'Voulez-vous vraiment effacer cette ligne\u202f?';
/** Confirmation before cancelling an import (the spec gives none; worded like its others). */
export const CONFIRM_CANCEL_IMPORT = 'Voulez-vous vraiment annuler l’import\u202f?';

/** How often the temporaries are read again while an import runs (SPEC section 9: 10 seconds). */
export const IMPORT_POLL_MS = 10_000;
/** How often a running import job's progress is read (the progress bar). */
export const JOB_POLL_MS = 1_000;

/** `1 234 lignes` / `1 ligne`, French grouping. */
export function lineCount(n: number): string {
  return `${n.toLocaleString('fr-FR')} ${n > 1 ? 'lignes' : 'ligne'}`;
}
