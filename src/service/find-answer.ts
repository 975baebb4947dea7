import type { FindResult } from '../core/schemas/find.js';
import { type FindOptions, type Found, findVerses } from '../find/engine.js';
import { whyOf } from '../find/registry.js';
import type { LibraryStore, ResourceRow } from '../library/store/library-store.js';
import { readable } from './access.js';
import type { Principal } from './context.js';

/**
 * The find route's answer: the translation checked (404 unknown, 403 not readable), the engine
 * run over the resources the principal may read, and what it found worded as the contract's
 * FindResult.
 */
export function findAnswer(
  store: LibraryStore,
  principal: Principal,
  question: string,
  options: Omit<FindOptions, 'resources'>,
): FindResult {
  const shown = readable(store, principal, 'bible', options.translation);
  const resources = store.resources().filter((r) => principal.canRead(r.id));
  return findResult(
    findVerses(store, question, { ...options, translation: shown.id, resources }),
    resources,
    options.all ?? false,
  );
}

/**
 * Why no verse is shown and what to try: the words nothing in the library understood, `bible
 * search` for words in the verses, a topic for a subject, and `--all` for the weak matches.
 */
export function unansweredNote(unknown: readonly string[], all: boolean): string {
  const words = unknown.map((w) => `"${w}"`).join(', ');
  return [
    'No verse answers this question well enough',
    unknown.length ? `: nothing in the library speaks of ${words}. ` : '. ',
    'Try `bible search <words>` for words in the verses, or `bible topic search <subject>` for a subject',
    all ? '; the weak matches are shown.' : '; `bible find --all` (the `all` parameter) shows the weak matches.',
  ].join('');
}

/**
 * What the find engine found, as the contract's FindResult: each verse's reasons told in words
 * (`why`), its score to three places, and the attribution line of every resource it drew on.
 */
export function findResult(found: Found, usable: readonly ResourceRow[], all = false): FindResult {
  return {
    query: found.query,
    translation: found.translation,
    results: found.results.map((r) => ({
      ref: r.ref,
      book: r.book,
      chapter: r.chapter,
      v: r.v,
      text: r.text,
      score: Math.round(r.score * 1000) / 1000,
      why: r.reasons.map(whyOf),
      confidence: r.confidence,
    })),
    ...(found.unanswered ? { note: unansweredNote(found.unanswered.unknown, all) } : {}),
    all,
    attribution: found.drawnOn
      .map((id) => usable.find((r) => r.id === id)?.attribution)
      .filter((a): a is string => a !== undefined)
      .join('\n'),
  };
}
