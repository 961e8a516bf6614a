/**
 * The SQL that turns a staged Sirene stock (./stage.ts: raw INSEE text columns) into the register
 * (server/db/schema/register.ts) and the update log, run on PostgreSQL and PGlite alike:
 * - `validateSql`: the first row whose identifiers or dates are malformed, searched once a merge failed on a row;
 * - `mergeCompaniesSql`: one statement that maps the rows (name built as INSEE does), compares their business
 *   columns with the stored ones (`changedSql`), inserts the new SIRENs, rewrites only the changed ones, and writes one update-log entry (code `INSEE`) per company created, ceased, reactivated,
 *   renamed, or whose NAF code or legal form changed, several changes joined by ` ; ` (a company created
 *   already ceased, as old units of a stock are, reads `Création : « … » ; Cessation (état administratif C)`). The log rows are
 *   written by INSERT … SELECT, so the statement-level rollup triggers see them all at once;
 *   Each company created is also queued in the RNE `officers` queue (server/modules/rne/hooks.ts);
 * - `mergeEstablishmentsSql`: the same for the establishments, without log entries;
 * - `firstLoadSql`: the first load of an empty table (companies or establishments): a plain INSERT … SELECT
 *   of the mapped rows, with no comparison and no log entry — the update log records the changes of a known
 *   register, not the 29 million companies of the first stock loaded (see ./job.ts).
 * The merges answer one row `{created, updated, log_entries}` (the companies merge also `rne_queued`).
 */
import { escapeIdentifier, escapeLiteral } from 'pg';
import { sirenLuhnSql } from '../../../lib/siren-sql';
import { feedHooks } from '../events';
import { LINE } from './stage';
import type { SireneKind } from './layouts';

/** Treatment code of the Sirene feed's update-log entries. */
export const INSEE_LOG_CODE = 'INSEE';

/** The French descriptions of the update log (e.g. `Cessation (état administratif C)`). */
export const LOG_TEXT = {
  created: 'Création\u00a0: «\u00a0',
  ceased: 'Cessation (état administratif C)',
  reactivated: 'Réactivation (état administratif A)',
  renamed: 'Dénomination modifiée\u00a0: «\u00a0',
  naf: 'Code NAF modifié\u00a0: ',
  legalForm: 'Forme juridique modifiée\u00a0: ',
  /** Between two names: `» → «`. */
  arrow: '\u00a0» → «\u00a0',
  close: '\u00a0»',
  /** Between two codes. */
  to: ' → ',
  none: '(aucun)',
  /** Between two changes of one entry. */
  separator: '\u00a0; ',
  /** Before the date an event took effect, as INSEE gives it: ` au 31/12/1984`. */
  at: ' au ',
} as const;

/** The update-log source of a row of a Sirene file: `Fichier INSEE <name>, ligne <n>`. */
export function sourcePrefix(filename: string): string {
  return `Fichier INSEE ${filename}, ligne `;
}

/** The stage's column as a value: NULL when empty. */
const v = (column: string) => `nullif(s.${escapeIdentifier(column)}, '')`;
/** A date column, NULL when empty. */
const dateOf = (column: string) => `${v(column)}::date`;
const timestampOf = (column: string) => `${v(column)}::timestamp`;

const DATE_RE = `'^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`;
const TIMESTAMP_RE = `'^[0-9]{4}-[0-9]{2}-[0-9]{2}([T ][0-9]{2}:[0-9]{2}(:[0-9]{2}(\\.[0-9]+)?)?)?$'`;

/**
 * Checks of one kind: [SQL condition of a fault, column, French reason]. `full` adds the dates, which the
 * merge's casts check anyway (cheaper): they are only searched for the line of a merge that failed on one.
 */
