import { ByteReader, ByteWriter } from './byte-codec.js';

/**
 * Where a Strong's number occurs in a translation (strongs_postings.occurrences), packed: how
 * many occurrences, then each word span that carries it, in canonical order, as two varints (the
 * verse key's step from the previous one's, 0 within a verse, and the span's index in its verse);
 * then its renderings: how many, and each one's count and the place of its first occurrence, whose
 * span's words, lower-cased, are the rendering. About two bytes an occurrence, where a row each
 * took some 25; and the concordance counts its renderings from a few verses, not every one.
 */

/** One occurrence: a verse key (book×1e6 + chapter×1e3 + verse) and a span index within it. */
export interface Occurrence {
  key: number;
  idx: number;
}

/** A rendering: how many occurrences read so, and the index of the first among them. */
export interface Rendering {
  count: number;
  first: number;
}

export interface Postings {
  occurrences: Occurrence[];
  renderings: Rendering[];
}

/** SQLite's lower(), which the renderings were grouped by: A-Z only (é and Ñ stay as they are). */
export const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

/** Occurrences with their spans' words, packed sorted by verse then span and each once. */
export function packPostings(occurrences: Array<Occurrence & { text: string }>): Buffer {
  const sorted = [...occurrences].sort((a, b) => a.key - b.key || a.idx - b.idx);
  const unique = sorted.filter((o, i) => i === 0 || o.key !== sorted[i - 1]?.key || o.idx !== sorted[i - 1]?.idx);
  const out = new ByteWriter();
  out.varint(unique.length);
  let key = 0;
  const renderings = new Map<string, Rendering>();
  unique.forEach((o, i) => {
    out.varint(o.key - key);
    out.varint(o.idx);
    key = o.key;
    const word = asciiLower(o.text);
    const r = renderings.get(word);
    if (r) r.count++;
    else renderings.set(word, { count: 1, first: i });
  });
  out.varint(renderings.size);
  for (const r of renderings.values()) {
    out.varint(r.count);
    out.varint(r.first);
  }
  return out.done();
}

/** A packed blob read back; a damaged one throws LibraryDamagedError. */
export function unpackPostings(blob: Uint8Array, what: () => string): Postings {
  const r = new ByteReader(blob, what);
  const n = r.varint();
  if (n * 2 > blob.length) r.fail('more occurrences than bytes');
  const occurrences: Occurrence[] = [];
  let key = 0;
  for (let i = 0; i < n; i++) {
    key += r.varint();
    occurrences.push({ key, idx: r.varint() });
  }
  const m = r.varint();
  if (m > n) r.fail('more renderings than occurrences');
  const renderings: Rendering[] = [];
  for (let i = 0; i < m; i++) {
    const rendering = { count: r.varint(), first: r.varint() };
    if (rendering.count > n || rendering.first >= n) r.fail('a rendering past the occurrences');
    renderings.push(rendering);
  }
  if (r.more) r.fail('bytes after the renderings');
  return { occurrences, renderings };
}
