import type { LexReader, LexReadOptions } from './lex-reader.js';
import { RawLdReader } from './raw-ld.js';
import { RawVerseReader } from './raw-verse.js';
import type { VerseReader, VerseReadOptions } from './verse-reader.js';
import type { Versification } from './versification.js';
import { ZldReader } from './zld.js';
import { ZVerseReader } from './zverse.js';

export type ModuleKind = 'bible' | 'commentary' | 'dictionary' | 'genbook';

interface VerseDriver {
  kind: 'bible' | 'commentary';
  compressed: boolean;
  open(dir: string, v11n: Versification, options: VerseReadOptions): VerseReader;
  sizeBytes: 2 | 4;
}

interface KeyedDriver {
  kind: 'dictionary';
  compressed: boolean;
  /** `base` is the DataPath: the files are `<base>.idx`, `<base>.dat`, … */
  open(base: string, options: LexReadOptions): LexReader;
}

/** RawGenBook: a tree of named sections (genbook.ts), opened by openGenBook. */
interface TreeDriver {
  kind: 'genbook';
  compressed: false;
}

export type Driver = VerseDriver | KeyedDriver | TreeDriver;

const raw = (kind: VerseDriver['kind'], sizeBytes: 2 | 4): VerseDriver => ({
  kind,
  compressed: false,
  sizeBytes,
  open: (dir, v11n, options) => new RawVerseReader(dir, v11n, options),
});
const zverse = (kind: VerseDriver['kind'], sizeBytes: 2 | 4): VerseDriver => ({
  kind,
  compressed: true,
  sizeBytes,
  open: (dir, v11n, options) => new ZVerseReader(dir, v11n, options),
});
const rawLd = (sizeBytes: 2 | 4): KeyedDriver => ({
  kind: 'dictionary',
  compressed: false,
  open: (base, options) => new RawLdReader(base, sizeBytes, options),
});

/**
 * Every driver libsword writes for texts, commentaries, lexicons and general books, by ModDrv in lower case:
 * what the module is and its reader. A commentary's files are a text's (RawCom is RawText's
 * layout); the 4 drivers store 4-byte entry sizes where the others store 2.
 */
export const DRIVERS: Record<string, Driver> = {
  rawtext: raw('bible', 2),
  rawtext4: raw('bible', 4),
  ztext: zverse('bible', 2),
  ztext4: zverse('bible', 4),
  rawcom: raw('commentary', 2),
  rawcom4: raw('commentary', 4),
  zcom: zverse('commentary', 2),
  zcom4: zverse('commentary', 4),
  rawld: rawLd(2),
  rawld4: rawLd(4),
  zld: { kind: 'dictionary', compressed: true, open: (base, options) => new ZldReader(base, options) },
  rawgenbook: { kind: 'genbook', compressed: false },
};

/** Drivers libsword has that hold nothing to import, with the reason a skip gives. */
export const NOT_READ: Record<string, string> = {
  hrefcom: 'HREFCom holds links to web pages, not text',
  rawfiles: "RawFiles is a user's own notes (a file per entry), not a published work",
};
