import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOOKS } from '../../src/core/canon/canon.js';
import { parseReferenceList, referenceVerses } from '../../src/core/reference/reference.js';
import { WorkspaceError } from '../../src/workspace/errors.js';
import { addDays, daysBetween, isLocalDate, localDateOf } from '../../src/workspace/local-date.js';
import { BUILT_IN_IDS, builtInPlan } from '../../src/workspace/plans/builtin.js';
import { listPlanFiles, readPlanFile } from '../../src/workspace/plans/plan-file.js';
import { catchUp, type Portion, progressBar, progressOf } from '../../src/workspace/plans/schedule.js';

/** Every (book, chapter) a day's references cover, and its verse count. */
function chaptersOfDay(refs: string[]): { chapters: string[]; verses: number } {
  const parsed = refs.flatMap((r) => parseReferenceList(r).map((listed) => listed.ref));
  const chapters = parsed.flatMap((r) =>
    Array.from({ length: r.end.chapter - r.start.chapter + 1 }, (_, i) => `${r.book.name} ${r.start.chapter + i}`),
  );
  return { chapters, verses: parsed.reduce((n, r) => n + referenceVerses(r).length, 0) };
}

describe('built-in plans', () => {
  const expected: Record<string, { days: number; books: string[]; chapters: number; verses: number }> = {
    // Published counts (KJV versification): 1,189 chapters and 31,102 verses; the NT 260 and 7,957.
    'bible-year': { days: 365, books: BOOKS.map((b) => b.name), chapters: 1189, verses: 31102 },
    'nt-90': { days: 90, books: BOOKS.slice(39).map((b) => b.name), chapters: 260, verses: 7957 },
    'gospels-30': { days: 30, books: ['Matthew', 'Mark', 'Luke', 'John'], chapters: 89, verses: 3779 },
    'psalms-30': { days: 30, books: ['Psalms'], chapters: 150, verses: 2461 },
    'proverbs-31': { days: 31, books: ['Proverbs'], chapters: 31, verses: 915 },
  };

  it('are the five the issue asks for', () => {
    expect(BUILT_IN_IDS).toEqual(Object.keys(expected));
  });

  for (const [id, want] of Object.entries(expected)) {
    it(`${id}: every chapter once, in canonical order, over ${want.days} days no further from the average than one chapter`, () => {
      const plan = builtInPlan(id)!;
      expect(plan.days).toHaveLength(want.days);
      const days = plan.days.map(chaptersOfDay);
      const all = days.flatMap((d) => d.chapters);
      const canonical = BOOKS.filter((b) => want.books.includes(b.name)).flatMap((b) =>
        b.verseCounts.map((_, i) => `${b.name} ${i + 1}`),
      );
      expect(all).toEqual(canonical);
      expect(all).toHaveLength(want.chapters);
      const total = days.reduce((n, d) => n + d.verses, 0);
      expect(total).toBe(want.verses);
      const average = total / want.days;
      const longest = Math.max(...BOOKS.filter((b) => want.books.includes(b.name)).flatMap((b) => b.verseCounts));
      for (const d of days) expect(Math.abs(d.verses - average)).toBeLessThanOrEqual(longest);
    });
  }

  it('name their days as canonical references, a book change split in two', () => {
    const year = builtInPlan('bible-year')!;
    expect(year.days[0]).toEqual(['Genesis 1-3']);
    const split = year.days.find((d) => d.length > 1);
    expect(split?.[0]).toBe('Exodus 40');
    expect(split?.[1]).toMatch(/^Leviticus 1(-\d+)?$/);
    expect(builtInPlan('proverbs-31')!.days.map((d) => d.join())).toEqual(
      Array.from({ length: 31 }, (_, i) => `Proverbs ${i + 1}`),
    );
    expect(builtInPlan('PSALMS-30')?.id).toBe('psalms-30');
    expect(builtInPlan('nope')).toBeUndefined();
  });
});

