import { tidyLines, tokenize } from './tokens.js';

/** A run of a verse's words: one `<w>` element, or the untagged text between them. */
export interface StudySpan {
  /** The words as they read in the verse's plain text (a substring of it, in order). */
  text: string;
  /** Normalised Strong's numbers ('G25', 'H430'); empty when untagged. */
  strongs: string[];
  /** Morphology codes as the module gives them; empty when none. */
  morph: string[];
  /** Inside the words of Christ (`<q who="Jesus">`). */
  red: boolean;
  /** Words the translators supplied (`<transChange type="added">`): the KJV's italics. */
  added: boolean;
  /** Words of the verse's canonical title (a psalm's "A Psalm of David, Maschil."), not of its text. */
  title: boolean;
}

/** A translators' note; `at` is the character offset in the plain text where its marker goes. */
export interface StudyNote {
  at: number;
  kind: 'foot' | 'crossReference';
  text: string;
}

export interface StudyVerse {
  text: string;
  /**
   * The canonical title the verse carries before its text (`<title canonical="true">`: the KJV's
   * and WEB's psalm titles), part of the verse as libsword reads it (searched, its words tagged),
   * kept apart from `text`; '' when none. Its spans come first, marked `title`.
   */
  title: string;
  spans: StudySpan[];
  /** Titles before the verse's text that are not canonical (the KJV's Psalm 119 acrostic heads). */
  headings: string[];
  notes: StudyNote[];
  /** Whether a words-of-Christ quotation is still open at the end (it continues in the next verse). */
  redOpen: boolean;
}

/** `strong:G0025` → `G25`; other lemma schemes are not Strong's numbers. */
export function strongsFromLemma(lemma: string | undefined): string[] {
  if (!lemma) return [];
  const out: string[] = [];
  for (const part of lemma.split(/\s+/)) {
    const m = part.match(/^strong:([GH])0*(\d+)[a-z]?$/i);
    if (m) out.push(`${(m[1] as string).toUpperCase()}${m[2]}`);
  }
  return out;
}

/** Plain-text normalisation shared by the verse and its spans: pilcrow dropped, whitespace collapsed. */
function normalise(s: string): string {
  return s.replace(/\u00b6/g, ' ').replace(/\s+/g, ' ');
}

/**
 * A USFM character marker left in the text by a module's conversion: engKJV2006eb has "the \nd
 * LORD" in 27 verses (1 Samuel 3:8, Isaiah 7:11), a `\nd` whose `<divineName>` never opened, and
 * libsword prints it as it stands. It is dropped, space and all.
 */
export const STRAY_USFM = /\\nd\s/g;

/** Tags whose content is not verse text. */
const SKIPPED_IN_VERSES = new Set(['note', 'title']);

interface Piece {
  raw: string;
  w: number; // the `<w>` element it belongs to (0: untagged)
  strongs: string[];
  morph: string[];
  red: boolean;
  added: boolean;
  title: boolean;
}

/** A canonical title before the verse's words is the verse's own (libsword reads and searches it with the verse). */
function isCanonicalTitle(attrs: Record<string, string>): boolean {
  return attrs.canonical === 'true';
}

/**
 * Everything a study view needs from one OSIS Bible entry, read in one walk: the plain text
 * (notes and titles left out, pilcrows dropped, whitespace collapsed; where a note sat between
 * two words with no space around it, a space is kept), its words with their Strong's numbers and
 * whether they are the words of Christ, the titles before it, and its notes with their places.
 * `redOpen` carries a quotation of Christ opened in an earlier verse (`sID`/`eID` milestones).
 */
