/**
 * Strictly decimal integers in paths and query strings: `z.coerce.number()`
 * accepts `0x1`, ` 1`, `1.0`, `1e0` and `+1`, so that several spellings reach the same row or page. Here
 * only ASCII digits pass (leading zeros allowed: `01` is still decimal); anything else is a 422.
 */
import { z } from 'zod';

/**
 * A path or query integer written with ASCII digits only, within [min, max].
 * @param message - the French message of every failure (wrong spelling, out of range, missing)
 * @returns a zod schema whose input is a string and output a number
 */
export function decimalInteger(message: string, min: number, max: number) {
  const error = () => message;
  return z
    .string({ error })
    .regex(/^[0-9]{1,16}$/, { error })
    .transform(Number)
    .pipe(z.number().int().min(min, { error }).max(max, { error }));
}
