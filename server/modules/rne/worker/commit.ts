/**
 * Marks a fetched entry done, in ONE transaction:
 * 1. the entry is locked and checked to be still this worker's (running, same account) — else nothing is written;
 * 2. the fetched rows replace the SIREN's rows (officers and beneficial owners, or filings), and the difference
 *    with the rows before is counted (by stable key, or filing kind and id);
 * 3. the account's counters of the Paris day (`rne_account_days`: items fetched through it);
 * 4. an update-log entry (code `RNE`, French description) when something changed (its triggers keep the rollups);
 * 5. the entry: done, `processed_at` = now, its account; then the queue's Paris day (`rne_queue_days`: processed,
 *    first_at, last_at). The shared rows (log and queue rollups) come last, so their locks are held briefly and
 *    always taken in the same order.
 */
import { sql } from 'drizzle-orm';
import type { QueueName } from '../../../../contract/rne';
import { PARIS_TODAY } from '../../../lib/paris-day';
import type { BeneficialOwnerRow, FilingRow, OfficerRow } from '../parse';
import { describeFilings, describePeople, RNE_LOG_CODE } from './describe';
import type { ClaimedEntry } from './entries';
import type { WorkerDeps } from './options';
import { rowsOf, type Executor } from '../../../db/rows';

/** The source an RNE entry of the update log names: the company's record in the register, read through its API. */
export const RNE_SOURCE_LABEL = 'Registre national des entreprises (INPI), fiche de l’entreprise';

/** What was fetched for one entry. */
export type Fetched = { queue: 'officers'; officers: OfficerRow[]; beneficialOwners: BeneficialOwnerRow[] } | { queue: 'accounts'; filings: FilingRow[] };

/** Outcome of a commit: null when the entry was no longer this worker's (nothing written). */
export type CommitOutcome = { description: string } | null;

/** Writes `fetched` for `entry` and marks it done (see the module docstring). */
export async function commitEntry(deps: WorkerDeps, queue: QueueName, entry: ClaimedEntry, fetched: Fetched): Promise<CommitOutcome> {
  return deps.db.transaction(async (tx) => {
    const own = await rowsOf(tx, sql`select id from rne_queue where id = ${entry.id} and state = 'running' and account_id = ${entry.accountId} for update`);
    if (!own.length) return null;
    const { description, counters } = fetched.queue === 'officers' ? await writePeople(tx, entry.siren, fetched) : await writeFilings(tx, entry.siren, fetched.filings);
    await tx.execute(
      sql`insert into rne_account_days (account_id, day, officers, beneficial_owners, deeds, balance_sheets, seized_balance_sheets)
          values (${entry.accountId}, ${PARIS_TODAY}, ${counters.officers}, ${counters.owners}, ${counters.deeds}, ${counters.sheets}, ${counters.seized})
          on conflict (account_id, day) do update set
            officers = rne_account_days.officers + excluded.officers,
            beneficial_owners = rne_account_days.beneficial_owners + excluded.beneficial_owners,
            deeds = rne_account_days.deeds + excluded.deeds,
            balance_sheets = rne_account_days.balance_sheets + excluded.balance_sheets,
            seized_balance_sheets = rne_account_days.seized_balance_sheets + excluded.seized_balance_sheets`,
    );
    if (description) {
      await tx.execute(sql`insert into update_log (code, siren, description, source_label) values (${RNE_LOG_CODE}, ${entry.siren}, ${description}, ${RNE_SOURCE_LABEL})`);
    }
    await tx.execute(sql`update rne_queue set state = 'done', processed_at = now(), lease_until = null, error = null where id = ${entry.id}`);
    await tx.execute(
      sql`insert into rne_queue_days (queue, day, processed, first_at, last_at) values (${queue}, ${PARIS_TODAY}, 1, now(), now())
          on conflict (queue, day) do update set
            processed = rne_queue_days.processed + 1,
            first_at = least(rne_queue_days.first_at, excluded.first_at),
            last_at = greatest(rne_queue_days.last_at, excluded.last_at)`,
    );
    return { description };
  });
}

interface Written {
  description: string;
  counters: { officers: number; owners: number; deeds: number; sheets: number; seized: number };
}

/** Counts the keys of `next` not in `before` (added) and of `before` not in `next` (removed). */
function diff(before: Set<string>, next: Set<string>): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const k of next) if (!before.has(k)) added++;
  for (const k of before) if (!next.has(k)) removed++;
  return { added, removed };
}