export function osisStudyVerse(xml: string, redOpen = false): StudyVerse {
  let out = '';
  let skip = 0;
  let gap = false;
  let red = redOpen;
  const qStack: boolean[] = [];
  let wCount = 0;
  let currentW: { id: number; strongs: string[]; morph: string[] } | undefined;
  const pieces: Piece[] = [];
  const headings: string[] = [];
  const notes: Array<{ raw: number; kind: StudyNote['kind']; text: string }> = [];
  let title: string | undefined;
  // The canonical title being read (`titleOut` holds its text), and the open `<transChange>`s (true: type added).
  let canonical = false;
  let titleOut = '';
  const changes: boolean[] = [];
  let note: { kind: StudyNote['kind']; text: string; refs: boolean[] } | undefined;

  const append = (text: string) => {
    if (canonical) titleOut += text;
    else out += text;
    const w = currentW?.id ?? 0;
    const last = pieces[pieces.length - 1];
    const mark = { red, added: changes.includes(true), title: canonical };
    if (last && last.w === w && last.red === mark.red && last.added === mark.added && last.title === mark.title)
      last.raw += text;
    else pieces.push({ raw: text, w, strongs: currentW?.strongs ?? [], morph: currentW?.morph ?? [], ...mark });
  };

  for (const t of tokenize(xml)) {
    // A glossary the module appends after its last book (engWEB2015eb's, 17 KB, in Revelation
    // 22:21's entry) is no part of the verse: it is read no further.
    if (t.type !== 'text' && t.type !== 'close' && t.name === 'div' && t.attrs.type === 'glossary' && !t.attrs.eID)
      break;
    if (t.type === 'text') {
      if (skip) {
        if (title !== undefined) title += t.text;
        else if (note && !note.refs.includes(true)) note.text += t.text;
        continue;
      }
      const text = t.text.includes('\\') ? t.text.replace(STRAY_USFM, '') : t.text;
      if (gap && /\S$/.test(canonical ? titleOut : out) && /^\S/.test(text)) append(' ');
      gap = false;
      append(text);
      continue;
    }
    if (t.name === 'title' && !skip && (canonical || (t.type === 'open' && isCanonicalTitle(t.attrs) && !out.trim()))) {
      canonical = t.type === 'open';
      continue;
    }
    if (SKIPPED_IN_VERSES.has(t.name)) {
      if (t.type === 'open') {
        if (!skip) {
          if (t.name === 'title') title = '';
          else note = { kind: t.attrs.type === 'crossReference' ? 'crossReference' : 'foot', text: '', refs: [] };
        }
        skip++;
      } else if (t.type === 'close') {
        skip = Math.max(0, skip - 1);
        if (!skip) {
          gap = true;
          if (title !== undefined) {
            const heading = tidyLines(title);
            // A title after the verse's words is a subscription (Phil 4:23), not a heading.
            if (heading && !out.trim()) headings.push(heading);
            title = undefined;
          }
          if (note) {
            notes.push({ raw: out.length, kind: note.kind, text: tidyLines(normalise(note.text)) });
            note = undefined;
          }
        }
      }
      continue;
    }
    if (skip) {
      // A note's own reference label ("119.1 ") is its place, which the marker shows.
      if (note && t.name === 'reference') {
        if (t.type === 'open') note.refs.push(t.attrs.type === 'annotateRef');
        else if (t.type === 'close') note.refs.pop();
      }
      continue;
    }
    if (t.name === 'transChange') {
      if (t.type === 'open') changes.push(t.attrs.type === 'added');
      else if (t.type === 'close') changes.pop();
    } else if (t.name === 'w') {
      if (t.type === 'open') {
        currentW = {
          id: ++wCount,
          strongs: strongsFromLemma(t.attrs.lemma),
          morph: t.attrs.morph ? t.attrs.morph.split(/\s+/).filter(Boolean) : [],
        };
      } else if (t.type === 'close') currentW = undefined;
    } else if (t.name === 'q') {
      const jesus = t.attrs.who === 'Jesus';
      if (t.type === 'open') {
        qStack.push(red);
        if (jesus) red = true;
      } else if (t.type === 'close') {
        red = qStack.pop() ?? false;
      } else if (t.attrs.sID !== undefined && jesus) {
        red = true;
      } else if (t.attrs.eID !== undefined && (jesus || !qStack.length)) {
        red = false;
      }
    }
  }

  const text = normalise(out).trim();
  const spans: StudySpan[] = [];
  for (const p of pieces) {
    const words = normalise(p.raw).trim();
    if (!words) continue;
    spans.push({ text: words, strongs: p.strongs, morph: p.morph, red: p.red, added: p.added, title: p.title });
  }
  return {
    text,
    title: normalise(titleOut).trim(),
    spans,
    headings,
    notes: notes
      .filter((n) => n.text)
      .map((n) => ({
        at: Math.min(text.length, normalise(out.slice(0, n.raw)).trimStart().length),
        kind: n.kind,
        text: n.text,
      })),
    redOpen: red,
  };
}
