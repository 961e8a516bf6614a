/**
 * Labels (JAN-DEC, 01-31) and value series of the update-log charts
 * (SPEC section 2 'Update log', section 9).
 */
import type { KeyedCounts } from '../../api/types';

/** Labels of the per-month chart, January to December. */
export const MONTH_LABELS = ['JAN', 'FEV', 'MAR', 'AVR', 'MAI', 'JUN', 'JUL', 'AOU', 'SEP', 'OCT', 'NOV', 'DEC'];

/** Labels of the per-day chart, '01' to '31'. */
export const DAY_LABELS = Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0'));

/** Keys of the statistics objects: '01'..'12' for months, '01'..'31' for days. */
const keys = (count: number) => Array.from({ length: count }, (_, i) => String(i + 1).padStart(2, '0'));

/** Values of `counts` in key order ('01', '02'...), 0 for a missing key. */
export function countsSeries(counts: KeyedCounts | undefined, count: number): number[] {
  return keys(count).map((key) => Number(counts?.[key] ?? 0));
}