function checks(kind: SireneKind, full: boolean): Array<[string, string, string]> {
  // "Not n digits" as a length and a one-class regex: a third of the time of an anchored `^[0-9]{n}$`.
  const notDigits = (expr: string, n: number) => `(length(${expr}) <> ${n} or ${expr} ~ '[^0-9]')`;
  const date = (c: string, type: 'date' | 'timestamp'): [string, string, string] => [
    `not (${v(c)} ~ ${type === 'date' ? DATE_RE : TIMESTAMP_RE}) or not ${CAST_OK}(${v(c)}, '${type}')`,
    c,
    `date ${c} invalide (${type === 'date' ? 'AAAA-MM-JJ' : 'AAAA-MM-JJTHH:MM:SS'} attendu)`,
  ];
  if (kind === 'companies') {
    return [
      [notDigits(`coalesce(s.siren, '')`, 9), 'siren', 'SIREN invalide (9 chiffres attendus)'],
      [`not ${sirenLuhnSql('s.siren')}`, 'siren', 'SIREN invalide (clé de contrôle incorrecte)'],
      [notDigits(v('nicSiegeUniteLegale'), 5), 'nicSiegeUniteLegale', 'NIC du siège invalide (5 chiffres attendus)'],
      [`${v('etatAdministratifUniteLegale')} not in ('A', 'C')`, 'etatAdministratifUniteLegale', 'état administratif invalide (A ou C attendu)'],
      ...(full ? [date('dateCreationUniteLegale', 'date'), date('dateDernierTraitementUniteLegale', 'timestamp')] : []),
    ];
  }
  return [
    [notDigits(`coalesce(s.siren, '')`, 9), 'siren', 'SIREN invalide (9 chiffres attendus)'],
    [`not ${sirenLuhnSql('s.siren')}`, 'siren', 'SIREN invalide (clé de contrôle incorrecte)'],
    [notDigits(`coalesce(s.nic, '')`, 5), 'nic', 'NIC invalide (5 chiffres attendus)'],
    [`coalesce(s.siret, '') <> s.siren || s.nic`, 'siret', 'SIRET différent de SIREN + NIC'],
    [`${v('etatAdministratifEtablissement')} not in ('A', 'F')`, 'etatAdministratifEtablissement', 'état administratif invalide (A ou F attendu)'],
    ...(full ? [date('dateCreationEtablissement', 'date'), date('dateDernierTraitementEtablissement', 'timestamp')] : []),
  ];
}

/** The session function that tells whether a text casts to a date or timestamp (created by `castOkSql`). */
const CAST_OK = 'pg_temp.sirene_cast_ok';

/** Creates `pg_temp.sirene_cast_ok(value, type)` for the full checks (this session only). */
export function castOkSql(): string {
  return `create or replace function ${CAST_OK}(value text, type text) returns boolean language plpgsql as $$
begin
  if type = 'date' then perform value::date; else perform value::timestamp; end if;
  return true;
exception when others then return false;
end $$`;
}

/**
 * A query answering the first faulty row of `stage` (`{at: ctid, reason, value}`), or no row; then
 * `lineOfSql` gives its line in the file. Run after `castOkSql`, once a merge failed on a row: it checks the
 * identifiers and the dates.
 */
export function validateSql(stage: string, kind: SireneKind): string {
  const list = checks(kind, true);
  const reason = `case ${list.map(([cond, , text]) => `when ${cond} then ${escapeLiteral(text)}`).join(' ')} end`;
  const value = `case ${list.map(([cond, column]) => `when ${cond} then s.${escapeIdentifier(column)}`).join(' ')} end`;
  return `select s.ctid::text as at, ${reason} as reason, left(${value}, 40) as value from ${stage} s where ${list.map(([cond]) => `(${cond})`).join(' or ')} limit 1`;
}

/**
 * A query answering the identifier (`key`: SIREN of a company, SIRET of an establishment) present more than once in
 * `stage` whose first occurrence comes first in the file, with the file line (header = 1) of that first occurrence
 * (`first`); no row when every identifier is unique. One hashed aggregate over the stage (min and count only: an
 * ordered aggregate would sort the whole stage); `secondLineSql` then finds the second line of that one key.
 */
export function duplicateSql(stage: string, kind: SireneKind): string {
  const key = kind === 'companies' ? 'siren' : 'siret';
  return `select ${key} as key, min(${LINE}) + 1 as first from ${stage} group by ${key} having count(*) > 1 order by min(${LINE}) limit 1`;
}

/** The file line (header = 1) of the second occurrence of identifier `$1` in `stage`. */
export function secondLineSql(stage: string, kind: SireneKind): string {
  const key = kind === 'companies' ? 'siren' : 'siret';
  return `select ${LINE} + 1 as line from ${stage} where ${key} = $1 order by ${LINE} offset 1 limit 1`;
}

