import { formatReference, type Reference } from '../../core/reference/reference.js';
import type { TopicRef, TopicSection } from '../../core/schemas/topics.js';
import { repairNave } from './nave-repairs.js';
import { parseOsisRef } from './osis-ref.js';
import { decodeEntities, tidyLines, tokenize } from './tokens.js';

/**
 * Plain text of a TEI dictionary entry in the shape of libsword's TEI plain renderer: the
 * entry's `n` and a period first, list items as `* ` lines, everything else as its text.
 */
export function teiPlain(xml: string): string {
  let out = '';
  for (const t of tokenize(xml)) {
    if (t.type === 'text') out += t.text.replace(/[\r\n]+/g, ' ');
    else if (t.name === 'entryFree' && t.type === 'open' && t.attrs.n) out += `${t.attrs.n}. `;
    else if (t.name === 'list') out += '\n';
    else if (t.name === 'item') out += t.type === 'open' ? '\n* ' : '\n';
    else if (t.name === 'lb' || t.name === 'p') out += '\n';
    else if (t.name === 'sense' && t.type === 'close') out += '\n';
    else if (t.name === 'etym') out += t.type === 'open' ? '[' : ']';
  }
  return tidyLines(out);
}

export function topicRef(osisRef: string): TopicRef | undefined {
  const ref = parseOsisRef(osisRef);
  return ref && topicRefOf(ref);
}

/** A parsed reference as a topic lists it: its first verse, and its last within that chapter. */
export function topicRefOf(ref: Reference): TopicRef {
  const single = ref.start.chapter === ref.end.chapter && ref.start.verse === ref.end.verse;
  const sameChapter = ref.start.chapter === ref.end.chapter;
  return {
    ref: formatReference(ref),
    bookNum: ref.book.number,
    ch: ref.start.chapter,
    v: ref.start.verse,
    // One chapter's end verse; a range that crosses chapters keeps its full extent in `ref`.
    vEnd: single ? null : sameChapter ? ref.end.verse : (ref.book.verseCounts[ref.start.chapter - 1] ?? null),
  };
}

/** Heading text: the arrow and the separators left between references dropped, spaces collapsed. */
function cleanHeading(s: string): string {
  return s
    .replace(/\u2192/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s;:,.-]+|[\s;:,-]+$/g, '')
    .trim();
}

export interface ParsedTopic {
  headword: string;
  sections: TopicSection[];
  /** References that named no real passage (reported by the importer, not shown). */
  dropped: number;
  /** Module slips repaired (see nave-repairs.ts). */
  repaired: number;
}

/** A line of an entry (after `→` or a line break) or an item of a list under one. */
interface NaveLine {
  /** Text before the first reference: the line's own heading. */
  lead: string;
  /** Text after the last reference (words there complete the heading: "… reproofs of Azariah"). */
  tail: string;
  refs: TopicRef[];
  see: string[];
}

/**
 * Nave's entries as sections, nested as the module nests them: each line (`→ MADE BY JESUS`,
 * or a line break) is a section headed by its own text; each item of a list under a line is a
 * section headed "LINE: item". A heading is the text before the line's first reference and,
 * when it has words, after its last; the separators and connectives between references
 * ("Ge 4:4; with Heb 11:4") stay out of it. References gather under their line or item;
 * `See <ref target="Nave:X">` adds X to the section's see-also, and a line that is only
 * "See …" adds to the section before it. The module's slips are repaired first (nave-repairs.ts).
 */
