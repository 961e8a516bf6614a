/**
 * The SQL of the deals CSV import, set-based over the staged file (./import-stage.ts):
 * - `typedSql`: one pass over the stage that trims, parses and looks up every cell (French decimals, dates
 *   DD/MM/YYYY or ISO, SIREN by the shared rule, roles / types / countries by name, currencies, flags), numbers
 *   the rows in file order (`rn`) and lists each row's errors;
 * - `dealsInSql`: the first row of each deal and its count of entities;
 * - `disagreeSql`: the rows whose deal-level columns differ from the first row of their deal, and deals with
 *   too many entities;
 * - `errorLinesSql`: the file line of staged rows (header = 1, line breaks inside quoted cells counted);
 * - `mergeSql`: the statements that write the deals (new ones inserted, changed ones updated with
 *   `revision + 1`, unchanged ones left alone) and replace the entities of the written deals (numbered in file
 *   order within their deal).
 * Measured at 1,000,000 rows (bench/deal-import.ts): the check pass costs about 20 s, the merge about 60 s, of
 * which some 55 s are the maintenance of the list's indexes and the foreign-key checks of `deals` and
 * `deal_entities` (the same rows go into unindexed copies in about 5 s).
 * Texts of errors are French and name the column and its value; values are never spliced into SQL (they are
 * data of the stage), only the generated column names and fixed literals are.
 */
import { escapeLiteral } from 'pg';
import { AMOUNT_LIMIT, CURRENCIES, DEAL_DESCRIPTION_MAX, DEAL_ENTITIES_MAX, DEAL_IDENTIFIER_MAX, DEAL_URL_MAX } from '../../../contract/deals';
import { DEAL_CSV_COLUMNS, type DealCsvColumn } from '../../../contract/deal-import';
import { SIREN_MESSAGE } from '../../../contract/siren';
import { sirenLuhnSql } from '../../lib/siren-sql';

/** Names of the temporary tables of one import. */
export interface ImportTables {
  stage: string;
  typed: string;
  firsts: string;
  dealsIn: string;
  targets: string;
  roles: string;
  types: string;
  countries: string;
}

/** The temporary tables of job `jobId`. */
export function importTables(jobId: string): ImportTables {
  const id = jobId.replace(/[^0-9a-f]/gi, '');
  const t = (name: string) => `deal_import_${name}_${id}`;
  return { stage: t('stage'), typed: t('typed'), firsts: t('firsts'), dealsIn: t('deals'), targets: t('targets'), roles: t('roles'), types: t('types'), countries: t('countries') };
}

/** Characters trimmed around every cell: spaces, tabs, line ends, no-break spaces. */
const TRIM = escapeLiteral(' \t\r\n\u00a0\u202f');
/** Spaces removed inside numbers and SIRENs (`1 234,56`, `552 032 534`). */
const SPACES = escapeLiteral(' \u00a0\u202f\t');

/** How names are compared (roles, types, countries): lower case, accents and ligatures folded, one apostrophe. */
export function foldSql(expr: string): string {
  return `translate(replace(replace(lower(${expr}), 'œ', 'oe'), 'æ', 'ae'), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ’', 'aaaaaaceeeeiiiinooooouuuuyy''')`;
}

/** `«\u00a0value\u00a0»` of a cell, cut at 40 characters. */
const quoted = (expr: string) => `'«\u00a0' || left(${expr}, 40) || '\u00a0»'`;

/** The deal-level columns, as the file names them, with the value each one is compared on (row alias `a`). */
export const DEAL_LEVEL: Array<[DealCsvColumn, (a: string) => string]> = [
  ['deal_date', (a) => `coalesce(${a}.deal_date::text, ${a}.v_deal_date)`],
  ['type1', (a) => `coalesce(${a}.type1_id::text, ${a}.v_type1)`],
  ['type2', (a) => `coalesce(${a}.type2_id::text, ${a}.v_type2)`],
  ['amount', (a) => `coalesce(${a}.amount::text, ${a}.v_amount)`],
  ['currency', (a) => `coalesce(${a}.currency, ${a}.v_currency)`],
  ['description', (a) => `${a}.v_description`],
  ['url', (a) => `${a}.v_url`],
  ['source', (a) => `${a}.v_source`],
  ['french_investment_abroad', (a) => `coalesce(${a}.fia::text, ${a}.v_french_investment_abroad)`],
  ['foreign_investment_in_france', (a) => `coalesce(${a}.fif::text, ${a}.v_foreign_investment_in_france)`],
  ...(['buyer1', 'buyer2', 'buyer3', 'target1', 'target2', 'target3', 'seller'] as const).flatMap((p): Array<[DealCsvColumn, (a: string) => string]> => [
    [p, (a) => `${a}.v_${p}`],
    [`${p}_country`, (a) => `coalesce(${a}.${p}_country_id::text, ${a}.v_${p}_country)`],
  ]),
];

