/**
 * RNE payloads → rows (../shared/samples/inpi/NOTES.md sections 2 and 3), read defensively:
 * any field may be missing, null or of another type, and such a field gives null rather than an error.
 * - `parseCompany(body)`: the company record of `GET /api/companies/{siren}` → its officers
 *   (`composition.pouvoirs`: person or company, role, names, month of birth) and beneficial owners
 *   (`beneficiairesEffectifs`), each with a stable `key` (what the worker's diff compares). The identity block is
 *   `formality.content.personnePhysique`, else `personneMorale`, else `exploitation` (NOTES.md: S1's order); a
 *   record with none of them is `found: false`. A sole trader without `pouvoirs` is its own officer.
 * - `parseAttachments(body)`: `GET /api/companies/{siren}/attachments` → filings (`actes`, `bilans`,
 *   `bilansSaisis`): id, filing date, closing date, type, label. Entries without an id are skipped.
 * Rows of one SIREN never share a key (duplicates are dropped, the first kept). Texts lose their control characters.
 * - `oversizedRecord(body, what, maxItems)`: checked before either parse, the French reason to refuse a record one
 *   of whose lists (the lists the parse walks) holds more than `maxItems` items (RNE_MAX_ITEMS), else null — a
 *   record of millions of officers is refused in constant time instead of being mapped, deduplicated and written.
 */
import type { RneFilingKind } from '../../db/schema/rne';

/** An officer (`rne_officers` without siren/id). `kind`: `person` (INDIVIDU) or `company` (ENTREPRISE). */
export interface OfficerRow {
  kind: 'person' | 'company';
  roleCode: string | null;
  roleLabel: string | null;
  lastName: string | null;
  firstNames: string | null;
  usageName: string | null;
  /** `YYYY-MM`. */
  birthMonth: string | null;
  companySiren: string | null;
  companyName: string | null;
  key: string;
}

/** A beneficial owner (`rne_beneficial_owners` without siren/id); `raw` is the record as the RNE gave it. */
export interface BeneficialOwnerRow {
  lastName: string | null;
  firstNames: string | null;
  usageName: string | null;
  birthMonth: string | null;
  raw: Record<string, unknown>;
  key: string;
}

/** A filing (`rne_filings` without siren). Dates `YYYY-MM-DD`. */
export interface FilingRow {
  kind: RneFilingKind;
  id: string;
  filedOn: string | null;
  closedOn: string | null;
  type: string | null;
  label: string | null;
}

/** What a company record gives. */
export interface ParsedCompany {
  /** false when the record has no identity block (S1 then takes the SIREN as unknown). */
  found: boolean;
  officers: OfficerRow[];
  beneficialOwners: BeneficialOwnerRow[];
}

type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj | null => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/** A non-empty trimmed string (numbers accepted), without control characters, at most `max` characters; else null. */
function str(v: unknown, max = 500): string | null {
  if (typeof v === 'number' && Number.isFinite(v)) v = String(v);
  if (typeof v !== 'string') return null;
  const s = v.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim();
  return s ? s.slice(0, max) : null;
}

/** `prenoms` as an array or a string → `Jean Paul`. */
function names(v: unknown): string | null {
  if (Array.isArray(v)) return str(v.map((x) => str(x) ?? '').join(' '));
  return str(v);
}

/** `YYYY-MM` from `YYYY-MM` or `YYYY-MM-DD…`; else null. */
function month(v: unknown): string | null {
  const m = /^(\d{4}-\d{2})/.exec(str(v) ?? '');
  return m ? m[1] : null;
}

/** `YYYY-MM-DD` from an ISO date or instant; else null. */
function day(v: unknown): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(str(v) ?? '');
  return m && !Number.isNaN(Date.parse(m[1])) ? m[1] : null;
}

/** A 9-digit SIREN, else null. */
function siren(v: unknown): string | null {
  const s = str(v)?.replace(/\s/g, '') ?? '';
  return /^\d{9}$/.test(s) ? s : null;
}