describe('plan files', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'bible-plans-'));

  it('reads the JSON form: a name and days, each a reference list or an array of them', () => {
    const path = join(dir(), 'Lent.json');
    writeFileSync(path, JSON.stringify({ name: 'Lent', days: ['Jn 1; Jn 2:1-11', ['Ps 23', 'Rom 5:8']] }));
    expect(readPlanFile(path)).toEqual({
      id: 'lent',
      name: 'Lent',
      source: path,
      days: [
        ['John 1', 'John 2:1-11'],
        ['Psalms 23', 'Romans 5:8'],
      ],
    });
  });

  it('reads the CSV form: day,reading with several rows to a day', () => {
    const path = join(dir(), 'short.csv');
    writeFileSync(path, 'day,reading\r\n1,Gen 1\r\n2,"Gen 2; Gen 3"\r\n1,Ps 1\r\n');
    expect(readPlanFile(path)).toEqual({
      id: 'short',
      name: 'short',
      source: path,
      days: [
        ['Genesis 1', 'Psalms 1'],
        ['Genesis 2', 'Genesis 3'],
      ],
    });
  });

  it('refuses a bad file with the file, the day or line, and the reason', () => {
    const d = dir();
    const cases: Array<[string, string, string]> = [
      ['a.json', '{"days": ["Gen 1", "Jhon 3"]}', "a.json: day 2: unknown book 'Jhon' (did you mean John?)"],
      ['b.json', '{"days": []}', 'b.json: days: Too small'],
      ['c.json', 'nope', 'c.json: not JSON'],
      ['d.csv', 'day,reading\n1,Gen 1\n3,Gen 3\n', 'd.csv: day 2 has no reading (days run 1 to 3)'],
      ['e.csv', 'when,what\n1,Gen 1\n', 'e.csv: the first line must be the header day,reading'],
      ['f.csv', 'day,reading\nx,Gen 1\n', 'f.csv: line 2: day must be a number from 1 to 3660'],
      ['g.csv', 'day,reading\n1,"Gen 1\n', 'g.csv: line 2: a quoted field is never closed'],
      ['h.txt', '', 'h.txt: a plan file is .json or .csv'],
    ];
    for (const [name, text, message] of cases) {
      writeFileSync(join(d, name), text);
      const err = (() => {
        try {
          readPlanFile(join(d, name));
        } catch (e) {
          return e as WorkspaceError;
        }
      })();
      expect(err).toBeInstanceOf(WorkspaceError);
      expect(err?.kind).toBe('usage');
      expect(err?.message).toContain(message);
    }
  });

  it('lists the plans folder, a broken file with its reason', () => {
    const config = dir();
    const plans = join(config, 'plans');
    mkdirSync(plans);
    writeFileSync(join(plans, 'ok.json'), '{"days": ["Gen 1"]}');
    writeFileSync(join(plans, 'broken.csv'), 'day,reading\n1,Nowhere 1\n');
    writeFileSync(join(plans, 'notes.txt'), 'ignored');
    const listed = listPlanFiles({ BIBLE_CONFIG_DIR: config });
    expect(listed.map((p) => ('id' in p ? p.id : p.error))).toEqual([
      `${join(plans, 'broken.csv')}: day 1: unknown book 'Nowhere'`,
      'ok',
    ]);
  });
});

describe('local days', () => {
  it('are calendar dates; the same instant is a different day in another time zone', () => {
    const instant = new Date('2026-03-01T11:00:00Z');
    expect(localDateOf(instant, 'Pacific/Kiritimati')).toBe('2026-03-02');
    expect(localDateOf(instant, 'America/Los_Angeles')).toBe('2026-03-01');
    expect(addDays('2026-03-07', 1)).toBe('2026-03-08'); // a DST change in the US: still one day
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(daysBetween('2026-12-31', '2027-01-02')).toBe(2);
    expect(isLocalDate('2026-02-29')).toBe(false);
    expect(isLocalDate('2026-2-1')).toBe(false);
    expect(isLocalDate('2028-02-29')).toBe(true);
  });
});

describe('schedule', () => {
  const portions = (n: number, start: string, done: number[] = []): Portion[] =>
    Array.from({ length: n }, (_, i) => ({
      day: i + 1,
      refs: [`Proverbs ${i + 1}`],
      due: addDays(start, i),
      doneOn: done.includes(i + 1) ? start : null,
    }));

  it('progress: the calendar day, what is due today, how far behind', () => {
    const p = progressOf('2026-01-01', portions(31, '2026-01-01', [1, 2]), '2026-01-05');
    expect(p).toMatchObject({ calendarDay: 5, total: 31, done: 2, behind: 2, ends: '2026-01-31', finished: false });
    expect(p.today.map((x) => x.day)).toEqual([5]);
    expect(progressOf('2026-01-01', portions(31, '2026-01-01'), '2025-12-30').calendarDay).toBe(-1);
    expect(progressBar(1, 4, 8)).toBe('[##------]');
  });

  it('catch-up spreads the missed days over the days left and keeps the end', () => {
    const moved = catchUp(portions(31, '2026-01-01', [1, 2]), '2026-01-22');
    // days 3..21 missed (19), 10 days left (22..31): two or so a day from today
    expect([...moved.keys()]).toEqual(Array.from({ length: 19 }, (_, i) => i + 3));
    const dates = [...moved.values()];
    expect(dates[0]).toBe('2026-01-22');
    expect(dates.at(-1)! <= '2026-01-31').toBe(true);
    const perDay = new Map<string, number>();
    for (const d of dates) perDay.set(d, (perDay.get(d) ?? 0) + 1);
    expect([...perDay.values()].every((n) => n === 1 || n === 2)).toBe(true);
    expect(perDay.size).toBe(10);
  });

  it('catch-up after the end puts one a day from today', () => {
    const moved = catchUp(portions(3, '2026-01-01'), '2026-02-01');
    expect([...moved]).toEqual([
      [1, '2026-02-01'],
      [2, '2026-02-02'],
      [3, '2026-02-03'],
    ]);
    expect(catchUp(portions(3, '2026-01-01', [1, 2, 3]), '2026-02-01').size).toBe(0);
  });
});