const PARTIES = ['buyer1', 'buyer2', 'buyer3', 'target1', 'target2', 'target3', 'seller'] as const;

/**
 * Statements creating the lookup tables of names (roles by name or display name, types by name, countries by
 * ISO code or French name). Each name is keyed in lower case as written, without accents (`foldSql`), and with
 * `’` written `'`: a cell, compared in lower case only (cheap over a million rows), matches a name written with
 * all its accents or with none, in any case.
 */
export function lookupSql(t: ImportTables, temp: string): string[] {
  const keys = (col: string) => [`lower(btrim(${col}))`, foldSql(`btrim(${col})`), `replace(lower(btrim(${col})), '’', '''')`];
  const variants = (table: string, cols: string[], extra: string) =>
    cols.flatMap((c, pref) => keys(c).map((k) => `select ${k} as k, id${extra}, ${pref} as pref from ${table}`)).join(' union all ');
  return [
    `create temporary table ${t.roles} ${temp} as
       select distinct on (k) k, id, name from (${variants('deal_roles', ['name', 'display_name'], ', name')}) x order by k, pref, id`,
    `create temporary table ${t.types} ${temp} as
       select distinct on (k) k, id, name from (${variants('deal_types', ['name'], ', name')}) x order by k, id`,
    `create temporary table ${t.countries} ${temp} as
       select distinct on (k) k, id from (${variants('countries', ['iso_alpha2', 'name_fr'], '')}) x order by k, pref, id`,
    `analyze ${t.roles}`,
    `analyze ${t.types}`,
    `analyze ${t.countries}`,
  ];
}

/**
 * The statement creating `t.typed` from the stage: one row per non-empty data row, in one streaming pass (no
 * sort). Three levels, each fenced (`offset 0`, a window) so that PostgreSQL computes each value once per row:
 * `r0` numbers the rows and trims the cells, `r` strips spaces and splits dates, `p` parses and looks up.
 * @param columns - field -> position of its column in the stage (absent fields are read as empty)
 * @param temp - `on commit drop` on PostgreSQL (inside the job's transaction), '' on PGlite
 */
