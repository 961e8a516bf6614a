/**
 * The nature of the operation a BODACC sale notice announces, read from what the notice states: first
 * `etablissement/origineFonds` (« Achat au prix stipulé de … », « Apport en société au montant évalué à … »,
 * « … précédemment exploité en location-gérance acquis par achat … »), which says how the business changed
 * hands, then `acte/vente/categorieVente` (« Achat d'un fonds par le locataire-gérant personne morale »,
 * « Mise en activité d'une société suite à achat »). The category « Autre achat, apport, attribution » names
 * three natures at once and says nothing by itself. What neither states stays unknown.
 *
 * The amount keeps its meaning: a price (« prix stipulé », « pour la somme de ») is a price; an amount the
 * notice calls a valuation (« évalué », « valeur », « estimé ») is a valuation, as contributions are.
 */
import { foldText } from '../../../../contract/fold';

/** What happened to the business. */
export type SaleNature = 'purchase' | 'lessee_purchase' | 'contribution' | 'allotment' | 'donation' | 'inheritance' | 'merger' | 'auction' | 'licitation' | 'unknown';

/** Deal type (b6) of each nature, in French. */
export const NATURE_LABEL: Record<SaleNature, string> = {
  purchase: 'Achat de fonds',
  lessee_purchase: 'Achat de fonds par le locataire-gérant',
  contribution: 'Apport de fonds en société',
  allotment: 'Attribution de fonds',
  donation: 'Donation de fonds',
  inheritance: 'Transmission de fonds par succession',
  merger: 'Transmission de fonds par fusion ou scission',
  auction: 'Adjudication de fonds',
  licitation: 'Licitation de fonds',
  unknown: 'Vente ou cession de fonds (nature non précisée)',
};

/** What the amount of a sale is, as the notice words it. */
export type AmountKind = 'price' | 'valuation' | 'amount';

/** Words of `origineFonds` that fix the nature, most specific first (tested on folded text). */
const ORIGIN_RULES: Array<[RegExp, SaleNature]> = [
  [/\bapport/, 'contribution'],
  [/\blicitation/, 'licitation'],
  [/\bdonation/, 'donation'],
  [/\b(succession|heritage|devolution successorale|deces)/, 'inheritance'],
  [/\b(fusion|scission|transmission universelle)/, 'merger'],
  [/\b(adjudication|encheres)/, 'auction'],
  [/\b(attribution|attribue)/, 'allotment'],
  [/(location[- ]gerance|locataire[- ]gerant).*\b(achat|acqui)|\b(achat|acqui).*(location[- ]gerance|locataire[- ]gerant)/, 'lessee_purchase'],
  [/\b(achat|achete|acquis|acquisition|prix stipule|cession|vente)\b/, 'purchase'],
];

/** Categories (`categorieVente`) that fix the nature on their own (folded text). */
const CATEGORY_RULES: Array<[RegExp, SaleNature]> = [
  [/^achat d'un fonds par le locataire[- ]gerant/, 'lessee_purchase'],
  [/^autre achat, apport, attribution/, 'unknown'],
  [/^(achat\b|mise en activite d'une societe suite a achat)/, 'purchase'],
];

/**
 * The nature of a sale from its `origineFonds` and `categorieVente` texts (either may be null).
 * @returns `unknown` when neither states it
 */
export function saleNature(origin: string | null, category: string | null): SaleNature {
  const o = foldText(origin ?? '');
  for (const [re, nature] of ORIGIN_RULES) if (re.test(o)) return nature;
  const c = foldText(category ?? '').trim();
  for (const [re, nature] of CATEGORY_RULES) if (re.test(c)) return nature;
  return 'unknown';
}

/** Whether the amount stated by `origin` is a price, a valuation, or an amount the notice does not qualify. */
export function amountKind(origin: string | null): AmountKind {
  const o = foldText(origin ?? '');
  if (/\b(evalu|valeur|estim)/.test(o)) return 'valuation';
  if (/\b(prix|pour la somme|moyennant)/.test(o)) return 'price';
  return 'amount';
}
