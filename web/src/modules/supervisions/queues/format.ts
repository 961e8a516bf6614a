/** Display of the queue pages' days and windows (SPEC section 9: DD/MM/YYYY, supervision times DD/MM/YYYY HH:mm:ss). */

/** A Paris day `YYYY-MM-DD` as `DD/MM/YYYY` (read as text: a day has no time zone to convert). */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : day;
}
