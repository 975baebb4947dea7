import { BOOKS } from '../../core/canon/canon.js';
import type { PersonaId } from '../../core/personas.js';
import { parseReference } from '../../core/reference/reference.js';
import type { StoryFields } from '../../core/schemas/stories.js';
import { headwordTopics } from '../../library/import/known-modules.js';
import type { LibraryStore, StrongsRow, TopicRow } from '../../library/store/library-store.js';
import type { Principal } from '../context.js';
import { findVerses } from '../find/engine.js';
import { heldWords } from '../find/lexical.js';
import { contentWords, tokens } from '../find/question.js';
import { anyStemPrefix } from '../find/stem.js';

export interface GroundVerse {
  ref: string;
  text: string;
  /** What brought the verse in (the find engine's reasons). */
  why: string[];
  /**
   * The Nave's sub-heading or theme it falls under ("Care: worldly"), the commentary heading over
   * its passage ("The building of Solomon's temple"), or the passage the question named.
   */
  theme: string;
}

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

export interface Grounding {
  translation: string;
  verses: GroundVerse[];
  topics: Array<{ headword: string; refs: string[]; see: string[] }>;
  stories: Array<Pick<StoryFields, 'slug' | 'title' | 'summary'> & { passages: string[] }>;
  strongs: OriginalWord[];
  commentary?: { id: string; ref: string; text: string };
  /** Whether a shown verse came in through a cross-reference (the TSK's attribution is then due). */
  crossrefs: boolean;
  /** The commentaries whose headings are shown as themes (their attribution is then due). */
  headings: string[];
  /** Whether an Everyday Topics subject brought in a shown verse (its attribution is then due). */
  everyday?: boolean;
}

/** How many verses each persona's answer quotes: the simple helper two or three at most. */
const VERSES: Record<PersonaId, number> = { default: 6, biblical_scholar: 5, simple_helper: 3 };
/**
 * How many of the engine's verses are read for related topics and a story, the quoted ones first:
 * "forgiveness" quotes six verses on the forgiveness of sins, none brought in by a topic, while
 * the 7th-10th come from Nave's FORGIVENESS and the story of the unforgiving servant.
 */
const CONTEXT_VERSES = 15;
/** How many original words the scholar is shown. */
const ORIGINAL_WORDS = 6;

const TOPIC_WHY = /^topic: (.+?)(?: \(see also from .+\))?$/;
/** The find engine's story reason: the title, and the key verses where one of them is the verse. */
const STORY_WHY = /^story: (.+?)(?:, its key verses? .+)?$/;
const EVERYDAY_WHY = /^everyday topic: (.+)$/;
/** The find engine's commentary reason: the commentary's name, its heading in quotes, the passage. */
const HEADING_WHY = /^commentary: .+?, "(.+)" \(.+\)$/;

