import { findBook } from '../../core/canon/canon.js';
import { formatReference, type Reference } from '../../core/reference/reference.js';
import type { PassageResult } from '../../core/schemas/index.js';
import type { TypedReference } from '../references.js';
import { call, type Page } from './page.js';

/** The longest `refs` a passage call takes, in characters; a next call is written within it too. */
export const REFS_MAX_CHARS = 200;

function versesIn(ref: Reference): number {
  let n = 0;
  for (let c = ref.start.chapter; c <= ref.end.chapter; c++) {
    const last = c === ref.end.chapter ? ref.end.verse : (ref.book.verseCounts[c - 1] ?? 0);
    n += last - (c === ref.start.chapter ? ref.start.verse : 1) + 1;
  }
  return n;
}

/** A reference cut after its first `n` verses (0 < n < its verses): the part kept and the rest. */
function cutAfter(ref: Reference, n: number): [Reference, Reference] {
  let { chapter, verse } = ref.start;
  for (let left = n; ; ) {
    const inChapter = (ref.book.verseCounts[chapter - 1] ?? 0) - verse + 1;
    if (left < inChapter) {
      const end = { chapter, verse: verse + left - 1 };
      return [
        { book: ref.book, start: ref.start, end },
        { book: ref.book, start: { chapter, verse: verse + left }, end: ref.end },
      ];
    }
    left -= inChapter;
    chapter++;
    verse = 1;
    if (left === 0) {
      const kept = { chapter: chapter - 1, verse: ref.book.verseCounts[chapter - 2] ?? 0 };
      return [
        { book: ref.book, start: ref.start, end: kept },
        { book: ref.book, start: { chapter, verse: 1 }, end: ref.end },
      ];
    }
  }
}

/**
 * The references cut to their first `max` verses, before any is read: those to read, and the rest
 * as the canonical text a next call names.
 */
export function clipVerses(refs: readonly TypedReference[], max: number): { read: TypedReference[]; unread: string[] } {
  const read: TypedReference[] = [];
  const unread: string[] = [];
  let left = max;
  for (const r of refs) {
    const n = versesIn(r.ref);
    if (n <= left) {
      read.push(r);
      left -= n;
    } else if (left > 0) {
      const [kept, rest] = cutAfter(r.ref, left);
      read.push({ text: formatReference(kept), ref: kept });
      unread.push(formatReference(rest));
      left = 0;
    } else unread.push(r.text);
  }
  return { read, unread };
}

/** Where an item of the page stands: translation, passage, verse (-1: a passage with no verse). */
interface At {
  t: number;
  p: number;
  v: number;
}

/** The references that follow a passage's first `v` verses: the rest of it, then the passages after. */
function restOf(result: PassageResult, p: number, v: number): string[] {
  const out: string[] = [];
  const first = result.passages[p];
  if (first && v > 0) {
    const from = first.verses[v];
    const to = first.verses[first.verses.length - 1];
    const book = from && findBook(from.book);
    if (from && to && book)
      out.push(
        formatReference({
          book,
          // Where the verses fall in the numbering they were asked by (the first translation's).
          start: { chapter: from.at?.chapter ?? from.chapter, verse: from.at?.v ?? from.v },
          end: { chapter: to.at?.chapter ?? to.chapter, verse: to.at?.v ?? to.v },
        }),
      );
  } else if (first) out.push(first.ref);
  for (const later of result.passages.slice(p + 1)) out.push(later.ref);
  return out;
}

/** References joined within REFS_MAX_CHARS, and a word on those left for after. */
function refsArg(refs: readonly string[]): { refs: string; after: number } {
  let text = '';
  let taken = 0;
  for (const r of refs) {
    const next = text ? `${text}; ${r}` : r;
    if (next.length > REFS_MAX_CHARS && taken) break;
    text = next;
    taken++;
  }
  return { refs: text, after: refs.length - taken };
}

/** The verses of each translation, side by side, as a page of verses; `unread` follows in every translation. */
export function passagePage(
  results: readonly PassageResult[],
  unread: readonly string[],
): Page<{ results: PassageResult[] }> {
  const items: string[] = [];
  const at: At[] = [];
  for (const [t, r] of results.entries())
    for (const [p, passage] of r.passages.entries()) {
      const title = `${items.length ? '\n' : ''}${passage.ref} (${r.translation.toUpperCase()})`;
      if (!passage.verses.length) {
        items.push(title);
        at.push({ t, p, v: -1 });
      }
      for (const [v, verse] of passage.verses.entries()) {
        // A translation numbered otherwise than the first says where its verse falls there (Synodal 50:3 [51:1]).
        const moved = verse.at && (verse.at.chapter !== verse.chapter || verse.at.v !== verse.v);
        const line = `${verse.chapter}:${verse.v}${moved ? ` [${verse.at?.chapter}:${verse.at?.v}]` : ''} ${verse.text}`;
        items.push(v ? line : `${title}\n${line}`);
        at.push({ t, p, v });
      }
    }
  const data = (shown: number) => {
    const last = at[shown - 1];
    const kept: PassageResult[] = [];
    if (!last) return { results: kept };
    for (const [t, r] of results.slice(0, last.t + 1).entries()) {
      if (t < last.t) kept.push(r);
      else
        kept.push({
          ...r,
          passages: r.passages
            .slice(0, last.p + 1)
            .map((p, i) => (i < last.p ? p : { ...p, verses: p.verses.slice(0, last.v + 1) })),
        });
    }
    return { results: kept };
  };
  const next = (shown: number) => {
    const cut = at[shown];
    const rests = results.map((r, t) => {
      if (!cut || t < cut.t) return [...unread];
      if (t > cut.t) return [...r.passages.map((p) => p.ref), ...unread];
      return [...restOf(r, cut.p, cut.v), ...unread];
    });
    // Translations left with the same references are asked for in one call.
    const calls = new Map<string, string[]>();
    for (const [t, rest] of rests.entries()) {
      if (!rest.length) continue;
      const { refs, after } = refsArg(rest);
      const key = after ? `${refs}\u0000${after}` : refs;
      calls.set(key, [...(calls.get(key) ?? []), results[t]?.translation ?? '']);
    }
    const asks = [...calls].map(([key, translations]) => {
      const [refs, after] = key.split('\u0000');
      return call('passage', { refs, translations }) + (after ? ` (then ${after} more references)` : '');
    });
    return asks.length ? asks.join('; then ') : undefined;
  };
  return {
    items,
    unit: 'verses',
    data,
    next,
    attribution: results.map((r) => r.attribution).join('\n'),
  };
}
