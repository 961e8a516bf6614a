/**
 * The business sold by a BODACC sale notice (`etablissement`: its activity and address, DILA XML schema
 * `Bodacc_A_RCI_sor_v100.xsd`; the Opendatasoft `listeetablissements` uses the same names) and whether it sits
 * at the buyer's own address: when it does not, the row's description complement says where it is and what it
 * does (the notice states both).
 * Addresses are compared as the notices write them, which vary in case, accents, hyphens and small additions
 * (`Montreuil Aux Lions` / `Montreuil-aux-Lions`, `Font des Fabres` / `Font des Fabre`, a shopping centre's
 * name after the street): the same postcode, town and street number, and one street name containing the other.
 */
import { foldText } from '../../../../contract/fold';
import { text } from './values';

/** An address as the notice gives it. */
export interface Address {
  /** One line, as written: `13 rue Chapon, 75003 Paris`. */
  line: string;
  number: string | null;
  street: string | null;
  postcode: string | null;
  town: string | null;
}

/** The business sold. */
export interface Establishment {
  /** `activite`, as written. */
  activity: string | null;
  /** `enseigne` or `nomCommercial` of the business, when the notice gives one. */
  tradeName: string | null;
  address: Address | null;
}

/** The fields of an address block (`adresse`, or its `france` child). */
function fields(block: Record<string, unknown>): Record<string, unknown> {
  const inner = block.france;
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Record<string, unknown>) : block;
}

/**
 * The address of a block (`numeroVoie`, `typeVoie`, `nomVoie`, `complGeographique`, `localite`, `codePostal`,
 * `ville`), or null when it gives neither a street nor a town.
 */
export function addressOf(block: unknown): Address | null {
  const one = Array.isArray(block) ? block[0] : block;
  if (!one || typeof one !== 'object') return null;
  const f = fields(one as Record<string, unknown>);
  const number = text(f.numeroVoie);
  const street = text([text(f.typeVoie), text(f.nomVoie)].filter(Boolean).join(' '));
  const postcode = text(f.codePostal);
  const town = text(f.ville);
  if (!street && !town) return null;
  // The notices sometimes end a street with a dash or a comma (`ZI n°2 -`): dropped before the town.
  const first = text([number, street, text(f.complGeographique), text(f.localite)].filter(Boolean).join(' ').replace(/[\s,;–-]+$/, ''));
  const second = text([postcode, town].filter(Boolean).join(' '));
  return { line: [first, second].filter(Boolean).join(', '), number, street, postcode, town };
}

/** Lower case, no accents, words separated by one space. */
function key(value: string | null): string {
  return foldText(value ?? '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Whether two addresses are the same place (see the module comment); false when either is unknown. */
export function samePlace(a: Address | null, b: Address | null): boolean {
  if (!a || !b) return false;
  if (key(a.postcode) !== key(b.postcode) || key(a.town) !== key(b.town) || key(a.number) !== key(b.number)) return false;
  const [x, y] = [key(a.street), key(b.street)];
  return x === y || (x !== '' && y !== '' && (x.includes(y) || y.includes(x)));
}

/** The business sold from an `etablissement` block. */
export function establishmentOf(block: Record<string, unknown>): Establishment | null {
  const activity = text(block.activite);
  const tradeName = text(block.enseigne) ?? text(block.nomCommercial);
  const address = addressOf(block.adresse);
  return activity || tradeName || address ? { activity, tradeName, address } : null;
}
