/**
 * vigie's words: one word per thing in the texts vigie writes itself (French UI, server messages, update-log
 * descriptions). Each entry names the chosen word and the variants that must not appear in French text; the
 * unit test test/unit/glossary.test.ts reads every string of web/src, server, contract and scripts against it,
 * and checks the typographic apostrophe (’) of French elisions (« l’import », never « l'import »).
 *
 * The spec's own texts stay exactly as the spec writes them (SPEC sections 2, 4, 8: « Clients de l'api »,
 * « Annuler l'import », « Voulez-vous vraiment effacer ce siren ? »…): the test exempts them by name. The spec's
 * English labels (« Deal ID », « Deal Amount », « Company Name »…) are the form and list labels, and the messages
 * name a field by its label (« Le champ Deal Amount doit être… »).
 */

/** One glossary entry: the chosen word, what it names, and the forbidden variants (matched as whole words). */
export interface GlossaryEntry {
  /** The word vigie writes. */
  word: string;
  /** What it names. */
  meaning: string;
  /** Regular expressions of the variants that must not appear in vigie's French texts. */
  forbidden: RegExp[];
}

/** The glossary (SPEC vocabulary and the existing UI texts). */
export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    word: 'email',
    meaning: 'an administrator’s address, as the spec’s « Email » field',
    forbidden: [/\be-mail\b/i, /\bcourriels?\b/i, /\bmél\b/i],
  },
  {
    word: 'import',
    meaning: 'reading a CSV file into vigie (« Import CSV », « Annuler l’import »)',
    forbidden: [/\bimportations?\b/i],
  },
  {
    word: 'transaction',
    meaning: 'an M&A deal in French sentences (« Ajouter une transaction »), the spec’s English labels keeping « Deal »',
    forbidden: [/\bdeals?\b/],
  },
  {
    word: 'article',
    meaning: 'a published news item (« Ajouter un article », « effacer cet article »)',
    forbidden: [/\bnews publiée?s?\b/i],
  },
  {
    word: 'news en attente',
    meaning: 'an item waiting for publication on /news (the spec’s « aucune news en attente »); once published it is an article',
    forbidden: [/\barticles? en attente\b/i],
  },
  {
    word: 'siren',
    meaning: 'the SIREN number in a sentence, lower case as the spec writes it (« Veuillez saisir un siren »)',
    forbidden: [/\bnuméros? (?:siren|SIREN|Siren)\b/u, /\bn° ?(?:siren|SIREN|Siren)\b/u],
  },
];

/**
 * A French elision written with a straight apostrophe (« l'import »), to be written « l’import »: l, d, n, s, c, j,
 * m, t or qu, the apostrophe, then a vowel or h (`X` stands for a template's `${…}`). English contractions (« don't »,
 * « it's ») do not match: French elides only before a vowel or a mute h.
 */
export const STRAIGHT_ELISION = /(?:^|[^\p{L}])(?:[ldnsjmtcLDNSJMTC]|[Qq]u|[Jj]usqu|[Ll]orsqu|[Pp]uisqu|[Pp]resqu)'[aeiouyhàâäéèêëîïôöùûüœæAEIOUYHÀÂÉÈÊÎÔÙÛŒÆX]/u;
