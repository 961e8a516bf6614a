/**
 * Date display helpers wrapping dayjs (utc, timezone, 'fr' locale) in Europe/Paris:
 * the DD/MM/YY HH:mm, DD/MM/YYYY HH:mm:ss and DD/MM/YYYY formats of SPEC section 9.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import 'dayjs/locale/fr';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('fr');

/** Time zone every date of the back-office is displayed in. */
export const DISPLAY_TIME_ZONE = 'Europe/Paris';

type DateInput = string | number | Date | null | undefined;

function format(value: DateInput, pattern: string): string {
  if (value === null || value === undefined || value === '') return '-';
  const date = dayjs(value);
  if (!date.isValid()) return '-';
  return date.tz(DISPLAY_TIME_ZONE).format(pattern);
}

/** `DD/MM/YY HH:mm` in Europe/Paris (the default date display); '-' when empty or invalid. */
export function formatDateTime(value: DateInput): string {
  return format(value, 'DD/MM/YY HH:mm');
}

/** `DD/MM/YYYY HH:mm:ss` in Europe/Paris (supervision pages); '-' when empty or invalid. */
export function formatDateTimeSeconds(value: DateInput): string {
  return format(value, 'DD/MM/YYYY HH:mm:ss');
}

/** `DD/MM/YYYY` in Europe/Paris (transactions); '-' when empty or invalid. */
export function formatDate(value: DateInput): string {
  return format(value, 'DD/MM/YYYY');
}

/**
 * The current year (`2026`) and month label (`novembre 2026`) in Europe/Paris, the calendar of
 * the server's statistics.
 */
export function currentPeriod(): { year: string; monthLabel: string } {
  const now = dayjs().tz(DISPLAY_TIME_ZONE);
  return { year: now.format('YYYY'), monthLabel: now.format('MMMM YYYY') };
}
