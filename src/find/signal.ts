import type { VerseKey } from '../core/reference/verse-key.js';
import type { ResourceRow } from '../library/store/library-store.js';
import type { LexicalMatch } from './full-text.js';
import type { LocalReading } from './local-reading.js';
import type { FindStore } from './store.js';

/**
 * How a signal's votes enter the fused score: `vote` adds weight × vote; `echo` does the same
 * but reads the best verses so far first (cross-references lend the best verses' links);
 * `boost` multiplies the score of verses the others found by 1 + weight × vote, and finds none.
 */
export type Phase = 'vote' | 'echo' | 'boost';

/**
 * Why a verse was chosen, as data: the signal, and what of the library it drew on. Each signal
 * declares its own fields; `resource` names the one work of several a reason drew on (which
 * commentary, the word book), whose attribution a shown verse then makes due.
 */
export interface ReasonBase<N extends string = string> {
  signal: N;
  resource?: string;
}

/**
 * One signal's vote for a verse: its strength in the signal's own units, and its reason. A
 * signal with thousands of votes may make the reason in a getter, read for the verses shown only.
 */
export interface Vote<R extends ReasonBase = ReasonBase> {
  key: VerseKey;
  score: number;
  readonly reason: R;
}

/** What every signal may read: the library, the question, and the resources the caller may use. */
export interface FindInput {
  store: FindStore;
  question: string;
  /** The question's content words (see question.ts). */
  words: string[];
  /** Those of them read from the question's numbers ("70" → seventy): counts, which name no topic. */
  counts?: ReadonlySet<string>;
  /** Strong's-tagged English translations to match words in (readable ones only). */
  translations: string[];
  /** The KJV word book (today's words to the KJV's), when readable with the KJV it cites. */
  wordbook?: string;
  /** Strong's lexicons that may gloss an English word (readable ones only). */
  lexicons: Array<'greek' | 'hebrew'>;
  /** A question in another language than English, as read in its own translation (local-reading.ts); `question` is then its English reading. */
  local?: LocalReading;
}

/** The best verses so far, best first (ties by key). */
export type Ranked = Array<{ key: VerseKey; score: number }>;

/** What the engine hands a signal beside the input. */
export interface SignalRun {
  /** The works it draws on (Signal.works), of those the caller may read. */
  works: readonly string[];
  /** The full-text ranking's matches, made where a signal that ranks is on (else none). */
  matches: readonly LexicalMatch[];
  /** echo and boost: the Signal.candidates best verses so far. */
  ranked: Ranked;
}

/**
 * One signal of the find engine, one module of src/find/signals/ and one line of the registry
 * (registry.ts). docs/signals.md tells each, and how to add one.
 */
export interface Signal<R extends ReasonBase = ReasonBase> {
  readonly name: R['signal'];
  readonly phase: Phase;
  /** What its best vote is worth in the fused score (a factor, for a boost). */
  readonly weight: number;
  /** What of the library it reads, in words (docs/signals.md lists them). */
  readonly reads: string;
  /**
   * The works it draws on, of those the caller may read; where none is, it is off. Without this it
   * reads the translations alone and is never off for want of a work.
   */
  readonly works?: (usable: readonly ResourceRow[]) => string[];
  /** Signals it is off without (it reads what they found). */
  readonly needs?: readonly string[];
  /** It judges the full-text ranking's matches (full-text.ts), which are made when one that ranks is on. */
  readonly ranks?: boolean;
  /** echo and boost: how many of the best verses so far it reads. */
  readonly candidates?: number;
  /** Whether the question is one it answers, asked before the best verses are ranked for it. */
  readonly asks?: (question: string) => boolean;
  /** A verse it votes for is never boosted: the question chose it. */
  readonly keepsPlace?: boolean;
  /**
   * The attribution a shown verse it voted for makes due, beside its reasons' resources: the
   * translations it searched, or its works; `quotes`: its works after every other (the lexicons
   * whose glosses its reasons quote).
   */
  readonly credits?: 'translations' | 'works';
  readonly quotes?: boolean;
  votes(input: FindInput, run: SignalRun): Array<Vote<R>>;
  /** Its reason in the contract's words (a result's `why`), as the route tells it. */
  tell(reason: R): string;
}

/** Signal.works: every readable resource of a kind, in the catalog's order. */
export const allOfKind =
  (kind: ResourceRow['kind']) =>
  (usable: readonly ResourceRow[]): string[] =>
    usable.filter((r) => r.kind === kind).map((r) => r.id);

/** Signal.works: the first readable resource of a kind. */
export const firstOfKind = (kind: ResourceRow['kind']) => (usable: readonly ResourceRow[]) =>
  allOfKind(kind)(usable).slice(0, 1);
