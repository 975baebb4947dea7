import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseReference } from '../../src/core/reference/reference.js';
import { WorkspaceError } from '../../src/workspace/errors.js';
import { EXCHANGE_FORMATS, exchangeFormat, exchangeOf } from '../../src/workspace/exchange/exchange.js';
import { readExchange, writeExchange } from '../../src/workspace/exchange/formats.js';
import { rangeOf, UserStore } from '../../src/workspace/store.js';

const store = () => UserStore.open(join(mkdtempSync(join(tmpdir(), 'bible-x-')), 'user.sqlite'));
const at = (ref: string) => rangeOf(parseReference(ref));
const NOW = { now: new Date('2029-01-01T00:00:00Z') };

/** A store holding notes that try every format's edges. */
function filled(): UserStore {
  const s = store();
  const t = (d: string) => new Date(`2026-0${d}T08:00:00.123Z`);
  s.addNote(at('John 3:16'), 'God so loved, "the world"', ['love', 'Faith'], t('1-01'));
  s.addNote(
    at('John 3:16'),
    'a second note\n\n## Not a heading\n<!-- bible:note uid=x lines=1 -->\n> quoted',
    [],
    t('2-01'),
  );
  s.addNote(at('Gen 1:1-2:3'), 'crlf\r\nline, ünïcödé ✎ and trailing spaces   \nend', ['creation'], t('3-01'));
  s.addNote(at('Jude 3'), 'single-chapter book', [], t('4-01'));
  s.addNote(at('Ps 119'), 'a whole chapter', ['psalm'], t('5-01'));
  s.updateNote(1, { text: 'God so loved, "the world" (edited)' }, t('6-01'));
  s.addBookmark(at('John 3:16'), ['fav'], t('1-02'));
  s.addBookmark(at('Rom 8:28-39'), [], t('1-03'));
  return s;
}