export function typedSql(t: ImportTables, columns: Partial<Record<DealCsvColumn, number>>, temp: string): string {
  const cell = (f: DealCsvColumn) => (columns[f] === undefined ? 'null::text' : `nullif(btrim(s.c${columns[f]}, ${TRIM}), '')`);
  const raw = DEAL_CSV_COLUMNS.map((f) => `${cell(f)} as v_${f}`).join(',\n               ');
  const currencies = `array[${CURRENCIES.map((c) => escapeLiteral(c)).join(', ')}]`;
  const flag = (v: string) => `case upper(${v}) when 'YES' then 1 when 'OUI' then 1 when '1' then 1 when 'NO' then 2 when 'NON' then 2 when '2' then 2 end::smallint`;
  const partyLookups = PARTIES.map((p) => `left join ${t.countries} k_${p} on k_${p}.k = lower(r.v_${p}_country)`).join('\n      ');
  const partyIds = PARTIES.map((p) => `k_${p}.id as ${p}_country_id`).join(', ');
  // Nested CASEs: PostgreSQL does not promise the order of AND's operands, and a cast or make_date may raise.
  const day = 'make_date(r.dp[1], r.dp[2], 1) + (r.dp[3] - 1)';
  const date = `case when r.dp[1] between 1000 and 9999 and r.dp[2] between 1 and 12 and r.dp[3] between 1 and 31
                  then case when extract(month from ${day}) = r.dp[2] then ${day} end end`;
  const error = (cond: string, message: string) => `case when ${cond} then ${message} end`;
  const errors = [
    error('p.v_deal_id is null', escapeLiteral('deal_id manquant.')),
    error(`length(p.v_deal_id) > ${DEAL_IDENTIFIER_MAX}`, escapeLiteral(`deal_id trop long (${DEAL_IDENTIFIER_MAX} caractères au plus).`)),
    error('p.v_deal_date is not null and p.deal_date is null', `'deal_date ' || ${quoted('p.v_deal_date')} || ' invalide (JJ/MM/AAAA ou AAAA-MM-JJ).'`),
    error('p.v_siren is not null and p.siren is null', `'siren ' || ${quoted('p.v_siren')} || ${escapeLiteral(` invalide\u00a0: ${SIREN_MESSAGE}`)}`),
    error('p.v_siren is null and p.v_company_name is null', escapeLiteral('Entité sans siren ni company_name.')),
    error('length(p.v_company_name) > 255', escapeLiteral('company_name trop long (255 caractères au plus).')),
    error('p.v_role is not null and p.role_id is null', `'role ' || ${quoted('p.v_role')} || ' inconnu.'`),
    error('p.v_type1 is not null and p.type1_id is null', `'type1 ' || ${quoted('p.v_type1')} || ' inconnu.'`),
    error('p.v_type2 is not null and p.type2_id is null', `'type2 ' || ${quoted('p.v_type2')} || ' inconnu.'`),
    error('p.v_amount is not null and p.amount is null', `'amount ' || ${quoted('p.v_amount')} || ' invalide (nombre positif, 2 décimales au plus, ex. 1 234,56).'`),
    error('p.v_currency is not null and p.currency is null', `'currency ' || ${quoted('p.v_currency')} || ${escapeLiteral(` inconnue (${CURRENCIES.join(', ')}).`)}`),
    error('p.v_stake is not null and p.stake is null', `'stake ' || ${quoted('p.v_stake')} || ' invalide (de 0 à 100, 2 décimales au plus).'`),
    error(`length(p.v_description) > ${DEAL_DESCRIPTION_MAX}`, escapeLiteral(`description trop longue (${DEAL_DESCRIPTION_MAX} caractères au plus).`)),
    error(`length(p.v_url) > ${DEAL_URL_MAX}`, escapeLiteral(`url trop longue (${DEAL_URL_MAX} caractères au plus).`)),
    ...(['french_investment_abroad', 'foreign_investment_in_france'] as const).map((f) =>
      error(`p.v_${f} is not null and p.${f === 'french_investment_abroad' ? 'fia' : 'fif'} is null`, `'${f} ' || ${quoted(`p.v_${f}`)} || ' invalide (YES, NO, OUI, NON, 1 ou 2).'`),
    ),
    ...PARTIES.map((p) =>
      error(`p.v_${p}_country is not null and p.${p}_country_id is null`, `'${p}_country ' || ${quoted(`p.v_${p}_country`)} || ' inconnu (code ISO à 2 lettres ou nom français).'`),
    ),
  ];
  const notEmpty = DEAL_CSV_COLUMNS.map((f) => `p.v_${f} is not null`).join(' or ');
  return `create temporary table ${t.typed} ${temp} as
select p.*, array_remove(array[${errors.join(',\n         ')}], null) as errors
  from (
    select r.*,
           case when r.n_siren ~ '^[0-9]{9}$' then case when ${sirenLuhnSql('r.n_siren')} then r.n_siren end end::char(9) as siren,
           ${date} as deal_date,
           ro.id as role_id, ro.name as role_name,
           ty1.id as type1_id, ty1.name as type1_name, ty2.id as type2_id, ty2.name as type2_name,
           case when r.n_amount ~ '^[0-9]{1,16}([.,][0-9]{1,2})?$'
                then case when replace(r.n_amount, ',', '.')::numeric < ${AMOUNT_LIMIT} then replace(r.n_amount, ',', '.')::numeric(18,2) end end as amount,
           case when r.v_currency is null then 'EUR' when upper(r.v_currency) = any(${currencies}) then upper(r.v_currency) end as currency,
           case when r.n_stake ~ '^[0-9]{1,3}([.,][0-9]{1,2})?%?$'
                then case when rtrim(replace(r.n_stake, ',', '.'), '%')::numeric <= 100 then rtrim(replace(r.n_stake, ',', '.'), '%')::numeric(5,2) end end as stake,
           ${flag('r.v_french_investment_abroad')} as fia,
           ${flag('r.v_foreign_investment_in_france')} as fif,
           ${partyIds}
      from (
        select r0.*,
               translate(r0.v_siren, ${SPACES}, '') as n_siren,
               translate(r0.v_amount, ${SPACES}, '') as n_amount,
               translate(r0.v_stake, ${SPACES}, '') as n_stake,
               case when r0.v_deal_date ~ '^[0-9]{1,2}/[0-9]{1,2}/[0-9]{4}$'
                      then array[split_part(r0.v_deal_date, '/', 3)::int, split_part(r0.v_deal_date, '/', 2)::int, split_part(r0.v_deal_date, '/', 1)::int]
                    when r0.v_deal_date ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'
                      then array[substr(r0.v_deal_date, 1, 4)::int, substr(r0.v_deal_date, 6, 2)::int, substr(r0.v_deal_date, 9, 2)::int]
               end as dp
          from (select row_number() over () as rn,
               ${raw}
                  from ${t.stage} s) r0
        offset 0) r
      left join ${t.roles} ro on ro.k = lower(r.v_role)
      left join ${t.types} ty1 on ty1.k = lower(r.v_type1)
      left join ${t.types} ty2 on ty2.k = lower(r.v_type2)
      ${partyLookups}
    offset 0
  ) p
 where ${notEmpty}`;
}