/** The file line (header = 1) of the stage row at `ctid`: its record number (`LINE`, from 1) + 1. */
export function lineOfSql(stage: string): string {
  return `select ${LINE} + 1 as line from ${stage} where ctid = $1::tid`;
}

/** The session function raising the error of a staged row that fails a check (created by `badRowSql`). */
const BAD_ROW = 'pg_temp.sirene_bad_row';
/** SQLSTATE raised by `BAD_ROW`: a staged row fails a check; `validateSql` then finds its line. */
export const BAD_ROW_CODE = 'VS001';

/** Creates `pg_temp.sirene_bad_row()` (this session only), which raises `BAD_ROW_CODE`; run before a merge. */
export function badRowSql(): string {
  return `create or replace function ${BAD_ROW}() returns text language plpgsql as $$
begin
  raise exception using errcode = '${BAD_ROW_CODE}', message = 'sirene: a staged row fails a check';
end $$`;
}

/**
 * The key of a staged row (`key`, cast to char(`length`)), or a call of `BAD_ROW` when the row fails a check of
 * `validateSql` (not `full`): the merges check and map the rows in one pass; the dates are checked by their casts.
 */
function checkedKey(kind: SireneKind, key: string, length: number): string {
  const bad = checks(kind, false)
    .map(([cond]) => `(${cond})`)
    .join(' or ');
  return `(case when ${bad} then ${BAD_ROW}() else s.${key} end)::char(${length})`;
}

/** The company columns as mapped from the stage (name built as INSEE does). */
const COMPANY_VALUES = `
  ${checkedKey('companies', 'siren', 9)} as siren,
  coalesce(${v('denominationUniteLegale')},
           nullif(concat_ws(' ', coalesce(${v('prenomUsuelUniteLegale')}, ${v('prenom1UniteLegale')}),
                                 coalesce(${v('nomUsageUniteLegale')}, ${v('nomUniteLegale')})), ''),
           '') as name,
  left(${v('sigleUniteLegale')}, 64) as sigle,
  left(${v('categorieJuridiqueUniteLegale')}, 4) as legal_form,
  left(${v('activitePrincipaleUniteLegale')}, 8) as naf_code,
  left(${v('nomenclatureActivitePrincipaleUniteLegale')}, 8) as naf_nomenclature,
  coalesce(${v('etatAdministratifUniteLegale')}, 'A')::char(1) as state,
  ${dateOf('dateCreationUniteLegale')} as created_on,
  ${v('nicSiegeUniteLegale')}::char(5) as head_office_nic,
  left(${v('trancheEffectifsUniteLegale')}, 2) as employee_band,
  ${timestampOf('dateDernierTraitementUniteLegale')} as insee_processed_at,
  ${dateOf('dateDebut')} as period_start,
  s.${LINE} + 1 as line`;

const COMPANY_COLUMNS = ['name', 'sigle', 'legal_form', 'naf_code', 'naf_nomenclature', 'state', 'created_on', 'head_office_nic', 'employee_band', 'insee_processed_at'];

/**
 * The condition "the incoming row `i` differs from the stored row `o`" over `columns` (NULL-safe, row-wise
 * IS DISTINCT FROM): a new row (`o` missing) is also "different".
 */
const changedSql = (columns: string[]) => `(${columns.map((c) => `o.${c}`).join(', ')}) is distinct from (${columns.map((c) => `i.${c}`).join(', ')})`;

/** ` au DD/MM/YYYY` of a date expression, or '' when it is null. */
const atDate = (expr: string) => `coalesce(${escapeLiteral(LOG_TEXT.at)} || to_char(${expr}, 'DD/MM/YYYY'), '')`;

/**
 * A change of coded value, named by its official label where the nomenclature gives one:
 * `SAS, société par actions simplifiée → Société à responsabilité limitée (sans autre indication) (5710 → 5499)`;
 * the bare codes (`77.39Z → 64.19Z`) when neither side has a label (older NAF nomenclatures), `(aucun)` for none.
 */
