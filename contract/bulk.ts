/**
 * The contract of a bulk action on a list (CONVENTIONS.md section 3 "Lists"): the rows chosen either by id
 * (`{ids}`, the rows ticked one by one) or as « every row of the current filter » (`{all: true, search,
 * except}`: the list's search, minus the rows unticked afterwards), and the answer `{count, message}`, the
 * number of rows the action changed and the toast saying so. The server side (one parameterised WHERE over the
 * list's own conditions, one transaction) is server/http/bulk.ts.
 */
import { z } from 'zod';
import { noControlChars } from './control-chars';
import { MAX_SEARCH_LENGTH } from './limits';

/** Most ids a bulk body names (`ids` or `except`): a bigger selection is sent as `all`. */
export const MAX_BULK_IDS = 10_000;

const NOTHING = 'Aucune ligne sélectionnée.';
const TOO_MANY = `Au plus ${MAX_BULK_IDS.toLocaleString('fr-FR')} lignes nommées une à une\u00a0: choisissez « Tout sélectionner ».`;
const idList = z
  .array(z.number({ error: 'Chaque ligne est désignée par son numéro.' }).int({ error: 'Chaque ligne est désignée par son numéro.' }).positive({ error: 'Chaque ligne est désignée par son numéro.' }), {
    error: 'Les lignes sont une liste de numéros.',
  })
  .max(MAX_BULK_IDS, { error: TOO_MANY });

/**
 * Body of every bulk route: `{ids}` (1 to MAX_BULK_IDS ids), or `{all: true, search?, except?}`; exactly one
 * of the two. A 422 `errors.ids` otherwise.
 */
export const bulkBody = z
  .object({
    ids: idList.optional(),
    all: z.literal(true, { error: '« all » vaut true ou est absent.' }).optional(),
    search: z.string().max(MAX_SEARCH_LENGTH).refine(...noControlChars('Recherche')).nullish(),
    except: idList.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.all && body.ids) ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Choisissez des lignes ou toute la liste, pas les deux.' });
    else if (!body.all && !body.ids?.length) ctx.addIssue({ code: 'custom', path: ['ids'], message: NOTHING });
  })
  .meta({ id: 'BulkBody' });
export type BulkBody = z.output<typeof bulkBody>;
export type BulkRequest = z.input<typeof bulkBody>;

/** Answer of every bulk route: how many rows the action changed, and the toast text. */
export const bulkResponse = z.object({ count: z.number(), message: z.string() }).meta({ id: 'BulkResult' });
export type BulkResponse = z.output<typeof bulkResponse>;