/** Upper case without accents or extra spaces: the comparable form of a name in a key. */
function norm(v: string | null): string {
  return (v ?? '').normalize('NFD').replace(/[\u0300-\u036f]/g, '').toUpperCase().replace(/\s+/g, ' ').trim();
}

/** Keeps the first row of each key. */
function uniqueByKey<T extends { key: string }>(rows: T[]): T[] {
  const seen = new Set<string>();
  return rows.filter((r) => !seen.has(r.key) && seen.add(r.key));
}

/** The identity block of a record: personnePhysique, else personneMorale, else exploitation. */
function identityBlock(body: unknown): { block: Obj; physical: boolean } | null {
  const content = obj(obj(obj(body)?.formality)?.content);
  if (!content) return null;
  const physical = obj(content.personnePhysique);
  if (physical) return { block: physical, physical: true };
  const block = obj(content.personneMorale) ?? obj(content.exploitation);
  return block ? { block, physical: false } : null;
}

/** One `pouvoirs` item → an officer, or null when it names nobody. */
function officer(item: unknown): OfficerRow | null {
  const p = obj(item);
  if (!p) return null;
  const individu = obj(p.individu);
  const entreprise = obj(p.entreprise);
  const type = str(p.typeDePersonne)?.toUpperCase();
  const isCompany = type === 'ENTREPRISE' || (type !== 'INDIVIDU' && !individu && !!entreprise);
  const person = obj(individu?.descriptionPersonne) ?? individu;
  const roleCode = str(p.roleEntreprise, 16) ?? str(person?.role, 16) ?? str(entreprise?.roleEntreprise, 16);
  const roleLabel = str(p.libelleRoleEntreprise);
  if (isCompany) {
    const companySiren = siren(entreprise?.siren);
    const companyName = str(entreprise?.denomination);
    if (!companySiren && !companyName) return null;
    const key = ['company', roleCode ?? '', companySiren ?? norm(companyName)].join('|');
    return { kind: 'company', roleCode, roleLabel, lastName: null, firstNames: null, usageName: null, birthMonth: null, companySiren, companyName, key };
  }
  return personRow(person, roleCode, roleLabel);
}

/** A person's officer row from a `descriptionPersonne`, or null when it has no name. */
function personRow(person: Obj | null, roleCode: string | null, roleLabel: string | null): OfficerRow | null {
  const lastName = str(person?.nom);
  const firstNames = names(person?.prenoms);
  if (!lastName && !firstNames) return null;
  const usageName = str(person?.nomUsage);
  const birthMonth = month(person?.dateDeNaissance);
  const key = ['person', roleCode ?? '', norm(lastName), norm(firstNames), birthMonth ?? ''].join('|');
  return { kind: 'person', roleCode, roleLabel, lastName, firstNames, usageName, birthMonth, companySiren: null, companyName: null, key };
}

/** One `beneficiairesEffectifs` item → a row, or null when it names nobody. */
function beneficialOwner(item: unknown): BeneficialOwnerRow | null {
  const raw = obj(item);
  if (!raw) return null;
  const holder = obj(raw.beneficiaire) ?? raw;
  const person = obj(holder.descriptionPersonne) ?? obj(raw.descriptionPersonne);
  const lastName = str(person?.nom);
  const firstNames = names(person?.prenoms);
  if (!lastName && !firstNames) return null;
  const usageName = str(person?.nomUsage);
  const birthMonth = month(person?.dateDeNaissance);
  return { lastName, firstNames, usageName, birthMonth, raw, key: [norm(lastName), norm(firstNames), birthMonth ?? ''].join('|') };
}

