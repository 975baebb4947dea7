import { quoted } from '../core/text/quoted.js';
import { WorkspaceError } from './errors.js';

/**
 * Calendar days as the user lives them: `YYYY-MM-DD` strings, never instants. A plan stores the
 * day it started on as such a string, so it keeps its days when read in another time zone; only
 * "today" depends on where (and when) the command runs.
 */
export type LocalDate = string;

const SHAPE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar date in the form YYYY-MM-DD. */
export function isLocalDate(text: string): boolean {
  const m = SHAPE.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** The local calendar day of an instant, in `timeZone` (default: the process's, i.e. TZ). */
export function localDateOf(instant: Date, timeZone?: string): LocalDate {
  // en-CA formats dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

/** Arithmetic on the calendar, done in UTC where every day has 24 hours. */
export function addDays(date: LocalDate, days: number): LocalDate {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: LocalDate, to: LocalDate): number {
  const ms = (s: LocalDate) => {
    const [y, m, d] = s.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((ms(to) - ms(from)) / 86_400_000);
}

/**
 * An instant written as text, or undefined when it is none: also when its date is not on the
 * calendar (`new Date('2024-02-30T00:00:00Z')` is 1 March, not an error).
 */
export function parseInstant(text: string): Date | undefined {
  const d = new Date(text);
  const day = /^\d{4}-\d{2}-\d{2}/.exec(text)?.[0];
  if (Number.isNaN(d.getTime()) || (day !== undefined && !isLocalDate(day))) return undefined;
  return d;
}

/**
 * The instant taken as now: `BIBLE_NOW` (an ISO date-time, for scripts and tests that need a
 * fixed clock), else the system clock. An unreadable BIBLE_NOW is an error rather than ignored.
 */
export function nowFrom(env: NodeJS.ProcessEnv): Date {
  const text = env.BIBLE_NOW;
  if (!text) return new Date();
  const d = parseInstant(text);
  if (!d) throw new WorkspaceError('usage', `BIBLE_NOW is not an ISO date-time (got ${quoted(text)})`);
  return d;
}