export function naveTopic(entry: string, key: string): ParsedTopic {
  const { xml, repaired } = repairNave(entry);
  const sections: TopicSection[] = [];
  let headword = key;
  let dropped = 0;
  let parent = '';
  let inList = false;
  let refDepth = 0;
  let line: NaveLine = { lead: '', tail: '', refs: [], see: [] };

  const flush = (asItem: boolean) => {
    const own = cleanHeading(
      line.refs.length || line.see.length
        ? `${cleanHeading(line.lead)} ${cleanHeading(wordsOf(line.tail))}`
        : line.lead,
    );
    if (line.refs.length || line.see.length) {
      const heading = (asItem ? [parent, own] : [own]).filter(Boolean).join(': ') || parent || headword;
      const last = sections[sections.length - 1];
      if (!line.refs.length && last && /^see\b/i.test(own))
        last.see.push(...line.see.filter((s) => !last.see.includes(s)));
      else sections.push({ heading, refs: line.refs, see: line.see });
    }
    if (!asItem) parent = own;
    line = { lead: '', tail: '', refs: [], see: [] };
  };

  for (const t of tokenize(xml)) {
    if (t.type === 'text') {
      if (refDepth) continue;
      t.text.split('\u2192').forEach((part, i) => {
        if (i > 0 && !inList) flush(false);
        if (line.refs.length || line.see.length) line.tail += part;
        else line.lead += part;
      });
      continue;
    }
    if (t.name === 'entryFree' && t.type === 'open' && t.attrs.n) headword = decodeEntities(t.attrs.n);
    if (t.name === 'ref') {
      if (t.type === 'open') refDepth++;
      if (t.type === 'close') refDepth = Math.max(0, refDepth - 1);
      if (t.type === 'close') continue;
      line.tail = '';
      if (t.attrs.osisRef) {
        const r = topicRef(t.attrs.osisRef);
        if (r) line.refs.push(r);
        else dropped++;
      } else if (t.attrs.target) {
        const target = t.attrs.target.replace(/^[^:]*:/, '');
        if (!line.see.includes(target)) line.see.push(target);
      }
    } else if (t.name === 'lb' && !inList) {
      flush(false);
    } else if (t.name === 'list') {
      if (t.type === 'open') {
        flush(false);
        inList = true;
      } else if (t.type === 'close') {
        flush(true);
        inList = false;
      }
    } else if (t.name === 'item') {
      flush(true);
    }
  }
  flush(inList);
  return { headword, sections, dropped, repaired };
}

/**
 * Text after a line's last reference counts for its heading only when, without connectives and
 * untagged verse numbers ("; with 9:1"), words remain; then all of it.
 */
function wordsOf(tail: string): string {
  const rest = tail.replace(/\b(with|and|also|compare|cf|see|etc)\b\.?/gi, ' ').replace(/\d+(:\d+)?(-\d+)?/g, ' ');
  return /[A-Za-z]{2,}/.test(rest) ? tail : '';
}

export interface SwordStrongs {
  lemma: string;
  transliteration: string;
  pronunciation: string;
  definition: string;
}

/** Lemma, transliteration, pronunciation and definition from a SWORD Strong's TEI entry. */
export function swordStrongs(xml: string): SwordStrongs {
  let lemma = '';
  let transliteration = '';
  let pronunciation = '';
  let definition = '';
  let field: 'lemma' | 'trans' | 'pron' | 'def' | undefined;
  for (const t of tokenize(xml)) {
    if (t.type === 'text') {
      if (field === 'lemma' && !lemma) lemma = t.text.trim();
      else if (field === 'trans') transliteration += t.text;
      else if (field === 'pron') pronunciation += t.text;
      else if (field === 'def') definition += t.text;
      continue;
    }
    if (t.name === 'orth' && t.type === 'open')
      field = t.attrs.type === 'trans' ? 'trans' : t.attrs.type ? undefined : 'lemma';
    else if (t.name === 'pron' && t.type === 'open') field = 'pron';
    else if (t.name === 'def' && t.type === 'open') field = 'def';
    else if ((t.name === 'orth' || t.name === 'pron' || t.name === 'def') && t.type === 'close') field = undefined;
    else if (t.name === 'lb' && field === 'def') definition += ' ';
  }
  const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();
  return {
    lemma: tidy(lemma),
    transliteration: tidy(transliteration),
    pronunciation: tidy(pronunciation),
    definition: tidy(definition),
  };
}
