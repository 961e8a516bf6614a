/** Texts of the « Synchronisations » screen (/news/synchronisations): its title and the undo confirmation. */

/** Title of /news/synchronisations (and its sidebar entry). */
export const SYNC_BATCHES_TITLE = 'Synchronisations';

/** OK button of the undo confirmation: the action it runs. */
export const UNDO_OK = 'Annuler la synchronisation';
/** The other button of the undo confirmation (the action is itself a cancellation). */
export const UNDO_KEEP = 'Garder la synchronisation';

/**
 * The question before undoing batch `id`, whose `published` articles are still published: « Annuler la
 * synchronisation n° 12 ? Ses 230 articles encore publiés repasseront en attente… ».
 */
export function undoQuestion(id: number, published: number): string {
  const question = `Annuler la synchronisation n°\u00a0${id}\u202f?`;
  if (published === 0) return `${question} Aucun de ses articles n’est encore publié\u00a0: rien ne repassera en attente.`;
  const articles = published > 1 ? `Ses ${published.toLocaleString('fr-FR')} articles encore publiés repasseront` : 'Son article encore publié repassera';
  return `${question} ${articles} dans les news en attente et ne ser${published > 1 ? 'ont' : 'a'} plus servi${published > 1 ? 's' : ''} par l’API.`;
}
