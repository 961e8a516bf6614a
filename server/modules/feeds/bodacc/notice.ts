/**
 * One BODACC notice as the importer stores it, whatever file it came from (DILA XML
 * bulletin, Opendatasoft export v1 or v2.1), and the texts built from it: its identifier on bodacc.fr
 * (`A202100051` = bulletin letter + issue number + notice number, as the dataset's `id`), its URL, its
 * source label (`BODACC A n°20210005 du 08/01/2021`) and its update-log description.
 */
import type { SaleParty } from './party';
import type { Address, Establishment } from './place';
import { AppError } from '../../../lib/errors';
import { excerpt } from '../../../lib/excerpt';
import { FAMILIES, type FamilyCode } from './families';
import { text } from './values';

/** What a sale notice (`vente`) states about the deal (./party.ts, ./place.ts). */
export interface SaleParts {
  /** The registering person (the first `personne`). */
  buyer: SaleParty;
  /** The buyer's own address, to compare with the business's. */
  buyerAddress: Address | null;
  /** Every previous owner (`precedentProprietairePM` / `PP`), in the notice's order. */
  sellers: SaleParty[];
  /** Every previous operator (`precedentExploitantPM` / `PP`), in the notice's order. */
  operators: SaleParty[];
  /** `categorieVente`, e.g. `Achat d'un fonds par une personne morale`. */
  category: string | null;
  /** `etablissement/origineFonds`: free text that may state the nature of the operation and its amount. */
  origin: string | null;
  /** The business sold (`etablissement`): activity, trade name, address. */
  establishment: Establishment | null;
}

/**
 * Whether a notice is an initial one, corrects an earlier one, or cancels it (DILA XML `typeAnnonce`:
 * `annonce`, `rectificatif`, `annulation`; Opendatasoft `typeavis`, the same words).
 */
export type NoticeKind = 'annonce' | 'rectificatif' | 'annulation';

/** The earlier notice that a correction or a cancellation names (`parutionAvisPrecedent`). */
export interface PreviousNotice {
  bulletin: 'A' | 'B' | 'C';
  issue: string;
  noticeNumber: number;
  /** Its issue date `YYYY-MM-DD`, when the notice gives it (`dateParution`). */
  issueDate: string | null;
}

/** A notice ready to be stored. */
export interface Notice {
  kind: NoticeKind;
  /** For a correction or a cancellation: the notice it corrects or cancels, when it names one. */
  previous: PreviousNotice | null;
  bulletin: 'A' | 'B' | 'C';
  /** Issue number (`parution`), 8 digits `YYYYNNNN`. */
  issue: string;
  /** Issue date `YYYY-MM-DD`. */
  issueDate: string;
  noticeNumber: number;
  family: FamilyCode;
  /** SIRENs of the registered persons, 9 digits, without duplicates. */
  sirens: string[];
  companyName: string | null;
  court: string | null;
  /** The notice as read (XML turned into JSON, or the Opendatasoft record). */
  raw: unknown;
  /** Link to the notice on bodacc.fr. */
  url: string;
  /** Only for a `vente` notice. */
  sale: SaleParts | null;
}

/** Base of the notice pages on bodacc.fr (the dataset's `url_complete` is this + `id`). */
export const NOTICE_URL = 'https://www.bodacc.fr/pages/annonces-commerciales-detail/?q.id=id:';

/** The notice's identifier on bodacc.fr and in the dataset (`id`): e.g. `A202100051`. */
export function noticeId(n: Pick<Notice, 'bulletin' | 'issue' | 'noticeNumber'>): string {
  return `${n.bulletin}${n.issue}${n.noticeNumber}`;
}

/** The notice's page on bodacc.fr. */
export function noticeUrl(n: Pick<Notice, 'bulletin' | 'issue' | 'noticeNumber'>): string {
  return NOTICE_URL + noticeId(n);
}

/** `YYYY-MM-DD` -> `DD/MM/YYYY`. */
export function frenchDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

/** The issue a notice appeared in, e.g. `BODACC A n°20210005 du 08/01/2021` (transactions' source). */
export function issueLabel(n: Pick<Notice, 'bulletin' | 'issue' | 'issueDate'>): string {
  return `BODACC ${n.bulletin} n°${n.issue} du ${frenchDate(n.issueDate)}`;
}

