/**
 * A DILA XML `<avis>` (server/modules/feeds/bodacc/xml.ts) as a Notice (issue 9 section 2). Fields of the
 * schema `Bodacc_A_RCI_sor_v100.xsd` read: `numeroAnnonce`, `tribunal`, `personnes/personne` (a
 * `personneMorale` with `denomination`, or a `personnePhysique` with `nom`/`prenom`, each with
 * `numeroImmatriculation/numeroIdentification` = the SIREN written `892 606 575`), `etablissement/origineFonds`,
 * `precedentProprietairePM` / `precedentProprietairePP` / `precedentExploitantPP`, and the family from the
 * child of `acte` (`vente`, `creation`, `immatriculation`) with, for a sale, `acte/vente/categorieVente`,
 * and `typeAnnonce` (`annonce`, `rectificatif`, `annulation`) with, for the last two, `parutionAvisPrecedent`.
 * A cancelled sale gives no transaction row.
 */
import { familyCode, type FamilyCode } from './families';
import { checkIdentity, noticeError, noticeKind, noticeUrl, previousNotice, sirenOf, sirensOf, text, type Notice, type SaleParty } from './notice';
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

/** `Prénom Nom` of a natural person (`nomUsage` preferred to `nom`). */
function personName(p: XmlObject): string | null {
  const name = text(p.nomUsage) ?? text(p.nom);
  return text([text(p.prenom), name].filter(Boolean).join(' '));
}

/** Whether an address block is in France (an `adresse/france` block, or no foreign one). */
function inFrance(address: XmlValue | undefined): boolean {
  const a = obj(address);
  return !('etranger' in a);
}

/** The registered persons: name, SIREN, French or not. */
function persons(avis: XmlObject): SaleParty[] {
  const out: SaleParty[] = [];
  for (const p of list(obj(avis.personnes).personne)) {
    if (typeof p !== 'object' || Array.isArray(p)) continue;
    const pm = obj(p.personneMorale);
    const pp = obj(p.personnePhysique);
    const who = Object.keys(pm).length ? pm : pp;
    out.push({
      name: Object.keys(pm).length ? text(pm.denomination) : personName(pp),
      siren: sirenOf(obj(who.numeroImmatriculation).numeroIdentification),
      french: inFrance(p.adresse),
    });
  }
  return out;
}

/** The seller of a sale: previous owner (company, then person), else previous operator. */
function seller(avis: XmlObject): SaleParty | null {
  const pm = obj(avis.precedentProprietairePM);
  if (Object.keys(pm).length) {
    const siren = sirenOf(obj(pm.numeroImmatriculation).numeroIdentification);
    return { name: text(pm.denomination), siren, french: siren !== null || inFrance(pm.adresse) };
  }
  for (const key of ['precedentProprietairePP', 'precedentExploitantPP']) {
    const pp = obj(avis[key]);
    if (Object.keys(pp).length) return { name: personName(pp), siren: sirenOf(obj(pp.numeroImmatriculation).numeroIdentification), french: inFrance(pp.adresse) };
  }
  return null;
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
  const buyer = people[0] ?? { name: null, siren: null, french: true };
  const kind = noticeKind(Object.keys(obj(avis.typeAnnonce))[0]);
  return {
    ...identity,
    kind,
    previous: kind === 'annonce' ? null : previousNotice(obj(avis.parutionAvisPrecedent)),
    family: fam,
    sirens: sirensOf(people.map((p) => p.siren)),
    companyName: buyer.name,
    court: text(avis.tribunal),
    raw: avis,
    url: noticeUrl(identity),
    sale:
      fam === 'vente' && kind !== 'annulation'
        ? { buyer, seller: seller(avis), category: text(obj(obj(avis.acte).vente).categorieVente), origin: text(etablissement.origineFonds) }
        : null,
  };
}
