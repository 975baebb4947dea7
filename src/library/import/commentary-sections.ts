/**
 * Commentaries that answer the verse asked. SWORD links a note to the verses its module says it
 * covers, and two modules say too little: Matthew Henry's Concise Commentary leaves verses a
 * note expounds unlinked (John 3's note is linked to 1-8 though it expounds 1-21, as the
 * chapter outline says), and the Treasury of David stores a whole psalm at verse 1. These
 * functions give each verse of a chapter its section; every section's text is made of the
 * module's own lines, in their order (a verbatim slice at line granularity).
 */

/** A note as linked in the module: the verse run it is linked to, and its text. */
export interface LinkedNote {
  start: number;
  end: number;
  text: string;
}

/** The rows to store: a verse run and the section that expounds each verse of it. */
export type SectionRow = LinkedNote;

/** Consecutive verses with the same section become one row. */
function runsOf(byVerse: Array<string | undefined>): SectionRow[] {
  const rows: SectionRow[] = [];
  byVerse.forEach((text, i) => {
    if (text === undefined || i === 0) return;
    const last = rows[rows.length - 1];
    if (last && last.text === text && last.end === i - 1) last.end = i;
    else rows.push({ start: i, end: i, text });
  });
  return rows;
}

const MHCC_HEAD = /^\*Verses? (\d+)(?:-(\d+))?\*$/;
const MHCC_HEAD_ANY = /^\*Verses? \d+(?:-\d+)?\*$/m;
const OUTLINE_RANGE = /\((\d+)(?:-(\d+))?\)\s*$/;

interface MhccSection {
  note: number;
  start: number;
  end: number;
  text: string;
}

/** A note cut at its "Verses a-b" heads after the first (what comes before the first stays with it). */
function splitAtHeads(note: LinkedNote, index: number): MhccSection[] {
  const lines = note.text.split('\n');
  const heads = lines.flatMap((line, i) => {
    const m = line.match(MHCC_HEAD);
    return m ? [{ line: i, start: Number(m[1]), end: Number(m[2] ?? m[1]) }] : [];
  });
  if (heads.length <= 1) {
    const start = Math.min(heads[0]?.start ?? note.start, note.start);
    return [{ note: index, start, end: note.end, text: note.text }];
  }
  return heads.map((h, i) => {
    const from = i === 0 ? 0 : h.line;
    const to = heads[i + 1]?.line ?? lines.length;
    return { note: index, start: h.start, end: h.end, text: lines.slice(from, to).join('\n').trim() };
  });
}

/**
 * Matthew Henry's sections for one chapter: a linked verse takes the section of its note that
 * covers it; an unlinked verse the section starting within the chapter outline's range that
 * covers the verse ("Christ's discourse with Nicodemus (1-21)"), or else the nearest preceding.
 */
export function mhccSections(notes: LinkedNote[], verseCount: number): SectionRow[] {
  const sections = notes.flatMap(splitAtHeads);
  const outline = (notes[0]?.text.split(MHCC_HEAD_ANY)[0] ?? '').split('\n').flatMap((line) => {
    const m = line.match(OUTLINE_RANGE);
    return m ? [{ start: Number(m[1]), end: Number(m[2] ?? m[1]) }] : [];
  });
  const lastStartingAtOrBefore = (v: number, list: MhccSection[]) => list.filter((s) => s.start <= v).pop();
  const byVerse: Array<string | undefined> = [];
  for (let v = 1; v <= verseCount; v++) {
    const linked = notes.findIndex((n) => n.start <= v && v <= n.end);
    let section: MhccSection | undefined;
    if (linked >= 0) {
      const own = sections.filter((s) => s.note === linked);
      section = own.find((s) => s.start <= v && v <= s.end) ?? lastStartingAtOrBefore(v, own) ?? own[0];
    } else {
      const range = outline.find((o) => o.start <= v && v <= o.end);
      const within = range ? sections.filter((s) => s.start >= range.start && s.start <= range.end) : [];
      section = lastStartingAtOrBefore(v, within) ?? lastStartingAtOrBefore(v, sections);
    }
    byVerse[v] = section?.text;
  }
  return runsOf(byVerse);
}

/** A Treasury of David item head: `*Verse 4.*`, `*Ver. 4.*`, `*Verses 4, 5.*`, `*Verses 4-6.*`. */
const TDAVID_ITEM = /^\*(?:Verses?|Ver\.)\s+(\d+(?:\s*(?:-|,|and|to)\s*\d+)*)[^*]*\*/;
/** The parts of a psalm's exposition; an author's initials on their own line ("G.R.") are not one. */
const TDAVID_PART = /^(EXPOSITION|EXPLANATORY NOTES|HINTS TO|DIVISION|TITLE|WORKS UPON|SUBJECT)\b/;

/**
 * The Treasury of David on one psalm, split per verse: each verse gets, part by part (the
 * exposition, the explanatory notes, the hints to preachers), the part's heading and the items
 * headed with that verse. What belongs to no verse (the psalm's introduction, its title and
 * division, "Whole Psalm" notes) stays with verse 1, so every line of the entry is shown.
 */
export function tdavidSections(text: string, verseCount: number): SectionRow[] {
  const lines = text.split('\n').filter((l) => l.trim());
  const owners: Array<Set<number>> = lines.map(() => new Set());
  let part = -1;
  let item: Set<number> = new Set([1]);
  lines.forEach((line, i) => {
    if (TDAVID_PART.test(line)) {
      part = i;
      item = new Set([1]);
      return;
    }
    const m = line.match(TDAVID_ITEM);
    if (m) {
      const numbers = (m[1] as string).match(/\d+/g)?.map(Number) ?? [];
      const from = Math.min(...numbers);
      const to = Math.max(...numbers);
      item = new Set();
      for (let v = Math.max(1, from); v <= Math.min(verseCount, to); v++) item.add(v);
      if (!item.size) item.add(1);
    } else if (/^\*Whole Psalm\.?\*/.test(line)) {
      item = new Set([1]);
    }
    owners[i] = item;
    if (part >= 0) for (const v of item) owners[part]?.add(v);
  });
  for (const o of owners) if (!o.size) o.add(1);
  const byVerse: Array<string | undefined> = [];
  for (let v = 1; v <= verseCount; v++) {
    const own = lines.filter((_, i) => owners[i]?.has(v));
    byVerse[v] = own.length ? own.join('\n\n') : undefined;
  }
  return runsOf(byVerse);
}
