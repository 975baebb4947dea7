import { parseReference } from '../../core/reference/reference.js';
import { heldWords } from '../../find/full-text.js';
import { tokens } from '../../find/question.js';
import type { LibraryStore, ResourceRow, StrongsRow } from '../../library/store/library-store.js';
import type { Grounding, GroundVerse } from './retrieval.js';

// What the scholar is shown beside the verses: the original words behind the question's words,
// and the commentary on the first verse.

/** How many original words the scholar is shown. */
const ORIGINAL_WORDS = 6;

export interface OriginalWord extends Pick<StrongsRow, 'number' | 'lemma' | 'transliteration' | 'gloss'> {
  /** The English words it stands behind and where ("lovest" in John 21:15), or that the question named it. */
  behind: string;
  definition: string;
}

/**
 * An original word as the answer and the prompt show it: its number, lemma, transliteration, the
 * English it stands behind, and its meaning, the gloss once ("to love. to love (in a social or
 * moral sense)" read twice where the definition begins with the gloss).
 */
export function originalWordLine(s: OriginalWord): string {
  const meaning = s.definition.startsWith(s.gloss) ? s.definition : `${s.gloss}. ${s.definition}`;
  return `${s.number} ${s.lemma} (${s.transliteration}), ${s.behind}: ${meaning}`;
}

/**
 * The original words a scholar asks after: a Strong's number or a transliteration the question
 * names ("agape" → G26), then the tagged words behind the question's English words in the
 * retrieved verses ("love" in John 21:15-17 → G25 agapaō, G5368 phileō), read from the
 * Strong's-tagged translations' word spans.
 */
export function originalWords(
  store: LibraryStore,
  question: string,
  words: string[],
  verses: GroundVerse[],
  lexicons: Array<'greek' | 'hebrew'>,
  readable: string[],
): OriginalWord[] {
  if (!lexicons.length) return [];
  const out = new Map<string, OriginalWord>();
  const add = (row: StrongsRow | undefined, behind: string) => {
    if (!row || !lexicons.includes(row.lexicon) || out.has(row.number) || out.size >= ORIGINAL_WORDS) return;
    out.set(row.number, {
      number: row.number,
      lemma: row.lemma,
      transliteration: row.transliteration,
      gloss: row.gloss,
      definition: excerpt(row.definition, 240),
      behind,
    });
  };
  for (const m of question.matchAll(/\b([GH])0*(\d{1,5})\b/gi))
    add(store.strongs(`${m[1]!.toUpperCase()}${m[2]}`), 'named in the question');
  for (const w of words) add(store.strongsByTransliteration(w, lexicons, 1)[0], `“${w}” in the question`);
  const tagged = ['kjv', 'web'].filter((t) => readable.includes(t));
  // Each original word with the English it renders and the verses, gathered before they are told.
  const behind = new Map<string, { english: Set<string>; refs: string[] }>();
  for (const v of verses) {
    const ref = parseReference(v.ref);
    for (const t of tagged) {
      const spans =
        store.verseWords(t, ref.book.number, ref.start.chapter, ref.start.verse, ref.start.chapter, ref.start.verse)[0]
          ?.words ?? [];
      for (const span of spans) {
        if (!span.strongs.length || !heldWords(words, tokens(span.text)).length) continue;
        for (const n of span.strongs) {
          const entry = behind.get(n) ?? { english: new Set<string>(), refs: [] };
          entry.english.add(span.text.toLowerCase());
          if (!entry.refs.includes(v.ref)) entry.refs.push(v.ref);
          behind.set(n, entry);
        }
      }
    }
  }
  for (const [n, { english, refs }] of behind)
    add(store.strongs(n), `behind “${[...english].slice(0, 3).join('”, “')}” in ${refs.slice(0, 3).join('; ')}`);
  return [...out.values()];
}

/** The commentary's section on the verse (Matthew Henry's Concise first), cut to a readable excerpt. */
export function commentaryOn(
  store: LibraryStore,
  verse: GroundVerse | undefined,
  usable: readonly ResourceRow[],
): Grounding['commentary'] {
  const commentary =
    usable.find((r) => r.kind === 'commentary' && r.id === 'mhcc') ?? usable.find((r) => r.kind === 'commentary');
  if (!verse || !commentary) return undefined;
  const ref = parseReference(verse.ref);
  const note = store.noteAt(commentary.id, ref.book.number, ref.start.chapter, ref.start.verse);
  if (!note) return undefined;
  const range = note.verse_start === note.verse_end ? `${note.verse_start}` : `${note.verse_start}-${note.verse_end}`;
  return { id: commentary.id, ref: `${ref.book.name} ${ref.start.chapter}:${range}`, text: excerpt(note.text, 600) };
}

/** The start of a text, cut at a sentence end near `max` characters. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('; '));
  return `${end > max / 2 ? cut.slice(0, end + 1) : cut}…`;
}