function codeChange(oldCode: string, newCode: string, oldLabel: string, newLabel: string): string {
  const none = escapeLiteral(LOG_TEXT.none);
  const codes = `coalesce(${oldCode}, ${none}) || ${escapeLiteral(LOG_TEXT.to)} || coalesce(${newCode}, ${none})`;
  return `case when ${oldLabel} is null and ${newLabel} is null then ${codes}
    else coalesce(${oldLabel}, ${oldCode}, ${none}) || ${escapeLiteral(LOG_TEXT.to)} || coalesce(${newLabel}, ${newCode}, ${none}) || ' (' || ${codes} || ')' end`;
}

/**
 * The body of the `written` step of a merge: upserts every row of `diff` into `table` by its key, setting
 * `columns` and `updated_at`; returns one row per row written.
 */
function upsertFromDiff(table: string, key: string, columns: readonly string[]): string {
  return `
  insert into ${table} (${key}, ${columns.join(', ')}, updated_at)
  select ${key}, ${columns.join(', ')}, now() from diff
  on conflict (${key}) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = excluded.updated_at
  returning 1
`;
}

/**
 * The merge statement of a companies stage. Parameters: `$1` the `feed_files` id of the file (the entries'
 * source), `$2` the source prefix (`sourcePrefix`), `$3` the creation threshold (`YYYY-MM-DD`): a SIREN new to
 * the register is a creation (logged « Création », queued for the RNE) only when INSEE dates its creation on or
 * after it; an older company met for the first time joins the register silently.
 * Events are dated as INSEE dates them: the creation by `dateCreationUniteLegale`, the other changes by
 * `dateDebut`, the start of the unit's current period (INSEE opens a period at each change).
 */
export function mergeCompaniesSql(stage: string): string {
  const t = LOG_TEXT;
  const at = atDate('d.period_start');
  const description = `concat_ws(${escapeLiteral(t.separator)},
      case when d.is_created then ${escapeLiteral(t.created)} || d.name || ${escapeLiteral(t.close)} || ${atDate('d.created_on')} end,
      case when d.is_created and d.state = 'C' then ${escapeLiteral(t.ceased)} || ${at} end,
      case when not d.is_new and d.old_state is distinct from d.state and d.state = 'C' then ${escapeLiteral(t.ceased)} || ${at} end,
      case when not d.is_new and d.old_state is distinct from d.state and d.state = 'A' then ${escapeLiteral(t.reactivated)} || ${at} end,
      case when not d.is_new and d.old_name is distinct from d.name then ${escapeLiteral(t.renamed)} || coalesce(d.old_name, '') || ${escapeLiteral(t.arrow)} || d.name || ${escapeLiteral(t.close)} || ${at} end,
      case when not d.is_new and d.old_naf is distinct from d.naf_code then ${escapeLiteral(t.naf)} || ${codeChange('d.old_naf', 'd.naf_code', 'naf_old.label', 'naf_new.label')} || ${at} end,
      case when not d.is_new and d.old_form is distinct from d.legal_form then ${escapeLiteral(t.legalForm)} || ${codeChange('d.old_form', 'd.legal_form', 'form_old.label', 'form_new.label')} || ${at} end)`;
  return `
with incoming as (
  select ${COMPANY_VALUES} from ${stage} s
),
diff as (
  select i.*, o.siren is null as is_new, o.siren is null and i.created_on >= $3::date as is_created,
         o.name as old_name, o.state as old_state, o.naf_code as old_naf, o.naf_nomenclature as old_naf_nomenclature, o.legal_form as old_form
  from incoming i left join companies o on o.siren = i.siren
  where ${changedSql(COMPANY_COLUMNS)}
),
written as (${upsertFromDiff('companies', 'siren', COMPANY_COLUMNS)}),
logged as (
  insert into update_log (code, siren, description, source_label, source_file_id)
  select ${escapeLiteral(INSEE_LOG_CODE)}, e.siren, e.description, $2 || e.line, $1
  from (select d.siren, d.line, ${description} as description
          from diff d
          left join naf_labels naf_old on naf_old.code = d.old_naf and d.old_naf_nomenclature = 'NAFRev2'
          left join naf_labels naf_new on naf_new.code = d.naf_code and d.naf_nomenclature = 'NAFRev2'
          left join legal_category_labels form_old on form_old.code = d.old_form
          left join legal_category_labels form_new on form_new.code = d.legal_form) e
  where e.description <> ''
  returning 1
),
${feedHooks().sireneCompaniesCte()}
select (select count(*) from diff where is_new)::bigint as created,
       (select count(*) from diff where not is_new)::bigint as updated,
       (select count(*) from logged)::bigint as log_entries,
       (select count(*) from written)::bigint as written,
       (select count(*) from queued)::bigint as rne_queued`;
}

