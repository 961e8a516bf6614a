/**
 * How the feeds vigie already has fill the differential queues, inside their merge
 * transactions (one INSERT … SELECT each, on the partial unique index: a SIREN already waiting is not queued twice):
 * - BODACC (server/modules/feeds/bodacc/merge.ts): each SIREN of a newly stored notice of bulletin C (dépôt des
 *   comptes) goes to the `accounts` queue; of a bulletin B notice of a change of officers or management (see
 *   `officersChanged`), to the `officers` queue;
 * - INSEE Sirene (server/modules/feeds/sirene/mapping.ts): each company created by a merge goes to the
 *   `officers` queue (not the companies of a first load of an empty register, which logs nothing either).
 * The jobs report what they queued in their result (`rne_queued`); ./feed-hooks.ts wakes the worker after them (the
 * RNE module subscribes these hooks to the feeds, server/modules/feeds/events.ts).
 * Pure (SQL text and a predicate), handed to the feeds through ./feed-hooks.ts: the feeds import nothing of this module.
 */
import { escapeLiteral } from 'pg';
import { isObj, structured } from '../feeds';

/** Reason of an entry queued by a BODACC C notice (accounts queue). */
export const REASON_BODACC_C = 'BODACC C\u00a0: dépôt des comptes';
/** Reason of an entry queued by a BODACC B notice of a change of officers (officers queue). */
export const REASON_BODACC_B = 'BODACC B\u00a0: modification des dirigeants';
/** Reason of an entry queued by a company created in the INSEE register (officers queue). */
export const REASON_INSEE = 'INSEE\u00a0: création';

/**
 * Words of a BODACC B `modificationsgenerales.descriptif` that tell a change of officers or management: the
 * registry's wording `Modification survenue sur l'administration`, the officers' titles (dirigeant, gérant,
 * président, directeur, administrateur, représentant, mandataire social, commissaire aux comptes, conseil de
 * surveillance, directoire) and acts (nomination, démission, révocation), as whole words (`dénomination` is not
 * a `nomination`).
 */
const OFFICERS_WORDS =
  /(?<!\p{L})(administration|dirigeants?|g[ée]ran(ts?|ce)|pr[ée]sidents?|directeurs?|administrateurs?|repr[ée]sentants?|mandataires? socia(l|ux)|commissaires? aux comptes|conseil de surveillance|directoire|nominations?|d[ée]missions?|r[ée]vocations?)(?!\p{L})/iu;

/**
 * Whether a notice is a BODACC B notice of a change of officers or management: bulletin B, family
 * `modification`, and a `modificationsgenerales.descriptif` naming it (Opendatasoft v1 record with `fields`, or
 * v2.1 record; the field is an object or JSON in a string). The registry's description of a B modification reads
 * e.g. `Modification survenue sur l'administration.`
 */
export function officersChanged(notice: { bulletin: string; family: string; raw: unknown }): boolean {
  if (notice.bulletin !== 'B' || notice.family !== 'modification' || !isObj(notice.raw)) return false;
  const record = isObj(notice.raw.fields) ? notice.raw.fields : notice.raw;
  const changes = structured(record.modificationsgenerales ?? record.modificationsGenerales);
  const descriptif = changes.descriptif;
  return typeof descriptif === 'string' && OFFICERS_WORDS.test(descriptif);
}

/**
 * The statement that queues the SIRENs of the newly stored notices of a BODACC staging table `stage` (columns
 * `bulletin`, `sirens`, `officers_change`, `announcement_id`, `seq`); answers `{queue, n}` rows.
 */
export function bodaccEnqueueSql(stage: string): string {
  return `with ins as (
  insert into rne_queue (queue, siren, reason)
  select k.queue, u.siren, k.reason
    from ${stage} s
    cross join lateral unnest(s.sirens) with ordinality as u(siren, ord)
    cross join lateral (values ('accounts', ${escapeLiteral(REASON_BODACC_C)}, s.bulletin = 'C'),
                               ('officers', ${escapeLiteral(REASON_BODACC_B)}, s.officers_change)) as k(queue, reason, hit)
   where s.announcement_id is not null and k.hit
   order by s.seq, u.ord
  on conflict (queue, siren) where state in ('waiting', 'running') do nothing
  returning queue
) select queue, count(*)::int as n from ins group by queue`;
}

/**
 * The CTE (to add to the companies merge) that queues the companies created (`diff` rows with `is_created`: new
 * to the register and created recently by INSEE's date, server/modules/feeds/sirene/mapping.ts).
 */
export function inseeEnqueueCte(): string {
  return `queued as (
  insert into rne_queue (queue, siren, reason)
  select 'officers', d.siren, ${escapeLiteral(REASON_INSEE)} from diff d where d.is_created
  on conflict (queue, siren) where state in ('waiting', 'running') do nothing
  returning 1
)`;
}
