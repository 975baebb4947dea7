import { ALL_BOOKS } from '../../core/canon/canon.js';
import type { PersonaId } from '../../core/personas.js';
import type { StoryFields } from '../../core/schemas/stories.js';
import { type FoundVerse, findVerses } from '../../find/engine.js';
import { heldWords } from '../../find/full-text.js';
import { contentWords, tokens } from '../../find/question.js';
import { type Reason, reasonsOf } from '../../find/registry.js';
import { anyStemPrefix } from '../../find/stem.js';
import { headwordTopics } from '../../library/import/known-modules.js';
import type { LibraryStore, ResourceRow, TopicRow } from '../../library/store/library-store.js';
import { quotedPassages } from './quoted.js';
import { commentaryOn, type OriginalWord, originalWords } from './scholar.js';

export interface GroundVerse {
  ref: string;
  text: string;
  /** What brought the verse in (the find engine's reasons). */
  reasons: Reason[];
  /**
   * The Nave's sub-heading or theme it falls under ("Care: worldly"), the commentary heading over
   * its passage ("The building of Solomon's temple"), or the passage the question named.
   */
  theme: string;
}

export interface Grounding {
  translation: string;
  /** The question's language, and its name where the library has no translation in it (find's reading). */
  language?: string;
  unread?: string;
  verses: GroundVerse[];
  topics: Array<{ headword: string; refs: string[]; see: string[] }>;
  stories: Array<Pick<StoryFields, 'slug' | 'title' | 'summary'> & { passages: string[] }>;
  strongs: OriginalWord[];
  commentary?: { id: string; ref: string; text: string };
  /** Whether a shown verse came in through a cross-reference (the TSK's attribution is then due). */
  crossrefs: boolean;
  /** The works whose headings or descriptions are shown as themes: commentaries, People and Places (their attribution is then due). */
  headings: string[];
  /** Whether an Everyday Topics subject brought in a shown verse (its attribution is then due). */
  everyday?: boolean;
  /** Set where no verse answers the question well enough (find's confidence bar): nothing is quoted. */
  unanswered?: { unknown: string[] };
}

/** How many verses each persona's answer quotes: the simple helper two or three at most. */
const VERSES: Record<PersonaId, number> = { default: 6, biblical_scholar: 5, simple_helper: 3 };
/**
 * How many of the engine's verses are read for related topics and a story, the quoted ones first:
 * "forgiveness" quotes six verses on the forgiveness of sins, none brought in by a topic, while
 * the 7th-10th come from Nave's FORGIVENESS and the story of the unforgiving servant.
 */
const CONTEXT_VERSES = 15;

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
 * verses (drawing only on the resources given, those the asker may read) grouped under the Nave's
 * topic and sub-heading that list them, the topics with their see-also lines, a story one of them
 * came from; for the scholar the original words behind the question's words in those verses, a
 * Strong's number or transliteration the question names, and the commentary on the first verse.
 * `keep`: the translation was named by the asker, and is quoted whatever the question's language.
 */