/** A question about the original languages ("which Greek word…", "the Hebrew words for…"). */
const LANGUAGE_QUESTION = /\b(?:greek|hebrew|aramaic|original|strong'?s|lemma|transliterat\w*)\b/i;

/**
 * The question with "word(s)" taken out when it asks about the original languages: there the
 * word is the question's frame ("which Greek word is behind love"), while elsewhere it may be
 * what is sought ("in the beginning was the Word"), so the find engine keeps it as a content word.
 */
export function withoutLanguageFrame(question: string): string {
  return LANGUAGE_QUESTION.test(question) ? question.replace(/\bwords?\b/gi, ' ') : question;
}

/** "WORLDLY" → "worldly": Nave's prints sub-headings in capitals. */
const quiet = (s: string) => (s === s.toUpperCase() ? s.toLowerCase() : s);
const titled = (s: string) => quiet(s).replace(/^\p{L}/u, (c) => c.toUpperCase());

/** The sub-heading of a topic that lists the verse (ranges included), or undefined. */
function sectionOf(topic: TopicRow, book: number, chapter: number, verse: number): string | undefined {
  const section = topic.sections.find((s) =>
    s.refs.some((r) => r.bookNum === book && r.ch === chapter && verse >= r.v && verse <= (r.vEnd ?? r.v)),
  );
  return section?.heading;
}

/**
 * What the library holds that a question touches, for the chat: the `bible find` engine's
 * verses (drawing only on what the principal may read) grouped under the Nave's topic and
 * sub-heading that list them, the topics with their see-also lines, a story one of them came
 * from; for the scholar the original words behind the question's words in those verses, a
 * Strong's number or transliteration the question names, and the commentary on the first verse.
 */
export function retrieve(
  store: LibraryStore,
  question: string,
  persona: PersonaId,
  translation: string,
  principal: Principal,
): Grounding {
  const found = findVerses(store, principal, withoutLanguageFrame(question), {
    translation,
    limit: Math.max(VERSES[persona], CONTEXT_VERSES),
  });
  const shown = found.results.slice(0, VERSES[persona]);
  const usable = store.resources().filter((r) => principal.canRead(r.id));
  const nave = headwordTopics(usable)?.id;
  const topicCache = new Map<string, TopicRow | undefined>();
  const topic = (headword: string) => {
    if (!nave) return undefined;
    if (!topicCache.has(headword)) topicCache.set(headword, store.topicByHeadword(nave, headword));
    return topicCache.get(headword);
  };
  const grounding: Grounding = {
    translation: found.translation,
    verses: [],
    topics: [],
    stories: [],
    strongs: [],
    crossrefs: false,
    headings: [],
  };
  for (const r of shown) {
    const book = BOOKS.findIndex((b) => b.name === r.book) + 1;
    const named = r.why.find((w) => w.startsWith('named in the question: '));
    let theme = named ? named.slice('named in the question: '.length) : '';
    for (const why of r.why) {
      const headword = why.match(TOPIC_WHY)?.[1];
      const entry = headword ? topic(headword) : undefined;
      if (!entry || theme) continue;
      const heading = sectionOf(entry, book, r.chapter, r.v);
      // Only a sub-heading's first clause: Nave's runs some on ("INSTANCES OF. Isaac toward…").
      const head = heading?.split(/[.:]/)[0]?.trim();
      theme = head && !/^see$/i.test(head) ? `${titled(entry.headword)}: ${quiet(head)}` : titled(entry.headword);
    }
    // No Nave's sub-heading: the everyday topic that brought it in ("Anxiety and worry"). Its
    // attribution is due for any quoted verse it brought in, themed or not.
    const everyday = r.why.map((w) => w.match(EVERYDAY_WHY)?.[1]).find((h) => h);
    if (everyday) grounding.everyday = true;
    if (everyday && !theme) theme = everyday;
    // Else the commentary heading over the verse's passage, when one brought it in.
    const heading = theme ? undefined : r.why.map((w) => w.match(HEADING_WHY)?.[1]).find((h) => h);
    if (heading) {
      // A heading cut from a sentence of Matthew Henry's ("to live in mutual love…") reads as a title.
      theme = heading.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
      const from = usable.find(
        (u) => u.kind === 'commentary' && r.why.some((w) => w.startsWith(`commentary: ${u.name},`)),
      );
      if (from && !grounding.headings.includes(from.id)) grounding.headings.push(from.id);
    }
    if (r.why.some((w) => w.startsWith('cross-reference'))) grounding.crossrefs = true;
    grounding.verses.push({ ref: r.ref, text: r.text, why: r.why, theme });
  }
  const words = contentWords(question);
  // The quoted verses' topics and story first; from the verses ranked after them only a topic the
  // question names (its headword holds a question word: FORGIVENESS for "forgiveness") and a
  // story on its theme. Their other topics and stories wander off ("how can I
  // trust God when things go wrong" → GOAD, GOAT; "how should I treat my neighbor" → the
  // marriage feast, through "entreated").
  const quoted = shown.flatMap((r) => r.why);
  const later = found.results.slice(shown.length).flatMap((r) => r.why);
  const topicsOf = (reasons: string[]) => reasons.map((w) => w.match(TOPIC_WHY)?.[1]).filter((h) => h !== undefined);
  const named = (headword: string) => heldWords(words, tokens(headword)).length > 0;
  const headwords = [...new Set([...topicsOf(quoted), ...topicsOf(later).filter(named)])];
  for (const h of headwords.slice(0, 3)) {
    const entry = topic(h);
    if (!entry) continue;
    grounding.topics.push({
      headword: entry.headword,
      refs: entry.sections.flatMap((s) => s.refs.map((r) => r.ref)).slice(0, 6),
      see: [...new Set(entry.sections.flatMap((s) => s.see))].slice(0, 6),
    });
  }
  const storiesOf = (reasons: string[]) => reasons.map((w) => w.match(STORY_WHY)?.[1]).filter((t) => t !== undefined);
  const fromQuoted = storiesOf(quoted);
  const fromLater = storiesOf(later);
  const match = anyStemPrefix(words);
  if (match && principal.canRead('stories') && (fromQuoted.length || fromLater.length)) {
    const ranked = store.rankedStories(match, 5);
    // The quoted verses' story the words name best; else a later verse's whose title or themes
    // hold a question word (The Unforgiving Servant, forgiveness, for "forgiveness").
    // A theme whole ("kingdom-of-god" is no story about every question naming God).
    const onTheme = (s: StoryFields) => heldWords(words, [...tokens(s.title), ...s.themes]).length > 0;
    const story =
      ranked.find((s) => fromQuoted.includes(s.story.title))?.story ??
      ranked.find((s) => fromLater.includes(s.story.title) && onTheme(s.story))?.story;
    if (story)
      grounding.stories.push({
        slug: story.slug,
        title: story.title,
        summary: story.summary,
        passages: story.passages.map((p) => p.ref),
      });
  }
  if (persona === 'biblical_scholar') {
    const lexicons = usable
      .filter((r) => r.kind === 'lexicon')
      .map((r) => (r.id.endsWith('greek') ? 'greek' : 'hebrew') as 'greek' | 'hebrew');
    grounding.strongs = originalWords(
      store,
      question,
      words,
      grounding.verses,
      lexicons,
      usable.map((r) => r.id),
    );
    grounding.commentary = commentaryOn(store, grounding.verses[0], usable);
  }
  return grounding;
}

/**
 * The original words a scholar asks after: a Strong's number or a transliteration the question
 * names ("agape" → G26), then the tagged words behind the question's English words in the
 * retrieved verses ("love" in John 21:15-17 → G25 agapaō, G5368 phileō), read from the
 * Strong's-tagged translations' word spans.
 */
function originalWords(
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
function commentaryOn(
  store: LibraryStore,
  verse: GroundVerse | undefined,
  usable: ReturnType<LibraryStore['resources']>,
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

/** The grounding as context for a language model. */
export function groundingText(g: Grounding): string {
  const parts: string[] = [];
  if (g.verses.length)
    parts.push(
      `Verses (${g.translation.toUpperCase()}):\n${g.verses.map((v) => `${v.ref}: ${v.text}${v.theme ? ` [${v.theme}]` : ''}`).join('\n')}`,
    );
  if (g.topics.length)
    parts.push(
      `Topics (Nave's):\n${g.topics.map((t) => `${t.headword}: ${t.refs.join('; ')}${t.see.length ? ` (see also ${t.see.join(', ')})` : ''}`).join('\n')}`,
    );
  if (g.stories.length)
    parts.push(`Stories:\n${g.stories.map((s) => `${s.title} (${s.passages.join('; ')}): ${s.summary}`).join('\n')}`);
  if (g.strongs.length) parts.push(`Original words (Strong's):\n${g.strongs.map(originalWordLine).join('\n')}`);
  if (g.commentary) parts.push(`Commentary (${g.commentary.id}) on ${g.commentary.ref}:\n${g.commentary.text}`);
  return parts.join('\n\n');
}
