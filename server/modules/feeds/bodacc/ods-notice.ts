/**
 * An Opendatasoft record of the dataset `annonces-commerciales` (server/modules/feeds/bodacc/json.ts) as a
 * Notice (field notes in ../shared/samples/README.md). Fields read: `publicationavis`
 * (A/B/C), `parution`, `dateparution`, `numeroannonce`, `familleavis`, `registre` (v1: comma-joined string
 * `"880878145,880 878 145"`; v2.1: a list), `commercant`, `tribunal`, `url_complete`; for a sale,
 * `listepersonnes` (the buyer), `listeprecedentproprietaire` (every seller) and `listeprecedentexploitant`
 * (previous operators), `acte` -> `vente.categorieVente` and `listeetablissements` -> `etablissement`
 * (`origineFonds`, `activite`, `adresse`). Those
 * structured fields are JSON encoded as strings in v1, strings or objects in v2.1. `typeavis` (`annonce`,
 * `rectificatif`, `annulation`) and, for the last two, `parutionavisprecedent` (the notice corrected or
 * cancelled); a cancelled sale gives no transaction row.
 */
import { AppError } from '../../../lib/errors';
import { familyCode } from './families';
import { checkIdentity, noticeError, noticeKind, noticeUrl, previousNotice, type Notice } from './notice';
import { sirensOf, text } from './values';
import { partyOf, personName, type SaleParty } from './party';
import { addressOf, establishmentOf } from './place';
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

/** The objects of `v` (an object or a list of objects). */
function all(v: unknown): Obj[] {
  return (Array.isArray(v) ? v : [v]).filter(isObj);
}

/** The address block of a person of a `liste…` field (seat, address, or home). */
function addressBlock(p: Obj): Obj {
  return first(p.adresseSiegeSocial ?? p.adresse ?? p.adresseDomicile);
}

/** A person of a `liste…` field: company (`typePersonne` pm, `denomination`) or natural person (`nom`, `prenom`, `nomUsage`). */
function party(p: Obj): SaleParty | null {
  if (!Object.keys(p).length) return null;
  const company = p.typePersonne === 'pm' || p.denomination !== undefined;
  const registration = first(p.numeroImmatriculation);
  return partyOf(company ? text(p.denomination) : personName(p), {
    registration: Object.keys(registration).length ? registration : null,
    address: addressBlock(p),
  });
}

/** Every person of a `liste…` field (`{personne: object | object[]}`). */
function parties(field: unknown): SaleParty[] {
  return all(structured(field).personne)
    .map(party)
    .filter((p): p is SaleParty => p !== null);
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
    const person = first(structured(f.listepersonnes).personne);
    const buyer = party(person) ?? { name: null, siren: null, country: null, iso: null };
    buyer.name ??= text(f.commercant);
    buyer.siren ??= sirens[0] ?? null;
    const acte = structured(f.acte);
    const vente = isObj(acte.vente) ? acte.vente : acte;
    const etablissement = first(structured(f.listeetablissements).etablissement);
    sale = {
      buyer,
      buyerAddress: addressOf(addressBlock(person)),
      sellers: parties(f.listeprecedentproprietaire),
      operators: parties(f.listeprecedentexploitant),
      category: text(vente.categorieVente),
      origin: text(etablissement.origineFonds),
      establishment: establishmentOf(etablissement),
    };
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
