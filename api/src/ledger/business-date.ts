import type { Kysely } from 'kysely';

/**
 * One business date everywhere (issue 8 item 12, design/style.md 'one business date'): the
 * calendar day in the company's time zone (control setting time_zone, an IANA name), never the
 * server's zone nor UTC, so a reversal, a release, a disbursement, the audit and start of day all
 * agree with the receipts the office dates by its own wall clock.
 */
export const DEFAULT_TIME_ZONE = 'Australia/Sydney';
export const TIME_ZONE_KEY = 'time_zone';

/** True when the runtime knows the IANA zone name (Intl refuses unknown ones). */
export function isTimeZone(name: string): boolean {
  if (!name || name !== name.trim()) return false;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar date (YYYY-MM-DD) at `now` in the time zone (the default zone's today without arguments; callers with a company database use businessDate). */
export function dateInZone(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-AU', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The zone a stored settings value names, or the default when unset or not a zone. */
export function timeZoneOf(value: unknown): string {
  return typeof value === 'string' && isTimeZone(value) ? value : DEFAULT_TIME_ZONE;
}

/** The company's time zone (control setting time_zone; Australia/Sydney when unset). */
export async function companyTimeZone(db: Kysely<any>): Promise<string> {
  const row = await db.selectFrom('control_setting').select('value').where('key', '=', TIME_ZONE_KEY).executeTakeFirst();
  return timeZoneOf(row?.value);
}

/** The company's business date (YYYY-MM-DD) at `now`. */
export async function businessDate(db: Kysely<any>, now: Date = new Date()): Promise<string> {
  return dateInZone(await companyTimeZone(db), now);
}

/**
 * The business date as a Date at local midnight of that calendar day, for calendar arithmetic
 * with getFullYear/getMonth/getDate (the demo's months and days), whatever the server's zone.
 */
export function businessDay(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): Date {
  const [y, m, d] = dateInZone(timeZone, now).split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

/** The wall-clock time (HHmmss, 24-hour) at `now` in the time zone: for names of files made now. */
export function clockInZone(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-AU', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('hour')}${part('minute')}${part('second')}`;
}

/** The calendar date n days after (before, when negative) an ISO date: plain calendar arithmetic, no zone. */
export function addDays(date: string, n: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** The last day of the ISO date's month. */
export function lastDayOfMonth(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}
