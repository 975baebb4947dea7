import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReference } from '../../src/core/reference/reference.js';
import { readCsv, writeCsv } from '../../src/workspace/csv.js';
import { WorkspaceError } from '../../src/workspace/errors.js';
import { builtInPlan } from '../../src/workspace/plans/builtin.js';
import { rangeOf, UserStore } from '../../src/workspace/store.js';

const path = () => join(mkdtempSync(join(tmpdir(), 'bible-user-')), 'data', 'user.sqlite');
const at = (ref: string) => rangeOf(parseReference(ref));
const T = new Date('2026-05-01T12:00:00Z');

function refusal(fn: () => unknown): WorkspaceError {
  try {
    fn();
  } catch (err) {
    if (err instanceof WorkspaceError) return err;
    throw err;
  }
  throw new Error('not refused');
}

describe('the user store', () => {
  it('is created mode 0600 on first write, and reading never creates it', () => {
    const p = path();
    expect(UserStore.openIfExists(p)).toBeUndefined();
    expect(existsSync(p)).toBe(false);
    UserStore.open(p).close();
    expect(statSync(p).mode & 0o777).toBe(0o600);
  });

  it('notes: add, filter by overlapping reference, tag (any case) and text, edit, remove', () => {
    const s = UserStore.open(path());
    const a = s.addNote(at('John 3:16'), '  God so loved\r\nthe world  \n', ['love', 'Faith', 'faith'], T);
    const b = s.addNote(at('John 3:14-18'), 'lifted up', ['serpent'], T);
    const c = s.addNote(at('Gen 1:1'), 'In the beginning', [], T);
    expect(a).toMatchObject({ id: 1, ref: 'John 3:16', text: 'God so loved\nthe world', tags: ['love', 'Faith'] });
    expect(a.created).toBe('2026-05-01T12:00:00.000Z');
    expect(s.notes().map((n) => n.id)).toEqual([c.id, b.id, a.id]); // canonical order
    expect(s.notes({ range: at('John 3:17') }).map((n) => n.id)).toEqual([b.id]);
    expect(s.notes({ range: at('John 3') }).map((n) => n.id)).toEqual([b.id, a.id]);
    expect(s.notes({ tag: 'FAITH' }).map((n) => n.id)).toEqual([a.id]);
    expect(s.notes({ search: 'BEGIN' }).map((n) => n.id)).toEqual([c.id]);
    const later = new Date('2026-05-02T00:00:00Z');
    expect(s.updateNote(a.id, { tags: ['x'] }, later)).toMatchObject({ text: 'God so loved\nthe world', tags: ['x'] });
    expect(s.updateNote(a.id, { text: 'new' }, later)).toMatchObject({ text: 'new', updated: later.toISOString() });
    expect(refusal(() => s.updateNote(99, { text: 'x' }, T)).kind).toBe('not-found');
    expect(refusal(() => s.addNote(at('Gen 1:1'), ' \n ', [], T)).message).toBe('the note is empty; nothing saved');
    expect(refusal(() => s.addNote(at('Gen 1:1'), 'x', ['two words'], T)).kind).toBe('usage');
    // all or none: an unknown id among them removes nothing
    expect(refusal(() => s.removeNotes([c.id, 99], T)).kind).toBe('not-found');
    expect(s.notes()).toHaveLength(3);
    expect(s.removeNotes([c.id, b.id], T).map((n) => n.ref)).toEqual(['Genesis 1:1', 'John 3:14-18']);
    expect(s.notes().map((n) => n.id)).toEqual([a.id]);
    s.close();
  });

  it('bookmarks: one per reference, tags merged, removable', () => {
    const s = UserStore.open(path());
    expect(s.addBookmark(at('Ps 23'), ['comfort'], T)).toMatchObject({ created: true, bookmark: { ref: 'Psalms 23' } });
    const again = s.addBookmark(at('Psalms 23'), ['Comfort', 'psalm'], new Date('2027-01-01T00:00:00Z'));
    expect(again).toMatchObject({ created: false, bookmark: { tags: ['comfort', 'psalm'], created: T.toISOString() } });
    s.addBookmark(at('Rom 8:28'), [], T);
    expect(s.bookmarks().map((b) => b.ref)).toEqual(['Psalms 23', 'Romans 8:28']);
    expect(s.bookmarks({ tag: 'psalm' }).map((b) => b.ref)).toEqual(['Psalms 23']);
    expect(s.removeBookmark(at('Rom 8:28')).ref).toBe('Romans 8:28');
    expect(refusal(() => s.removeBookmark(at('Rom 8:28'))).message).toBe('no bookmark at Romans 8:28');
    s.close();
  });

  it('plans: started once, days due from the start date, marked read, stopped', () => {
    const s = UserStore.open(path());
    const plan = builtInPlan('proverbs-31')!;
    const started = s.startPlan(plan, '2026-12-30', T);
    expect(started.portions[0]).toEqual({ day: 1, refs: ['Proverbs 1'], due: '2026-12-30', doneOn: null });
    expect(started.portions[30]?.due).toBe('2027-01-29');
    expect(refusal(() => s.startPlan(plan, '2026-12-30', T)).kind).toBe('conflict');
    expect(s.markDone('proverbs-31', [1, 2], '2026-12-31')).toEqual([1, 2]);
    expect(s.markDone('proverbs-31', [2, 3], '2026-12-31')).toEqual([3]);
    expect(s.plan('proverbs-31')?.portions.filter((p) => p.doneOn).length).toBe(3);
    s.reschedule('proverbs-31', new Map([[4, '2027-02-01']]));
    expect(s.plan('proverbs-31')?.portions[3]?.due).toBe('2027-02-01');
    expect(s.stopPlan('proverbs-31')).toBe(true);
    expect(s.plans()).toEqual([]);
    s.close();
  });
});

describe('CSV', () => {
  it('writes and reads back quotes, commas, line breaks and spaces', () => {
    const rows = [
      ['a', 'b,c', 'say "hi"'],
      ['line\nbreak', ' padded ', ''],
      ['crlf\r\ninside', 'ünïcödé ✎', '""'],
    ];
    const text = writeCsv(rows);
    expect(text.split('\r\n')[0]).toBe('a,"b,c","say ""hi"""');
    expect(readCsv(text).map((r) => r.fields)).toEqual(rows);
    expect(readCsv('x,y\n1,2\n\n3,4').map((r) => [r.line, r.fields])).toEqual([
      [1, ['x', 'y']],
      [2, ['1', '2']],
      [4, ['3', '4']],
    ]);
    expect(() => readCsv('a,b"c')).toThrow('line 1: a quote inside an unquoted field');
  });
});
