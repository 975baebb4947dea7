import { VERSIFICATION_DATA } from '../../core/canon/versification-data.js';
import { type VersificationName, versification, versificationName } from './versification.js';

/** A verse by its book's OSIS id, in some versification's numbering. */
export interface VersePlace {
  osis: string;
  chapter: number;
  verse: number;
}

/** Where a verse falls in the hub numbering: a verse, or several (verse..verseEnd). */
interface HubRange extends VersePlace {
  verseEnd: number;
}

const placeKey = (osis: string, chapter: number, verse: number) => `${osis} ${chapter}:${verse}`;

const RUN = /^(\S+) (\d+):(\d+)(?:-(\d+))?([=>])(?:(\S+) )?(\d+):(\d+)(?:-(\d+))?$/;

interface Moves {
  /** Each moved verse's place in the hub numbering. */
  toHub: Map<string, HubRange>;
  /** The moved verses landing on each hub verse. */
  fromHub: Map<string, VersePlace[]>;
}

const movesCache = new Map<VersificationName, Moves>();

/** libsword's moves of one system (versification-data.ts's runs), both ways. */
function moves(name: VersificationName): Moves {
  let m = movesCache.get(name);
  if (m) return m;
  m = { toHub: new Map(), fromHub: new Map() };
  const text: string = VERSIFICATION_DATA[name].moved;
  for (const run of text ? text.split(';') : []) {
    const r = RUN.exec(run);
    if (!r) throw new Error(`versification ${name}: unreadable run ${run}`);
    const [, osis = '', c, v1, v2, kind, hubOsis, hc, hv, he] = r;
    const first = Number(v1);
    for (let v = first; v <= Number(v2 ?? v1); v++) {
      const verse = kind === '>' ? Number(hv) : Number(hv) + (v - first);
      const range = { osis: hubOsis ?? osis, chapter: Number(hc), verse, verseEnd: Math.max(verse, Number(he ?? 0)) };
      m.toHub.set(placeKey(osis, Number(c), v), range);
      for (let h = range.verse; h <= range.verseEnd; h++) {
        const key = placeKey(range.osis, range.chapter, h);
        const list = m.fromHub.get(key) ?? [];
        list.push({ osis, chapter: Number(c), verse: v });
        m.fromHub.set(key, list);
      }
    }
  }
  movesCache.set(name, m);
  return m;
}

function hubRange(name: VersificationName, place: VersePlace): HubRange {
  return moves(name).toHub.get(placeKey(place.osis, place.chapter, place.verse)) ?? { ...place, verseEnd: place.verse };
}

/** Whether a system has the verse (its book, chapter and verse within its counts). */
function has(name: VersificationName, place: VersePlace): boolean {
  const book = versification(name).byOsis.get(place.osis)?.book;
  const count = book?.verseCounts[place.chapter - 1] ?? 0;
  return place.verse >= 1 && place.verse <= count;
}

/**
 * The verses of system `to` that hold what verse `place` of system `from` holds, by libsword's own
 * mapping (VersificationMgr::translateVerse, through the numbering both are mapped to, the KJVA): Synodal Psalm 50:3 is the KJV's Psalm 51:1; a verse `to` lacks gives none.
 */
export function alignVerse(from: string, to: string, place: VersePlace): VersePlace[] {
  const a = versificationName(from);
  const b = versificationName(to);
  if (!a || !b) return [];
  if (a === b) return has(b, place) ? [place] : [];
  const hub = hubRange(a, place);
  const mb = moves(b);
  const out: VersePlace[] = [];
  const seen = new Set<string>();
  for (let v = hub.verse; v <= hub.verseEnd; v++) {
    const hubPlace = { osis: hub.osis, chapter: hub.chapter, verse: v };
    // Verses of `to` that libsword moves onto this hub verse, and the hub verse itself when `to`
    // has it and does not move it elsewhere.
    const candidates = [...(mb.fromHub.get(placeKey(hub.osis, hub.chapter, v)) ?? [])];
    if (!mb.toHub.has(placeKey(hub.osis, hub.chapter, v)) && has(b, hubPlace)) candidates.push(hubPlace);
    for (const c of candidates) {
      const key = placeKey(c.osis, c.chapter, c.verse);
      if (!seen.has(key) && c.verse >= 1) {
        seen.add(key);
        out.push(c);
      }
    }
  }
  return out.sort((x, y) => x.chapter - y.chapter || x.verse - y.verse);
}