/**
 * Where a fact read from a notice comes from: its issue and number, e.g.
 * `BODACC A n°20210005 du 08/01/2021, avis n°1` (transaction rows' b37, update-log entries' source).
 */
export function sourceLabel(n: Pick<Notice, 'bulletin' | 'issue' | 'issueDate' | 'noticeNumber'>): string {
  return `${issueLabel(n)}, avis n°${n.noticeNumber}`;
}

/** What the description says of a correction or a cancellation (as bodacc.fr's `typeavis_lib`). */
const KIND_LABEL: Record<NoticeKind, string> = { annonce: '', rectificatif: ' (avis rectificatif)', annulation: ' (avis d’annulation)' };

/**
 * Update-log description of a notice, e.g. `Vente et cession — BODACC A n°20210005 du 08/01/2021`, or
 * `Vente et cession (avis d’annulation) — BODACC A n°…` for a cancellation.
 */
export function logDescription(n: Pick<Notice, 'family' | 'bulletin' | 'issue' | 'issueDate'> & { kind?: NoticeKind }): string {
  return `${FAMILIES[n.family].singular}${KIND_LABEL[n.kind ?? 'annonce']} — ${issueLabel(n)}`;
}

/** The kind of a notice from its XML `typeAnnonce` child name or its Opendatasoft `typeavis` (initial when unknown). */
export function noticeKind(value: unknown): NoticeKind {
  return value === 'rectificatif' || value === 'annulation' ? value : 'annonce';
}

/**
 * The earlier notice named by `parutionAvisPrecedent` (`nomPublication` `BODACC A`, `numeroParution`,
 * `numeroAnnonce`, `dateParution`), or null when it is missing or unreadable.
 */
export function previousNotice(p: { nomPublication?: unknown; numeroParution?: unknown; numeroAnnonce?: unknown; dateParution?: unknown }): PreviousNotice | null {
  const bulletin = /^BODACC\s*([ABC])$/i.exec(text(p.nomPublication) ?? '')?.[1]?.toUpperCase();
  const issue = text(p.numeroParution);
  const number = text(p.numeroAnnonce);
  if (!bulletin || !issue || !/^\d{8}$/.test(issue) || !number || !/^\d{1,9}$/.test(number)) return null;
  const date = text(p.dateParution);
  return { bulletin: bulletin as PreviousNotice['bulletin'], issue, noticeNumber: Number(number), issueDate: date && isCalendarDate(date) ? date : null };
}

/** The error of a notice that cannot be read: `Avis n°3 du fichier : …`. @returns an AppError 422 */
export function noticeError(position: number, message: string): AppError {
  return new AppError(422, `Avis n°${position} du fichier\u00a0: ${message}. Rien n’a été importé.`);
}

/** Whether `s` is a real calendar date `YYYY-MM-DD` (not `2021-02-30`). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * Checks the identifying fields of a notice read at `position` (1-based, in the file).
 * @throws AppError 422 (French) for a missing bulletin, issue, date or notice number
 */
export function checkIdentity(position: number, n: { bulletin: unknown; issue: unknown; issueDate: unknown; noticeNumber: unknown }): void {
  if (n.bulletin !== 'A' && n.bulletin !== 'B' && n.bulletin !== 'C') throw noticeError(position, `bulletin « ${excerpt(String(n.bulletin ?? ''), 40)} » inconnu (A, B ou C attendu)`);
  if (typeof n.issue !== 'string' || !/^\d{8}$/.test(n.issue)) throw noticeError(position, `numéro de parution « ${excerpt(String(n.issue ?? ''), 40)} » invalide (8 chiffres attendus)`);
  if (typeof n.issueDate !== 'string' || !isCalendarDate(n.issueDate)) {
    throw noticeError(position, `date de parution « ${excerpt(String(n.issueDate ?? ''), 40)} » invalide (AAAA-MM-JJ attendu)`);
  }
  if (typeof n.noticeNumber !== 'number' || !Number.isInteger(n.noticeNumber) || n.noticeNumber <= 0 || n.noticeNumber > 2_147_483_647) {
    throw noticeError(position, `numéro d’annonce « ${excerpt(String(n.noticeNumber ?? ''), 40)} » invalide`);
  }
}
