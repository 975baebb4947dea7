import { ByteReader, ByteWriter } from './byte-codec.js';

/**
 * A verse's word spans packed in one blob (verse_words.words), in order. A span is a flags byte
 * (bits 0-2 its marks, WORD_MARKS; bit 3 it has morphology; bit 4 its text is written out; bits
 * 5-7 how many Strong's numbers, 7 meaning a varint count follows), then where its text is, then
 * its numbers, then its morphology. Its text is a substring of the verse's (or its title's, for a
 * title's span) that follows the previous span's: two varints, the characters skipped and the
 * length, where a row per span held the words again (63 MB for two translations, now 3).
 * A span that is not found there (none is, in today's modules) is written out. A number is a
 * varint, twice the number plus one for Hebrew.
 */

/** A span as stored: its words, its normalised Strong's numbers ('G25'), morphology, WORD_MARKS bits. */
export interface PackedSpan {
  text: string;
  strongs: string[];
  morph: string[];
  marks: number;
}

const MORPH = 1 << 3;
const LITERAL = 1 << 4;
const COUNT_SHIFT = 5;
const COUNT_ESCAPE = 7;
const TITLE_MARK = 4;
const STRONGS = /^([GH])(0|[1-9]\d*)$/;

/** A normalised Strong's number ('G25', 'H430') as one integer: twice the number, plus one for Hebrew. */
export function strongsCode(number: string): number | undefined {
  const m = STRONGS.exec(number);
  return m ? Number(m[2]) * 2 + (m[1] === 'H' ? 1 : 0) : undefined;
}

const strongsOfCode = (code: number): string => `${code % 2 ? 'H' : 'G'}${Math.floor(code / 2)}`;

/** The spans of a verse whose text and title are as given, packed. */
export function packWords(spans: readonly PackedSpan[], text: string, title: string): Buffer {
  const out = new ByteWriter();
  const cursor = { text: 0, title: 0 };
  for (const s of spans) {
    const source = s.marks & TITLE_MARK ? 'title' : 'text';
    const at = (source === 'title' ? title : text).indexOf(s.text, cursor[source]);
    const count = s.strongs.length;
    out.byte(
      (s.marks & 7) |
        (s.morph.length ? MORPH : 0) |
        (at < 0 ? LITERAL : 0) |
        (Math.min(count, COUNT_ESCAPE) << COUNT_SHIFT),
    );
    if (at < 0) {
      out.text(s.text);
    } else {
      out.varint(at - cursor[source]);
      out.varint(s.text.length);
      cursor[source] = at + s.text.length;
    }
    if (count >= COUNT_ESCAPE) out.varint(count);
    for (const n of s.strongs) {
      const code = strongsCode(n);
      if (code === undefined) throw new RangeError(`not a normalised Strong's number: ${n}`);
      out.varint(code);
    }
    if (s.morph.length) out.text(s.morph.join(' '));
  }
  return out.done();
}

/**
 * The spans of a packed blob, read against the verse's text and title; with `wanted`, only the
 * spans at those indexes (the concordance's, of a verse of many). A damaged blob throws
 * LibraryDamagedError.
 */
export function unpackWords(
  blob: Uint8Array,
  text: string,
  title: string,
  what: () => string,
  wanted?: ReadonlySet<number>,
): Map<number, PackedSpan> {
  const spans = new Map<number, PackedSpan>();
  readSpans(blob, what, { text, title }, wanted ? (idx) => wanted.has(idx) : () => true, (idx, s) => {
    spans.set(idx, s);
    return false;
  });
  return spans;
}

/** Whether any span of a packed blob carries the mark (a WORD_MARKS bit), its texts left unread. */
export function anyMarked(blob: Uint8Array, mark: number, what: () => string): boolean {
  let found = false;
  readSpans(
    blob,
    what,
    undefined,
    () => true,
    (_, s) => {
      found = (s.marks & mark) !== 0;
      return found;
    },
  );
  return found;
}

/**
 * Reads the spans in order until `take` says stop, giving it those `wanted` says; without the
 * verse's text and title, a span's text is ''.
 */
function readSpans(
  blob: Uint8Array,
  what: () => string,
  verse: { text: string; title: string } | undefined,
  wanted: (idx: number) => boolean,
  take: (idx: number, span: PackedSpan) => boolean,
): void {
  const r = new ByteReader(blob, what);
  const cursor = { text: 0, title: 0 };
  for (let idx = 0; r.more; idx++) {
    const flags = r.byte();
    const marks = flags & 7;
    const want = wanted(idx);
    let words = '';
    if (flags & LITERAL) {
      words = r.text();
    } else {
      const source = marks & TITLE_MARK ? 'title' : 'text';
      const from = cursor[source] + r.varint();
      const to = from + r.varint();
      if (verse) {
        if (to > verse[source].length) r.fail(`a span past the end of the verse's ${source}`);
        if (want) words = verse[source].slice(from, to);
      }
      cursor[source] = to;
    }
    let count = flags >> COUNT_SHIFT;
    if (count === COUNT_ESCAPE) count = r.varint();
    if (count > blob.length) r.fail('more numbers than bytes');
    const strongs: string[] = [];
    for (let i = 0; i < count; i++) {
      const code = r.varint();
      if (want) strongs.push(strongsOfCode(code));
    }
    const morph = flags & MORPH ? r.text() : '';
    if (want && take(idx, { text: words, strongs, morph: morph ? morph.split(' ') : [], marks })) return;
  }
}