/** Reads a company record (`GET /api/companies/{siren}`). Never throws. */
export function parseCompany(body: unknown): ParsedCompany {
  const identity = identityBlock(body);
  if (!identity) return { found: false, officers: [], beneficialOwners: [] };
  const { block, physical } = identity;
  let officers = list(obj(block.composition)?.pouvoirs)
    .map(officer)
    .filter((o): o is OfficerRow => o !== null);
  if (physical && officers.length === 0) {
    const entrepreneur = obj(obj(obj(block.identite)?.entrepreneur)?.descriptionPersonne);
    const self = personRow(entrepreneur, null, 'Entrepreneur individuel');
    if (self) officers = [self];
  }
  const beneficialOwners = list(block.beneficiairesEffectifs)
    .map(beneficialOwner)
    .filter((o): o is BeneficialOwnerRow => o !== null);
  return { found: true, officers: uniqueByKey(officers), beneficialOwners: uniqueByKey(beneficialOwners) };
}

/** One attachment → a filing, or null without a usable id (at most 64 characters). */
function filing(kind: RneFilingKind, item: unknown): FilingRow | null {
  const a = obj(item);
  const id = str(a?.id, 65);
  if (!a || !id || id.length > 64) return null;
  const firstDeed = obj(list(a.typeRdd)[0]);
  const type = kind === 'acte' ? (str(a.typeDocument) ?? str(firstDeed?.typeActe)) : str(a.typeBilan);
  const label = kind === 'acte' ? (str(a.libelle) ?? str(firstDeed?.typeActe)) : (str(a.libelle) ?? str(a.nomDocument));
  return { kind, id, filedOn: day(a.dateDepot), closedOn: day(a.dateCloture), type, label };
}

/** Reads the attachments (`GET /api/companies/{siren}/attachments`): deeds, balance sheets, seized balance sheets. Never throws. */
export function parseAttachments(body: unknown): FilingRow[] {
  const b = obj(body);
  const rows = [
    ...list(b?.actes).map((x) => filing('acte', x)),
    ...list(b?.bilans).map((x) => filing('bilan', x)),
    ...list(b?.bilansSaisis).map((x) => filing('bilan_saisi', x)),
  ].filter((f): f is FilingRow => f !== null);
  const seen = new Set<string>();
  return rows.filter((f) => !seen.has(`${f.kind}|${f.id}`) && seen.add(`${f.kind}|${f.id}`));
}

/** The lists each parse walks, with their French names. */
const COMPANY_LISTS = [
  { name: 'pouvoirs (dirigeants)', of: (block: Obj) => obj(block.composition)?.pouvoirs },
  { name: 'bénéficiaires effectifs', of: (block: Obj) => block.beneficiairesEffectifs },
] as const;
const ATTACHMENT_LISTS = [
  { name: 'actes', key: 'actes' },
  { name: 'bilans', key: 'bilans' },
  { name: 'bilans saisis', key: 'bilansSaisis' },
] as const;

/**
 * Whether a record is too large to parse: one of the lists `parseCompany` (`what` = `company`) or
 * `parseAttachments` (`attachments`) walks holds more than `maxItems` items.
 * @returns the French reason (« Fiche RNE refusée : 11 pouvoirs (dirigeants), au-delà de la limite de 10 éléments par
 *   liste (RNE_MAX_ITEMS). »), or null when every list is within the limit. Constant time; never throws.
 */
export function oversizedRecord(body: unknown, what: 'company' | 'attachments', maxItems: number): string | null {
  const refuse = (count: number, name: string) =>
    `Fiche RNE refusée\u00a0: ${count.toLocaleString('fr-FR')} ${name}, au-delà de la limite de ${maxItems.toLocaleString('fr-FR')} éléments par liste (RNE_MAX_ITEMS).`;
  if (what === 'company') {
    const block = identityBlock(body)?.block;
    if (!block) return null;
    for (const l of COMPANY_LISTS) {
      const items = l.of(block);
      if (Array.isArray(items) && items.length > maxItems) return refuse(items.length, l.name);
    }
    return null;
  }
  const b = obj(body);
  for (const l of ATTACHMENT_LISTS) {
    const items = b?.[l.key];
    if (Array.isArray(items) && items.length > maxItems) return refuse(items.length, l.name);
  }
  return null;
}
