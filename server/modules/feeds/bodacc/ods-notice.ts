/**
 * An Opendatasoft record of the dataset `annonces-commerciales` (server/modules/feeds/bodacc/json.ts) as a
 * Notice (issue 9 section 2; field notes in ../shared/samples/README.md). Fields read: `publicationavis`
 * (A/B/C), `parution`, `dateparution`, `numeroannonce`, `familleavis`, `registre` (v1: comma-joined string
 * `"880878145,880 878 145"`; v2.1: a list), `commercant`, `tribunal`, `url_complete`; for a sale,
 * `listepersonnes` (the buyer), `listeprecedentproprietaire` / `listeprecedentexploitant` (the seller),
 * `acte` -> `vente.categorieVente` and `listeetablissements` -> `etablissement.origineFonds`. Those
 * structured fields are JSON encoded as strings in v1, strings or objects in v2.1. `typeavis` (`annonce`,
 * `rectificatif`, `annulation`) and, for the last two, `parutionavisprecedent` (the notice corrected or
 * cancelled); a cancelled sale gives no transaction row.
 */
import { AppError } from '../../../http/errors';
import { familyCode } from './families';
import { checkIdentity, noticeError, noticeKind, noticeUrl, previousNotice, sirenOf, sirensOf, text, type Notice, type SaleParty } from './notice';
import type { OdsItem } from './json';
import { UNKNOWN_JSON_SHAPE } from './json';

/** A JSON object. */
export type Obj = Record<string, unknown>;

/** Whether `v` is a JSON object (not null, not a list). */
export function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A structured field: the object itself, or the object a JSON string encodes; {} when absent or unreadable. */
export function structured(v: unknown): Obj {
  if (isObj(v)) return v;
  if (typeof v !== 'string' || v.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(v);
    return isObj(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** The first object of `v` (an object or a list of objects). */
function first(v: unknown): Obj {
  const one = Array.isArray(v) ? v[0] : v;
  return isObj(one) ? one : {};
}

/** A person of a `liste…` field: company (`typePersonne` pm, `denomination`) or natural person (`nom`, `prenom`). */
function party(p: Obj): SaleParty | null {
  if (!Object.keys(p).length) return null;
  const company = p.typePersonne === 'pm' || p.denomination !== undefined;
  const name = company ? text(p.denomination) : text([text(p.prenom), text(p.nomUsage) ?? text(p.nom)].filter(Boolean).join(' '));
  const address = first(p.adresseSiegeSocial ?? p.adresse ?? p.adresseDomicile);
  const country = text(address.pays);
  return {
    name,
    siren: sirenOf(first(p.numeroImmatriculation).numeroIdentification),
    french: (country === null || /^france$/i.test(country)) && !('etranger' in address),
  };
}

/**
 * The notice of `item`, the `position`-th record of the file (1-based).
 * @throws AppError 422 (French) for a record that is not an object, or whose identity fields are missing
 */
export function odsNotice(item: OdsItem, position: number): Notice {
  const record = item.record;
  const f = item.shape === 'v1' ? (isObj(record) ? record.fields : undefined) : record;
  if (!isObj(f)) throw new AppError(422, UNKNOWN_JSON_SHAPE);
  const numero = typeof f.numeroannonce === 'string' && /^\d+$/.test(f.numeroannonce.trim()) ? Number(f.numeroannonce) : f.numeroannonce;
  const identity = { bulletin: text(f.publicationavis), issue: text(f.parution), issueDate: text(f.dateparution), noticeNumber: numero };
  checkIdentity(position, identity);
  const id = identity as Pick<Notice, 'bulletin' | 'issue' | 'issueDate' | 'noticeNumber'>;
  const family = familyCode(f.familleavis);
  if (!family) throw noticeError(position, `famille d’avis « ${String(f.familleavis ?? '')} » inconnue`);
  const registre = Array.isArray(f.registre) ? f.registre : typeof f.registre === 'string' ? f.registre.split(',') : [];
  const sirens = sirensOf(registre);
  const url = text(f.url_complete);
  const kind = noticeKind(text(f.typeavis));
  let sale: Notice['sale'] = null;
  if (family === 'vente' && kind !== 'annulation') {
    const buyer = party(first(structured(f.listepersonnes).personne)) ?? { name: null, siren: null, french: true };
    buyer.name ??= text(f.commercant);
    buyer.siren ??= sirens[0] ?? null;
    const seller = party(first(structured(f.listeprecedentproprietaire).personne)) ?? party(first(structured(f.listeprecedentexploitant).personne));
    const acte = structured(f.acte);
    const vente = isObj(acte.vente) ? acte.vente : acte;
    const etablissement = first(structured(f.listeetablissements).etablissement);
    sale = { buyer, seller, category: text(vente.categorieVente), origin: text(etablissement.origineFonds) };
  }
  return {
    ...id,
    kind,
    previous: kind === 'annonce' ? null : previousNotice(structured(f.parutionavisprecedent)),
    family,
    sirens,
    companyName: text(f.commercant),
    court: text(f.tribunal),
    raw: record,
    url: url && /^https?:\/\//.test(url) ? url : noticeUrl(id),
    sale,
  };
}
