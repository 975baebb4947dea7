/**
 * The headings of Matthew Henry's chapter outlines: each chapter's first note opens with the
 * chapter's parts, each a short title and its verses ("The building of Solomon's temple.(1-10)",
 * "God looks at the heart. (Is. 66:1-4)"), or, for a chapter of one part, a title alone before
 * the exposition ("The excellency of brotherly love."). They say what a passage is about in a
 * few plain words, which `bible find` reads as a heading of those verses.
 */

/** A heading and the verses of its chapter it covers. */
export interface OutlineHeading {
  start: number;
  end: number;
  title: string;
}

/** Where the outline begins: after the chapter's number line (a book's introduction may come before it). */
const CHAPTER = /^Chapter \d+\s*$(?:\s*^Chapter Outline\s*$)?/m;
/** Where the outline ends: the first verse head ("*Verses 1-8*") or the exposition's dash. */
const EXPOSITION = /^\*Verses? \d|^--/m;
/** A title's verses in brackets at its end: "(1-10)", "(15-17)", "(Is. 56:1,2)", "(Jr 25:8-14)". */
const RANGE = /\((?:[1-3]?\s?[A-Za-z]+\.?\s*\d+:)?(\d+)(?:\s*[-,]\s*(\d+))?\)/g;
/** A chapter's single title is one short sentence; a longer text is an introduction. */
const TITLE_MAX = 120;

/** The outline's headings in a chapter's first note (of a chapter of `verses` verses); a chapter of one part gives its title for all of them. */
export function mhccOutline(text: string, verses: number): OutlineHeading[] {
  const at = text.match(CHAPTER);
  if (!at) return [];
  const body = (text.slice((at.index ?? 0) + at[0].length).split(EXPOSITION)[0] ?? '').trim();
  const headings: OutlineHeading[] = [];
  let from = 0;
  for (const m of body.matchAll(RANGE)) {
    const title = clean(body.slice(from, m.index));
    from = (m.index ?? 0) + m[0].length;
    const start = Number(m[1]);
    const end = Math.min(verses, Math.max(start, Number(m[2] ?? m[1])));
    if (title && start >= 1 && start <= end) headings.push({ start, end, title });
  }
  if (headings.length) return headings;
  const first = body.split(/\n\s*\n/)[0]?.trim() ?? '';
  return first && first.length <= TITLE_MAX && !first.includes('\n') && /\.$/.test(first)
    ? [{ start: 1, end: verses, title: clean(first) }]
    : [];
}

const clean = (s: string) => s.replace(/\s+/g, ' ').replace(/^[\s.,;]+|[\s.,;]+$/g, '');
