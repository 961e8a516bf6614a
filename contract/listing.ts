/**
 * The contract of every `filter` list (CONVENTIONS.md section 3 "Lists"; SPEC section 4 "Sorting"):
 * the filter body `{pagination: {per_page}, orderBy: {column, direction}, search}`, `?page=n`, and the
 * paginated answer `{data, from, to, total, per_page, current_page, last_page}`. The query side
 * (`runList`, `ListSpec`) is the server's: server/http/listing.ts.
 */
import { z } from 'zod';
import { decimalInteger } from './decimal';
import { MAX_PAGE, MAX_SEARCH_LENGTH } from './limits';

export const PAGE_SIZES = [10, 25, 50, 100, 200] as const;
export const DEFAULT_PAGE_SIZE = 200;

/** Filter body schema shared by every `filter` route (unknown keys such as from/to/total are ignored). */
export const filterBody = z
  .object({
    pagination: z
      .object({
        per_page: z.coerce
          .number()
          .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), {
            error: `Le nombre de résultats par page doit être ${PAGE_SIZES.join(', ')}.`,
          })
          .optional(),
      })
      .partial()
      .nullish(),
    orderBy: z
      .object({
        column: z.string().max(64).nullish(),
        direction: z.enum(['asc', 'desc'], { error: 'Le sens du tri doit être asc ou desc.' }).nullish(),
      })
      .nullish(),
    search: z.string().max(MAX_SEARCH_LENGTH).nullish(),
  })
  .nullish()
  .transform((v) => v ?? {})
  .meta({ id: 'FilterBody' });
export type FilterBody = z.output<typeof filterBody>;

/** `?page=n` (1..MAX_PAGE, default 1), strictly decimal (see decimal.ts); deeper pages also meet the OFFSET cap of server/http/listing.ts. */
export const pageQuery = z.object({
  page: decimalInteger('Le numéro de page doit être un nombre entier positif.', 1, MAX_PAGE).default(1),
});

/** Zod schema of a page of `item`. */
export function pageResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    from: z.number().nullable(),
    to: z.number().nullable(),
    total: z.number(),
    per_page: z.number(),
    current_page: z.number(),
    last_page: z.number(),
    /** Present and true when `total` is an estimate (a sampled count: ListSpec.knownTotal, server/http/listing.ts). */
    total_is_estimate: z.boolean().optional(),
  });
}

/** Paginated answer of every `filter` call: the output of `pageResponse`, with rows of type `T`. */
export type Page<T> = Omit<z.output<ReturnType<typeof pageResponse>>, 'data'> & { data: T[] };