describe('export and import', () => {
  for (const format of EXCHANGE_FORMATS) {
    it(`${format}: exported, imported into an empty store, is the same; imported again, changes nothing`, () => {
      const a = filled();
      const text = writeExchange(format, exchangeOf(a), new Map());
      const b = store();
      expect(b.merge(readExchange(format, text, `x.${format}`), NOW)).toEqual({
        notesAdded: 5,
        notesUpdated: 0,
        notesSkipped: 0,
        notesDeletedHere: 0,
        bookmarksAdded: 2,
        bookmarksMerged: 0,
      });
      expect(exchangeOf(b)).toEqual(exchangeOf(a));
      expect(b.merge(readExchange(format, text, `x.${format}`), NOW)).toMatchObject({ notesAdded: 0, notesSkipped: 5 });
      expect(exchangeOf(b)).toEqual(exchangeOf(a));
    });
  }

  it('merges: the later edit of a note wins; the same note under another uid is not added twice', () => {
    const a = filled();
    const b = store();
    b.merge(exchangeOf(a), NOW);
    const later = new Date('2027-01-01T00:00:00Z');
    const edited = a.updateNote(2, { text: 'edited in a' }, later);
    const x = exchangeOf(a);
    x.notes.push({ ...x.notes[0]!, uid: 'another-uid' });
    expect(b.merge(x, NOW)).toMatchObject({ notesAdded: 0, notesUpdated: 1, notesSkipped: 5 });
    expect(b.notes().find((n) => n.uid === edited.uid)?.text).toBe('edited in a');
    // an older copy does not overwrite the newer one
    const older = exchangeOf(b);
    a.updateNote(2, { text: 'newest' }, new Date('2028-01-01T00:00:00Z'));
    a.merge(older, NOW);
    expect(a.note(2)?.text).toBe('newest');
  });

  it('the same-text check follows the import as it goes: a note changed in it frees its old text', () => {
    const s = store();
    const t = '2026-01-01T00:00:00.000Z';
    const base = { ref: 'John 3:16', range: at('John 3:16'), tags: [], created: t, updated: t };
    s.merge({ notes: [{ ...base, uid: 'a', text: 'old' }], bookmarks: [] }, NOW);
    const report = s.merge(
      {
        notes: [
          { ...base, uid: 'a', text: 'new', updated: '2026-02-01T00:00:00.000Z' },
          { ...base, uid: 'b', text: 'old' },
          { ...base, uid: 'c', text: 'new' },
        ],
        bookmarks: [],
      },
      NOW,
    );
    expect(report).toMatchObject({ notesAdded: 1, notesUpdated: 1, notesSkipped: 1 });
    expect(s.notes().map((n) => [n.uid, n.text])).toEqual([
      ['a', 'new'],
      ['b', 'old'],
    ]);
  });

  it('markdown: one section per reference in canonical order, with its verse text and attribution', () => {
    const s = store();
    s.addNote(at('John 3:16'), 'loved', ['love'], new Date('2026-01-01T00:00:00Z'));
    s.addBookmark(at('Gen 1:1'), [], new Date('2026-01-01T00:00:00Z'));
    const texts = new Map([
      [
        'John 3:16',
        {
          translation: 'kjv',
          verses: [{ chapter: 3, v: 16, text: 'For God so loved' }],
          attribution: 'KJV, public domain',
        },
      ],
    ]);
    const md = writeExchange('md', exchangeOf(s), texts);
    const lines = md.split('\n');
    expect(lines.filter((l) => l.startsWith('## '))).toEqual(['## Genesis 1:1', '## John 3:16']);
    expect(md).toContain(
      '## John 3:16\n\n> **16** For God so loved (KJV)\n>\n> — KJV, public domain\n\n### Note · love\n',
    );
    expect(md).toMatch(/<!-- bible:bookmark created=2026-01-01T00:00:00.000Z tags= -->/);
  });

  it('refuses a broken file with the place and the reason', () => {
    const cases: Array<[string, string, string]> = [
      ['json', '{"format":"bible-workspace","version":2}', 'f: version: Invalid input: expected 1'],
      [
        'json',
        '{"format":"bible-workspace","version":1,"notes":[{"uid":"u","ref":"Jhon 3:16","text":"x","created":"2026-01-01T00:00:00Z","updated":"2026-01-01T00:00:00Z"}]}',
        "f: notes.0: unknown book 'Jhon' (did you mean John?)",
      ],
      ['csv', 'type,ref\n', 'f: the first line must be the header type,ref,text,tags,created,updated,uid'],
      [
        'csv',
        'type,ref,text,tags,created,updated,uid\nnote,John 3:16,x,,yesterday,,u\n',
        "f: line 2: 'yesterday' is not an ISO date-time",
      ],
      ['md', '<!-- bible:note uid=u lines=1 -->\nx\n', "f: line 1: a note before any '## Reference' heading"],
      [
        'md',
        '## John 3:16\n<!-- bible:note uid=u created=2026-01-01T00:00:00Z updated=2026-01-01T00:00:00Z lines=0 -->\nx\n',
        'f: line 2: a note needs the number of its lines',
      ],
    ];
    for (const [format, text, message] of cases) {
      let err: unknown;
      try {
        readExchange(format as 'md', text, 'f');
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(WorkspaceError);
      expect((err as Error).message).toBe(message);
    }
  });

  it('takes the format from the flag, else the extension', () => {
    expect(exchangeFormat(undefined, 'notes.MD')).toBe('md');
    expect(exchangeFormat(undefined, 'notes.markdown')).toBe('md');
    expect(exchangeFormat('CSV', 'notes.json')).toBe('csv');
    expect(() => exchangeFormat(undefined, 'notes.txt')).toThrow('name the format with --format md|json|csv');
    expect(() => exchangeFormat('xml', undefined)).toThrow("--format is md, json or csv (got 'xml')");
  });
});
