/**
 * The posted date of an article: `DD/MM/YYYY`, `DD/MM/YYYY HH:mm` (also `HHhmm` and
 * with seconds) or ISO 8601, read as Europe/Paris wall time unless an ISO value carries its offset.
 * Parsed with dayjs (utc, timezone, customParseFormat); results are memoised, since an import file
 * repeats the same dates over and over.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { PARIS_TIME_ZONE } from '../../lib/paris-day';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

const FRENCH = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]+(\d{1,2})[:hH](\d{2})(?::(\d{2}))?)?$/;
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const memo = new Map<string, Date | null>();
const MEMO_MAX = 50_000;

/**
 * Parses a posted date.
 * @returns the instant, or null when the value is not one of the accepted forms or not a real date
 */
export function parsePostedDate(raw: string): Date | null {
  const value = raw.trim();
  const known = memo.get(value);
  if (known !== undefined) return known;
  const parsed = parse(value);
  if (memo.size >= MEMO_MAX) memo.clear();
  memo.set(value, parsed);
  return parsed;
}

function parse(value: string): Date | null {
  const fr = FRENCH.exec(value);
  if (fr) {
    const [, d, m, y, hh = '0', mm = '00', ss = '0'] = fr;
    const wall = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')} ${hh.padStart(2, '0')}:${mm}:${ss.padStart(2, '0')}`;
    return inParis(wall);
  }
  const iso = ISO.exec(value);
  if (!iso) return null;
  if (iso[1]) {
    const t = dayjs(value);
    return t.isValid() && sameCalendarDay(value.slice(0, 10), t.utcOffset(offsetMinutes(iso[1]))) ? t.toDate() : null;
  }
  const wall = value.length === 10 ? `${value} 00:00:00` : value.replace('T', ' ').replace(/(\d{2}:\d{2})$/, '$1:00').slice(0, 19);
  return inParis(wall);
}

/** `YYYY-MM-DD HH:mm:ss` in Paris -> instant; null for a date that does not exist (31/02). */
function inParis(wall: string): Date | null {
  const strict = dayjs(wall, 'YYYY-MM-DD HH:mm:ss', true);
  if (!strict.isValid()) return null;
  const t = dayjs.tz(wall, 'YYYY-MM-DD HH:mm:ss', PARIS_TIME_ZONE);
  return t.isValid() ? t.toDate() : null;
}

function offsetMinutes(offset: string): number {
  if (offset === 'Z') return 0;
  const sign = offset.startsWith('-') ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2)));
}

function sameCalendarDay(ymd: string, t: dayjs.Dayjs): boolean {
  return t.format('YYYY-MM-DD') === ymd;
}
