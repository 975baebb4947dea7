import { formatReference } from '../../core/reference/reference.js';
import type { TopicRef, TopicSection } from '../../core/schemas/topics.js';
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
  if (!ref) return undefined;
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
}

/**
 * Nave's entries as sections. A `→` starts a top-level heading; list items and runs of text
 * that follow references start sub-sections, headed "HEADING: item text"; references gather
 * under the text before them; `See <ref target="Nave:X">` adds X to the section's see-also.
 */
export function naveTopic(xml: string, key: string): ParsedTopic {
  const sections: TopicSection[] = [];
  let parent = '';
  let sub = '';
  let text = '';
  let refs: TopicRef[] = [];
  let see: string[] = [];
  let inItem = false;
  let dropped = 0;
  let refDepth = 0;
  let headword = key;

  const flush = () => {
    const own = cleanHeading(text);
    if (refs.length || see.length) {
      const heading = [parent, sub, own].filter(Boolean).join(': ') || headword;
      // "See X" items add to the section they follow, not a section of their own.
      const last = sections[sections.length - 1];
      if (!refs.length && last && /^see\b/i.test(own)) last.see.push(...see.filter((s) => !last.see.includes(s)));
      else sections.push({ heading, refs, see });
    } else if (own && inItem) {
      sub = own;
    } else if (own) {
      sub = '';
      parent = own;
    }
    text = '';
    refs = [];
    see = [];
  };

  for (const t of tokenize(xml)) {
    if (t.type === 'text') {
      if (refDepth) continue;
      const parts = t.text.split('\u2192');
      parts.forEach((part, i) => {
        if (i > 0) {
          flush();
          parent = '';
          sub = '';
        } else if (refs.length && /[A-Za-z]/.test(part)) {
          flush();
        }
        text += part;
      });
      continue;
    }
    if (t.name === 'entryFree' && t.type === 'open' && t.attrs.n) headword = decodeEntities(t.attrs.n);
    if (t.name === 'ref') {
      if (t.type === 'open') refDepth++;
      if (t.type === 'close') refDepth = Math.max(0, refDepth - 1);
      if (t.type === 'close') continue;
      if (t.attrs.osisRef) {
        const r = topicRef(t.attrs.osisRef);
        if (r) refs.push(r);
        else dropped++;
      } else if (t.attrs.target) {
        const target = t.attrs.target.replace(/^[^:]*:/, '');
        if (!see.includes(target)) see.push(target);
      }
    } else if (t.name === 'item') {
      flush();
      inItem = t.type === 'open';
      if (!inItem) sub = sub && sections.length && sections[sections.length - 1]?.heading.endsWith(sub) ? '' : sub;
    } else if (t.name === 'list' && t.type === 'close') {
      flush();
    }
  }
  flush();
  return { headword, sections, dropped };
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
