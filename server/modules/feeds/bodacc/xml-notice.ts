/**
 * A DILA XML `<avis>` (server/modules/feeds/bodacc/xml.ts) as a Notice. Fields of the
 * schema `Bodacc_A_RCI_sor_v100.xsd` read: `numeroAnnonce`, `tribunal`, `personnes/personne` (a
 * `personneMorale` with `denomination`, or a `personnePhysique` with `nom`/`prenom`, each with
 * `numeroImmatriculation/numeroIdentification` = the SIREN written `892 606 575`, and `adresse`),
 * `etablissement` (`origineFonds`, `activite`, `adresse`), every `precedentProprietairePM` / `PP` (the sellers) and
 * `precedentExploitantPM` / `PP` (previous operators) (./party.ts), and the family from the
 * child of `acte` (`vente`, `creation`, `immatriculation`) with, for a sale, `acte/vente/categorieVente`,
 * and `typeAnnonce` (`annonce`, `rectificatif`, `annulation`) with, for the last two, `parutionAvisPrecedent`.
 * A cancelled sale gives no transaction row.
 */
import { familyCode, type FamilyCode } from './families';
import { checkIdentity, noticeError, noticeKind, noticeUrl, previousNotice, type Notice } from './notice';
import { sirensOf, text } from './values';
import { partyOf, personName, type SaleParty } from './party';
import { addressOf, establishmentOf, type Address } from './place';
import type { XmlAvis, XmlObject, XmlValue } from './xml';

/** The values of `v` as a list (an element repeated is an array, once it is a single value). */
function list(v: XmlValue | undefined): XmlValue[] {
  return v === undefined ? [] : Array.isArray(v) ? v : [v];
}

/** The object at `v`, or an empty one. */
function obj(v: XmlValue | undefined): XmlObject {
  const first = list(v)[0];
  return first && typeof first === 'object' && !Array.isArray(first) ? first : {};
}

/** A registered person of the notice (`personne`): a company (`personneMorale`) or a natural person. */
function registeredParty(p: XmlObject): SaleParty {
  const pm = obj(p.personneMorale);
  const company = Object.keys(pm).length > 0;
  const who = company ? pm : obj(p.personnePhysique);
  return partyOf(company ? text(pm.denomination) : personName(who), { registration: numbered(who), address: obj(p.adresse) });
}

/** The `numeroImmatriculation` block of a person, or null when it has none (`nonInscrit`). */
function numbered(who: XmlObject): Record<string, unknown> | null {
  const n = obj(who.numeroImmatriculation);
  return Object.keys(n).length ? n : null;
}

/** The registered persons (`personnes/personne`), in order. */
function persons(avis: XmlObject): Array<{ party: SaleParty; address: Address | null }> {
  const out: Array<{ party: SaleParty; address: Address | null }> = [];
  for (const p of list(obj(avis.personnes).personne)) {
    if (typeof p !== 'object' || Array.isArray(p)) continue;
    out.push({ party: registeredParty(p), address: addressOf(p.adresse) });
  }
  return out;
}

/** The parties of every `<key>PM` and `<key>PP` element of an avis (previous owners or operators), companies first. */
function previousParties(avis: XmlObject, key: 'precedentProprietaire' | 'precedentExploitant'): SaleParty[] {
  const out: SaleParty[] = [];
  for (const pm of list(avis[`${key}PM`])) {
    if (!pm || typeof pm !== 'object' || Array.isArray(pm)) continue;
    out.push(partyOf(text(pm.denomination), { registration: numbered(pm), address: obj(pm.adresse) }));
  }
  for (const pp of list(avis[`${key}PP`])) {
    if (!pp || typeof pp !== 'object' || Array.isArray(pp)) continue;
    out.push(partyOf(personName(pp), { registration: numbered(pp), address: obj(pp.adresse) }));
  }
  return out;
}

/** The family of an avis: the first child of `acte` that names one (`divers` when none does). */
function family(avis: XmlObject): FamilyCode {
  for (const key of Object.keys(obj(avis.acte))) {
    const code = familyCode(key);
    if (code) return code;
  }
  return 'divers';
}

/**
 * The notice of `read`, the `position`-th avis of the file (1-based).
 * @throws AppError 422 (French) when the bulletin has no issue number or date, or the avis no valid number
 */
export function xmlNotice(read: XmlAvis, position: number): Notice {
  const { avis } = read;
  const numberText = text(avis.numeroAnnonce);
  const noticeNumber = numberText && /^\d+$/.test(numberText) ? Number(numberText) : numberText;
  if (read.issue === undefined) throw noticeError(position, 'le bulletin ne donne pas son numéro de parution (<parution>) avant ses avis');
  checkIdentity(position, { bulletin: read.bulletin, issue: read.issue, issueDate: read.issueDate, noticeNumber });
  const people = persons(avis);
  const fam = family(avis);
  const identity = { bulletin: read.bulletin, issue: read.issue, issueDate: read.issueDate!, noticeNumber: noticeNumber as number };
  const etablissement = obj(avis.etablissement);
  const buyer = people[0] ?? { party: { name: null, siren: null, country: null, iso: null }, address: null };
  const kind = noticeKind(Object.keys(obj(avis.typeAnnonce))[0]);
  return {
    ...identity,
    kind,
    previous: kind === 'annonce' ? null : previousNotice(obj(avis.parutionAvisPrecedent)),
    family: fam,
    sirens: sirensOf(people.map((p) => p.party.siren)),
    companyName: buyer.party.name,
    court: text(avis.tribunal),
    raw: avis,
    url: noticeUrl(identity),
    sale:
      fam === 'vente' && kind !== 'annulation'
        ? {
            buyer: buyer.party,
            buyerAddress: buyer.address,
            sellers: previousParties(avis, 'precedentProprietaire'),
            operators: previousParties(avis, 'precedentExploitant'),
            category: text(obj(obj(avis.acte).vente).categorieVente),
            origin: text(etablissement.origineFonds),
            establishment: establishmentOf(etablissement),
          }
        : null,
  };
}