/** Replaces the officers and beneficial owners of `siren`. */
async function writePeople(tx: Executor, siren: string, fetched: { officers: OfficerRow[]; beneficialOwners: BeneficialOwnerRow[] }): Promise<Written> {
  const old = await rowsOf<{ t: 'o' | 'b'; key: string }>(
    tx,
    sql`select 'o' as t, key from rne_officers where siren = ${siren} union all select 'b' as t, key from rne_beneficial_owners where siren = ${siren}`,
  );
  const oldOfficers = new Set(old.filter((r) => r.t === 'o').map((r) => r.key));
  const oldOwners = new Set(old.filter((r) => r.t === 'b').map((r) => r.key));
  await tx.execute(sql`delete from rne_officers where siren = ${siren}`);
  await tx.execute(sql`delete from rne_beneficial_owners where siren = ${siren}`);
  if (fetched.officers.length) {
    const json = JSON.stringify(
      fetched.officers.map((o) => ({
        kind: o.kind,
        role_code: o.roleCode,
        role_label: o.roleLabel,
        last_name: o.lastName,
        first_names: o.firstNames,
        usage_name: o.usageName,
        birth_month: o.birthMonth,
        company_siren: o.companySiren,
        company_name: o.companyName,
        key: o.key,
      })),
    );
    await tx.execute(
      sql`insert into rne_officers (siren, kind, role_code, role_label, last_name, first_names, usage_name, birth_month, company_siren, company_name, key)
          select ${siren}, x.kind, x.role_code, x.role_label, x.last_name, x.first_names, x.usage_name, x.birth_month, x.company_siren, x.company_name, x.key
            from jsonb_to_recordset(${json}::jsonb) as x(kind text, role_code text, role_label text, last_name text, first_names text,
                                                       usage_name text, birth_month text, company_siren text, company_name text, key text)`,
    );
  }
  if (fetched.beneficialOwners.length) {
    const json = JSON.stringify(
      fetched.beneficialOwners.map((b) => ({ last_name: b.lastName, first_names: b.firstNames, usage_name: b.usageName, birth_month: b.birthMonth, raw: b.raw, key: b.key })),
    );
    await tx.execute(
      sql`insert into rne_beneficial_owners (siren, last_name, first_names, usage_name, birth_month, raw, key)
          select ${siren}, x.last_name, x.first_names, x.usage_name, x.birth_month, x.raw, x.key
            from jsonb_to_recordset(${json}::jsonb) as x(last_name text, first_names text, usage_name text, birth_month text, raw jsonb, key text)`,
    );
  }
  const description = describePeople(
    diff(oldOfficers, new Set(fetched.officers.map((o) => o.key))),
    diff(oldOwners, new Set(fetched.beneficialOwners.map((b) => b.key))),
  );
  return { description, counters: { officers: fetched.officers.length, owners: fetched.beneficialOwners.length, deeds: 0, sheets: 0, seized: 0 } };
}

/** Replaces the filings of `siren` (a document seen under another SIREN before moves to this one). */
async function writeFilings(tx: Executor, siren: string, filings: FilingRow[]): Promise<Written> {
  const old = await rowsOf<{ kind: string; id: string }>(tx, sql`select kind, id from rne_filings where siren = ${siren}`);
  const before = new Set(old.map((r) => `${r.kind}|${r.id}`));
  await tx.execute(sql`delete from rne_filings where siren = ${siren}`);
  if (filings.length) {
    const json = JSON.stringify(filings.map((f) => ({ kind: f.kind, id: f.id, filed_on: f.filedOn, closed_on: f.closedOn, type: f.type, label: f.label })));
    await tx.execute(
      sql`insert into rne_filings (kind, id, siren, filed_on, closed_on, type, label)
          select x.kind, x.id, ${siren}, x.filed_on, x.closed_on, x.type, x.label
            from jsonb_to_recordset(${json}::jsonb) as x(kind text, id text, filed_on date, closed_on date, type text, label text)
          on conflict (kind, id) do update set siren = excluded.siren, filed_on = excluded.filed_on, closed_on = excluded.closed_on,
            type = excluded.type, label = excluded.label, fetched_at = now()`,
    );
  }
  const added = { bilan: 0, bilan_saisi: 0, acte: 0 };
  for (const f of filings) if (!before.has(`${f.kind}|${f.id}`)) added[f.kind]++;
  const count = (kind: FilingRow['kind']) => filings.filter((f) => f.kind === kind).length;
  return { description: describeFilings(added), counters: { officers: 0, owners: 0, deeds: count('acte'), sheets: count('bilan'), seized: count('bilan_saisi') } };
}
