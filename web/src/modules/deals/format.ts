/**
 * Display helpers of the transactions tables (SPEC sections 2 and 9): '-' for an empty cell, dates as
 * DD/MM/YYYY, amounts and stakes with French grouping and decimals.
 */
import { formatDate } from '../../lib/dates';

/** The text of a cell, '-' when null, undefined or blank. */
export function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '-';
  const text = String(value).trim();
  return text === '' ? '-' : text;
}

/** A calendar date (`YYYY-MM-DD`, or an instant) as `DD/MM/YYYY`; '-' when empty. */
export function dayText(value: string | null | undefined): string {
  const day = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  return day ? `${day[3]}/${day[2]}/${day[1]}` : formatDate(value);
}

const amountFormat = new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** A number (or numeric string) with French grouping and up to 2 decimals (`1 234 567,5`); '-' when empty. */
export function numberText(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = Number(value);
  return Number.isFinite(n) ? amountFormat.format(n) : '-';
}

/** True when `amount` is a number above 0 (SPEC section 2: amount and currency show only then). */
export function positiveAmount(amount: number | string | null | undefined): boolean {
  return amount !== null && amount !== undefined && amount !== '' && Number(amount) > 0;
}
