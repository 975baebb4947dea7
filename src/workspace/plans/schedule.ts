import { addDays, daysBetween, type LocalDate } from '../local-date.js';

/** One day of a started plan: its readings, the calendar day they are due, the day they were read. */
export interface Portion {
  day: number;
  refs: string[];
  due: LocalDate;
  doneOn: LocalDate | null;
}

export interface PlanProgress {
  /** Day of the calendar since the start (1 on the start day; 0 or less before it). */
  calendarDay: number;
  total: number;
  done: number;
  /** Readings due before today and not read. */
  behind: number;
  /** Readings due today (read or not). */
  today: Portion[];
  /** The last due day. */
  ends: LocalDate;
  finished: boolean;
}

function lastDue(portions: Portion[]): LocalDate {
  return (
    portions
      .map((p) => p.due)
      .sort()
      .at(-1) ?? ''
  );
}

export function progressOf(start: LocalDate, portions: Portion[], today: LocalDate): PlanProgress {
  const ends = portions.length ? lastDue(portions) : start;
  const done = portions.filter((p) => p.doneOn).length;
  return {
    calendarDay: daysBetween(start, today) + 1,
    total: portions.length,
    done,
    behind: portions.filter((p) => !p.doneOn && p.due < today).length,
    today: portions.filter((p) => p.due === today),
    ends,
    finished: done === portions.length,
  };
}

/**
 * Catch-up: the readings missed before today are spread evenly over the days from today to the
 * plan's last day, so the plan still ends when it was going to; when that day has passed, they
 * follow one a day from today. Returns the new due day of each missed reading.
 */
export function catchUp(portions: Portion[], today: LocalDate): Map<number, LocalDate> {
  const missed = portions.filter((p) => !p.doneOn && p.due < today).sort((a, b) => a.day - b.day);
  const moved = new Map<number, LocalDate>();
  if (!missed.length) return moved;
  const last = lastDue(portions);
  const span = last >= today ? daysBetween(today, last) + 1 : missed.length;
  missed.forEach((p, i) => {
    moved.set(p.day, addDays(today, Math.floor((i * span) / missed.length)));
  });
  return moved;
}

/** A progress bar of `width` cells. */
export function progressBar(done: number, total: number, width = 30): string {
  const filled = total ? Math.round((done / total) * width) : 0;
  return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
}
