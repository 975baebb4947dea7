import { BOOKS, findBook, MAX_BOOK_NAME_LENGTH } from '../../core/canon/canon.js';
import type { PersonaId } from '../../core/personas.js';
import { formatReference, parseReference, probeReference } from '../../core/reference/reference.js';
import type { StoryFields } from '../../core/schemas/stories.js';
import type { LibraryStore, StrongsRow, VerseRow } from '../../library/store/library-store.js';

export interface GroundVerse {
  ref: string;
  text: string;
}

export interface Grounding {
  translation: string;
  verses: GroundVerse[];
  topics: Array<{ headword: string; refs: string[] }>;
  stories: Array<Pick<StoryFields, 'slug' | 'title' | 'summary'> & { passages: string[] }>;
  strongs: Array<Pick<StrongsRow, 'number' | 'lemma' | 'transliteration' | 'gloss'>>;
  commentary?: { id: string; ref: string; text: string };
}

/** Words that carry no search weight in a question. */
const STOP = new Set(
  'a an and are as at be but by can could did do does for from had has have how i if in into is it its me my not of on or our shall should so that the their them then there these they this to up us was we were what when where which who whom why will with would you your about tell says say said bible verse verses mean means meaning explain'.split(
    ' ',
  ),
);

/** The question's content words, longest (most specific) first. */
export function keywords(question: string): string[] {
  const words = [...new Set(question.toLowerCase().match(/[\p{L}']+/gu) ?? [])].filter(
    (w) => w.length > 2 && !STOP.has(w) && !findBook(w),
  );
  return words.sort((a, b) => b.length - a.length);
}

const verseRef = (v: VerseRow) => `${BOOKS[v.book - 1]!.name} ${v.chapter}:${v.verse}`;

/** How many references a question may name for retrieval, and how many numbers in it are looked at. */
const NAMED_MAX = 3;
const NUMBERS_EXAMINED_MAX = 50;

/**
 * References named in the question itself ("What is love in 1 Corinthians 13:4?"): at each
 * chapter or chapter:verse, the longest run of up to four words before it that reads as one.
 * Bounded whatever the question: the first few found, the first numbers looked at, a short
 * stretch of text before each, and no misspelling suggestions (their cost grows with the text).
 */
export function namedReferences(question: string): string[] {
  const found: string[] = [];
  let examined = 0;
  for (const m of question.matchAll(/\b\d{1,3}(?::\d{1,3}(?:\s?[-–]\s?\d{1,3}(?::\d{1,3})?)?)?\b/g)) {
    if (found.length >= NAMED_MAX || ++examined > NUMBERS_EXAMINED_MAX) break;
    const stretch = question.slice(Math.max(0, m.index - 4 * MAX_BOOK_NAME_LENGTH), m.index);
    const before = stretch.trimEnd().split(/\s+/).slice(-4);
    for (let n = before.length; n >= 1; n--) {
      try {
        const text = formatReference(probeReference(`${before.slice(-n).join(' ')} ${m[0]}`));
        if (!found.includes(text)) found.push(text);
        break;
      } catch {
        // fewer words
      }
    }
  }
  return found;
}

/**
 * What the library holds that a question touches: verses (full-text over the translation, and
 * any passage the question names), topics and stories; for the scholar, Strong's words and a
 * commentary note on the first verse.
 */
export function retrieve(
  store: LibraryStore,
  question: string,
  persona: PersonaId,
  translation: string,
  canRead: (resourceId: string) => boolean = () => true,
): Grounding {
  const words = keywords(question);
  const grounding: Grounding = { translation, verses: [], topics: [], stories: [], strongs: [] };
  for (const text of namedReferences(question)) {
    const ref = parseReference(text);
    const rows = store
      .verses(translation, ref.book.number, ref.start.chapter, ref.start.verse, ref.end.chapter, ref.end.verse)
      .slice(0, 6);
    for (const v of rows) grounding.verses.push({ ref: verseRef(v), text: v.text });
  }
  if (words.length) {
    // All the words first; if that finds too little, any of the weightier ones.
    const all = store.searchVerses(translation, words.join(' '), 4);
    const any = all.length >= 3 ? [] : words.flatMap((w) => store.searchVerses(translation, w, 2));
    for (const v of [...all, ...any]) {
      const ref = verseRef(v);
      if (!grounding.verses.some((g) => g.ref === ref) && grounding.verses.length < 5)
        grounding.verses.push({ ref, text: v.text });
    }
    const nave = store.resources().find((r) => r.kind === 'topics' && canRead(r.id));
    if (nave) {
      for (const w of words) {
        const topic = store.topicByHeadword(nave.id, w);
        if (topic && grounding.topics.length < 2) {
          grounding.topics.push({
            headword: topic.headword,
            refs: topic.sections.flatMap((s) => s.refs.map((r) => r.ref)).slice(0, 6),
          });
        }
      }
    }
    // Stories that match every word; failing that, ones whose title names a word of the question.
    const { stories } = canRead('stories')
      ? store.stories({ q: words.slice(0, 3).join(' '), limit: 2 })
      : { stories: [] };
    const found = stories.length
      ? stories
      : !canRead('stories')
        ? []
        : words
            .flatMap((w) => store.stories({ q: w, limit: 5 }).stories.filter((s) => s.title.toLowerCase().includes(w)))
            .slice(0, 2);
    for (const s of found) {
      if (!grounding.stories.some((x) => x.slug === s.slug)) {
        grounding.stories.push({
          slug: s.slug,
          title: s.title,
          summary: s.summary,
          passages: s.passages.map((p) => p.ref),
        });
      }
    }
    // A story the question names by title leads: its opening verses come first.
    const named = grounding.stories.find((st) => words.some((w) => st.title.toLowerCase().includes(w)));
    if (named) {
      const ref = parseReference(named.passages[0] as string);
      const opening = store
        .verses(translation, ref.book.number, ref.start.chapter, ref.start.verse, ref.end.chapter, ref.end.verse)
        .slice(0, 2);
      const lead = opening
        .map((v) => ({ ref: verseRef(v), text: v.text }))
        .filter((v) => !grounding.verses.some((g) => g.ref === v.ref));
      grounding.verses = [...lead, ...grounding.verses].slice(0, 5);
    }
  }
  if (persona === 'biblical_scholar') {
    // The lexicon of the testament the passages are in comes first.
    const nt = grounding.verses[0]
      ? (BOOKS.find((b) => grounding.verses[0]!.ref.startsWith(`${b.name} `))?.testament ?? 'NT') === 'NT'
      : true;
    const available = store
      .resources()
      .filter((r) => r.kind === 'lexicon' && canRead(r.id))
      .map((r) => (r.id.endsWith('greek') ? 'greek' : 'hebrew') as 'greek' | 'hebrew');
    const lexicons = available.sort((a, b) => (a === 'greek' ? -1 : 1) * (nt ? 1 : -1) || a.localeCompare(b));
    for (const w of words.slice(0, 4)) {
      const hit = lexicons.map((l) => store.strongsSearch(w, [l], 1)[0]).find((h) => h !== undefined);
      if (hit && !grounding.strongs.some((s) => s.number === hit.number)) {
        grounding.strongs.push({
          number: hit.number,
          lemma: hit.lemma,
          transliteration: hit.transliteration,
          gloss: hit.gloss,
        });
      }
    }
    const first = grounding.verses[0];
    const commentary =
      store.resources().find((r) => r.kind === 'commentary' && r.id === 'mhcc' && canRead(r.id)) ??
      store.resources().find((r) => r.kind === 'commentary' && canRead(r.id));
    if (first && commentary) {
      const ref = parseReference(first.ref);
      const note = store.noteAt(commentary.id, ref.book.number, ref.start.chapter, ref.start.verse);
      if (note) {
        const range =
          note.verse_start === note.verse_end ? `${note.verse_start}` : `${note.verse_start}-${note.verse_end}`;
        grounding.commentary = {
          id: commentary.id,
          ref: `${ref.book.name} ${ref.start.chapter}:${range}`,
          text: excerpt(note.text, 600),
        };
      }
    }
  }
  return grounding;
}

/** The start of a text, cut at a sentence end near `max` characters. */
export function excerpt(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const end = Math.max(cut.lastIndexOf('. '), cut.lastIndexOf('; '));
  return `${end > max / 2 ? cut.slice(0, end + 1) : cut}…`;
}

/** The grounding as context for a language model. */
export function groundingText(g: Grounding): string {
  const parts: string[] = [];
  if (g.verses.length)
    parts.push(`Verses (${g.translation.toUpperCase()}):\n${g.verses.map((v) => `${v.ref}: ${v.text}`).join('\n')}`);
  if (g.topics.length)
    parts.push(`Topics (Nave's):\n${g.topics.map((t) => `${t.headword}: ${t.refs.join('; ')}`).join('\n')}`);
  if (g.stories.length)
    parts.push(`Stories:\n${g.stories.map((s) => `${s.title} (${s.passages.join('; ')}): ${s.summary}`).join('\n')}`);
  if (g.strongs.length)
    parts.push(
      `Strong's:\n${g.strongs.map((s) => `${s.number} ${s.lemma} (${s.transliteration}): ${s.gloss}`).join('\n')}`,
    );
  if (g.commentary) parts.push(`Commentary (${g.commentary.id}) on ${g.commentary.ref}:\n${g.commentary.text}`);
  return parts.join('\n\n');
}