/**
 * The first row of each deal (its deal-level values) with the deal's count of entities, from `t.typed`: a hash
 * aggregate then a hash join, no sort.
 */
export function dealsInSql(t: ImportTables, temp: string): string[] {
  return [
    `create temporary table ${t.firsts} ${temp} as
       select v_deal_id, min(rn) as rn, count(*)::int as entities from ${t.typed} where v_deal_id is not null group by v_deal_id`,
    `create temporary table ${t.dealsIn} ${temp} as select x.*, f.entities from ${t.typed} x join ${t.firsts} f on f.rn = x.rn`,
    `analyze ${t.dealsIn}`,
  ];
}

/**
 * Rows whose deal-level columns differ from the first row of their deal (`columns`: the names that differ,
 * joined by `, `), and first rows of deals with more entities than a deal may have (`entities` > 0):
 * `{rn, first_rn, deal_id, entities, columns}`, in file order, at most `limit`.
 */
export function disagreeSql(t: ImportTables, limit: number): string {
  const differs = (expr: (a: string) => string) => `${expr('x')} is distinct from ${expr('d')}`;
  const diff = DEAL_LEVEL.map(([name, expr]) => `case when ${differs(expr)} then ${escapeLiteral(name)} end`);
  return `select * from (
    select x.rn, d.rn as first_rn, x.v_deal_id as deal_id, 0 as entities,
           array_to_string(array_remove(array[${diff.join(', ')}], null), ', ') as columns
      from ${t.typed} x join ${t.dealsIn} d on d.v_deal_id = x.v_deal_id
     where x.rn <> d.rn and (${DEAL_LEVEL.map(([, expr]) => differs(expr)).join(' or ')})
    union all
    select d.rn, d.rn, d.v_deal_id, d.entities, '' from ${t.dealsIn} d where d.entities > ${DEAL_ENTITIES_MAX}
  ) e order by rn limit ${limit}`;
}

/** The rows in error of `t.typed`: `{rn, errors}` in file order, at most `limit`, and (separately) their count. */
export function rowErrorsSql(t: ImportTables, limit: number): string {
  return `select rn, errors from ${t.typed} where cardinality(errors) > 0 order by rn limit ${limit}`;
}

/**
 * The file lines (header = 1) of staged rows `$1` (bigint[] of `rn`): one more than the rows before, plus the
 * line breaks inside their quoted cells. Rows are numbered as `typedSql` numbers them (a plain scan in COPY order).
 */
export function errorLinesSql(t: ImportTables): string {
  return `select rn, line from (
    select rn, 1 + rn + coalesce(sum(breaks) over (order by rn rows between unbounded preceding and 1 preceding), 0) as line
      from (select row_number() over () as rn, length(s::text) - length(replace(s::text, chr(10), '')) as breaks from ${t.stage} s) n
  ) l where rn = any($1::bigint[])`;
}