/** The establishment columns as mapped from the stage. */
const ESTABLISHMENT_VALUES = `
  ${checkedKey('establishments', 'siret', 14)} as siret,
  s.siren::char(9) as siren,
  s.nic::char(5) as nic,
  coalesce(lower(${v('etablissementSiege')}) in ('true', 't', '1', 'o', 'oui'), false) as head_office,
  coalesce(${v('etatAdministratifEtablissement')}, 'A')::char(1) as state,
  left(${v('activitePrincipaleEtablissement')}, 8) as naf_code,
  left(${v('nomenclatureActivitePrincipaleEtablissement')}, 8) as naf_nomenclature,
  coalesce(${v('enseigne1Etablissement')}, ${v('denominationUsuelleEtablissement')}) as name,
  nullif(concat_ws(' ', ${v('numeroVoieEtablissement')}, ${v('indiceRepetitionEtablissement')}, ${v('typeVoieEtablissement')}, ${v('libelleVoieEtablissement')}), '') as address_line1,
  nullif(concat_ws(' ', ${v('complementAdresseEtablissement')}, ${v('distributionSpecialeEtablissement')}), '') as address_line2,
  left(${v('codePostalEtablissement')}, 5) as postcode,
  left(${v('codeCommuneEtablissement')}, 5) as commune_code,
  coalesce(${v('libelleCommuneEtablissement')},
           nullif(concat_ws(', ', ${v('libelleCommuneEtrangerEtablissement')}, ${v('libellePaysEtrangerEtablissement')}), ''),
           ${v('libelleCedexEtablissement')}) as commune_name,
  ${dateOf('dateCreationEtablissement')} as created_on,
  ${timestampOf('dateDernierTraitementEtablissement')} as insee_processed_at`;

const ESTABLISHMENT_COLUMNS = [
  'siren',
  'nic',
  'head_office',
  'state',
  'naf_code',
  'naf_nomenclature',
  'name',
  'address_line1',
  'address_line2',
  'postcode',
  'commune_code',
  'commune_name',
  'created_on',
  'insee_processed_at',
];

/** The merge statement of an establishments stage (no update-log entries). */
export function mergeEstablishmentsSql(stage: string): string {
  return `
with incoming as (
  select ${ESTABLISHMENT_VALUES} from ${stage} s
),
diff as (
  select i.*, o.siret is null as is_new
  from incoming i left join establishments o on o.siret = i.siret
  where ${changedSql(ESTABLISHMENT_COLUMNS)}
),
written as (${upsertFromDiff('establishments', 'siret', ESTABLISHMENT_COLUMNS)})
select (select count(*) from diff where is_new)::bigint as created,
       (select count(*) from diff where not is_new)::bigint as updated,
       0::bigint as log_entries,
       (select count(*) from written)::bigint as written`;
}

/** The INSERT of a first load into an empty `companies` or `establishments` table (no log entry; its row count is the command's). */
export function firstLoadSql(stage: string, kind: SireneKind): string {
  const [table, key, values, columns] =
    kind === 'companies' ? ['companies', 'siren', COMPANY_VALUES, COMPANY_COLUMNS] : ['establishments', 'siret', ESTABLISHMENT_VALUES, ESTABLISHMENT_COLUMNS];
  return `insert into ${table} (${key}, ${columns.join(', ')})
select ${key}, ${columns.join(', ')} from (select ${values} from ${stage} s) m`;
}

/** Whether `table` holds no row yet (a first load). */
export function isEmptySql(kind: SireneKind): string {
  return `select not exists (select 1 from ${kind === 'companies' ? 'companies' : 'establishments'}) as empty`;
}