export function retrieve(
  store: LibraryStore,
  question: string,
  persona: PersonaId,
  translation: string,
  usable: readonly ResourceRow[],
  keep = false,
): Grounding {
  const found = findVerses(store, withoutLanguageFrame(question), {
    translation,
    keep,
    resources: usable,
    limit: Math.max(VERSES[persona], CONTEXT_VERSES),
  });
  // The bands judge a question's English words: a question read in its own language is quoted as ranked.
  const banded = found.language === 'en' || found.unread !== undefined;
  const { passages, best } = quotedPassages(found.results, VERSES[persona], CONTEXT_VERSES, banded);
  const nave = headwordTopics(usable)?.id;
  const topicCache = new Map<string, TopicRow | undefined>();
  const topic = (headword: string) => {
    if (!nave) return undefined;
    if (!topicCache.has(headword)) topicCache.set(headword, store.topicByHeadword(nave, headword));
    return topicCache.get(headword);
  };
  const grounding: Grounding = {
    translation: found.translation,
    language: found.language,
    unread: found.unread,
    verses: [],
    topics: [],
    stories: [],
    strongs: [],
    crossrefs: false,
    headings: [],
  };
  // Nothing answers well enough: no verse, topic, story or original word to quote (find's bar).
  if (found.unanswered) return { ...grounding, unanswered: found.unanswered };
  for (const passage of passages) {
    const verses = passage.map((r) => groundVerse(r, topic, grounding));
    // A passage reads under one theme: that of its verse find ranked best.
    const lead = verses[passage.indexOf(bestRanked(passage, found.results))]?.theme ?? '';
    grounding.verses.push(...verses.map((v) => ({ ...v, theme: lead || v.theme })));
  }
  const words = contentWords(question);
  // The quoted verses' topics and story first; from the verses ranked after them only a topic the
  // question names (its headword holds a question word: FORGIVENESS for "forgiveness") and a
  // story on its theme. Their other topics and stories wander off ("how can I
  // trust God when things go wrong" → GOAD, GOAT; "how should I treat my neighbor" → the
  // marriage feast, through "entreated").
  // The verses ranked up to the last one chosen count as quoted (a weak one passed over among them
  // still names the story a quoted one belongs to); a neighbour that joined one does not reach further.
  const upTo = Math.max(0, ...best.map((r) => found.results.indexOf(r) + 1));
  const quoted = found.results.slice(0, upTo).flatMap((r) => r.reasons);
  const later = found.results.slice(upTo).flatMap((r) => r.reasons);
  const topicsOf = (reasons: Reason[]) => reasonsOf(reasons, 'topics').map((t) => t.label);
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
  const storiesOf = (reasons: Reason[]) => reasonsOf(reasons, 'stories').map((s) => s.label);
  const fromQuoted = storiesOf(quoted);
  const fromLater = storiesOf(later);
  const match = anyStemPrefix(words);
  if (match && usable.some((r) => r.id === 'stories') && (fromQuoted.length || fromLater.length)) {
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

/** The verse of a passage that find ranked best. */
const bestRanked = (passage: readonly FoundVerse[], ranked: readonly FoundVerse[]) =>
  passage.reduce((a, b) => (ranked.indexOf(b) < ranked.indexOf(a) ? b : a));

/**
 * A found verse for the chat, under its theme: the passage the question named; else the person or
 * place it describes ("Saul, the first king of Israel"); else the Nave's topic and sub-heading
 * that list it; else the Everyday Topics entry answering the situation the question tells
 * ("Unemployment and job loss": what the question was read as), else the one that brought it in;
 * else the commentary heading over its passage. Notes in the grounding the works whose
 * attribution it makes due.
 */
function groundVerse(r: FoundVerse, topic: (headword: string) => TopicRow | undefined, grounding: Grounding) {
  const book = ALL_BOOKS.findIndex((b) => b.name === r.book) + 1;
  const described = reasonsOf(r.reasons, 'described')[0];
  const situation = reasonsOf(r.reasons, 'situation')[0];
  // The situation's entry is an Everyday Topics entry: its attribution is due.
  if (situation) grounding.everyday = true;
  let theme = reasonsOf(r.reasons, 'named')[0]?.ref ?? '';
  if (!theme && described) {
    theme = `${described.name}, ${described.description}`;
    if (!grounding.headings.includes(described.resource)) grounding.headings.push(described.resource);
  }
  for (const reason of reasonsOf(r.reasons, 'topics')) {
    const entry = topic(reason.label);
    if (!entry || theme) continue;
    const heading = sectionOf(entry, book, r.chapter, r.v);
    // Only a sub-heading's first clause: Nave's runs some on ("INSTANCES OF. Isaac toward…").
    const head = heading?.split(/[.:]/)[0]?.trim();
    theme = head && !/^see$/i.test(head) ? `${titled(entry.headword)}: ${quiet(head)}` : titled(entry.headword);
  }
  // No Nave's sub-heading: the Everyday Topics entry answering the situation the question tells,
  // else the one that brought it in ("Anxiety and worry"). Its attribution is due for any quoted
  // verse it brought in, themed or not.
  if (!theme && situation) theme = situation.label;
  const everyday = reasonsOf(r.reasons, 'everyday')[0]?.label;
  if (everyday) grounding.everyday = true;
  if (everyday && !theme) theme = everyday;
  // Else the commentary heading over the verse's passage, when one brought it in.
  const heading = theme ? undefined : reasonsOf(r.reasons, 'commentary')[0];
  if (heading?.label) {
    // A heading cut from a sentence of Matthew Henry's ("to live in mutual love…") reads as a title.
    theme = heading.label.replace(/^\p{Ll}/u, (c) => c.toUpperCase());
    if (!grounding.headings.includes(heading.resource)) grounding.headings.push(heading.resource);
  }
  if (reasonsOf(r.reasons, 'crossrefs').length) grounding.crossrefs = true;
  return { ref: r.ref, text: r.text, reasons: r.reasons, theme };
}