/** Columns of `deals` written by the import, with the `t.dealsIn` expression of each. */
const DEAL_COLUMNS: Array<[string, string]> = [
  ['deal_date', 'deal_date'],
  ['deal_type1_id', 'type1_id'],
  ['deal_type2_id', 'type2_id'],
  ['amount', 'amount'],
  ['currency', 'currency'],
  ['description', 'v_description'],
  ['url', 'v_url'],
  ['source', 'v_source'],
  ['french_investment_abroad', 'fia'],
  ['foreign_investment_in_france', 'fif'],
  ...PARTIES.flatMap((p): Array<[string, string]> => [
    [`${p}_name`, `v_${p}`],
    [`${p}_country_id`, `${p}_country_id`],
  ]),
];

/**
 * The statements of the merge, in order, inside one transaction, each with a short name (for the job's
 * timings). `countsSql` then answers the counts.
 * An existing deal keeps its id and status; `revision` grows only when something changed.
 */
export function mergeSql(t: ImportTables, temp: string): Array<[string, string]> {
  const entity = (a: string) => `json_build_array(${a}.siren, ${a}.name, ${a}.role_id, ${a}.stake_percent)::text`;
  const fileEntity = `json_build_array(t.siren, t.v_company_name, t.role_id, t.stake)::text`;
  return [
    ['targets', `create temporary table ${t.targets} ${temp} as
       select d.v_deal_id as ident, x.id as existing_id, x.id is null as is_new,
              (x.id is null or (${DEAL_COLUMNS.map(([c]) => `x.${c}`).join(', ')}) is distinct from (${DEAL_COLUMNS.map(([, e]) => `d.${e}`).join(', ')})) as changed
         from ${t.dealsIn} d left join deals x on x.deal_identifier = d.v_deal_id`],
    ['analyze', `analyze ${t.targets}`],
    // Existing deals with the same columns: changed when their entities differ from the file's (in order).
    ['compare', `update ${t.targets} g set changed = true
       from (select g2.ident,
                    (select array_agg(${entity('e')} order by e.position, e.id) from deal_entities e where e.deal_id = g2.existing_id) as now_entities
               from ${t.targets} g2 where g2.existing_id is not null and not g2.changed) cur
       join (select t.v_deal_id as ident, array_agg(${fileEntity} order by t.rn) as file_entities
               from ${t.typed} t join ${t.targets} g3 on g3.ident = t.v_deal_id and g3.existing_id is not null and not g3.changed
              group by t.v_deal_id) f on f.ident = cur.ident
      where g.ident = cur.ident and cur.now_entities is distinct from f.file_entities`],
    ['update_deals', `update deals x set ${DEAL_COLUMNS.map(([c, e]) => `${c} = d.${e}`).join(', ')}, revision = x.revision + 1, updated_at = now()
       from ${t.targets} g join ${t.dealsIn} d on d.v_deal_id = g.ident
      where g.existing_id = x.id and g.changed`],
    ['delete_entities', `delete from deal_entities e using ${t.targets} g where g.existing_id = e.deal_id and g.changed`],
    ['insert_deals', `with added as (
       insert into deals (deal_identifier, ${DEAL_COLUMNS.map(([c]) => c).join(', ')})
       select d.v_deal_id, ${DEAL_COLUMNS.map(([, e]) => `d.${e}`).join(', ')}
         from ${t.targets} g join ${t.dealsIn} d on d.v_deal_id = g.ident where g.existing_id is null
       order by d.rn
       returning id, deal_identifier)
     update ${t.targets} g set existing_id = a.id from added a where g.ident = a.deal_identifier`],
    ['insert_entities', `insert into deal_entities (deal_id, position, siren, name, role_id, stake_percent, deal_identifier, deal_date, role_name, type1_name, type2_name, amount, currency)
     select g.existing_id, (row_number() over (partition by t.v_deal_id order by t.rn) - 1)::smallint, t.siren, t.v_company_name, t.role_id, t.stake,
            t.v_deal_id, d.deal_date, t.role_name, d.type1_name, d.type2_name, d.amount, d.currency
       from ${t.typed} t join ${t.targets} g on g.ident = t.v_deal_id and g.changed join ${t.dealsIn} d on d.v_deal_id = t.v_deal_id`],
  ];
}

/** Counts after the merge: `{deals, created, updated}` (deals of the file, inserted, existing and changed). */
export function countsSql(t: ImportTables): string {
  return `select count(*)::int as deals, count(*) filter (where is_new)::int as created,
                 count(*) filter (where not is_new and changed)::int as updated
            from ${t.targets}`;
}
