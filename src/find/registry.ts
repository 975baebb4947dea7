import type { Signal } from './signal.js';
import { commentary } from './signals/commentary.js';
import { crossrefs } from './signals/crossrefs.js';
import { everyday } from './signals/everyday.js';
import { introduction } from './signals/introduction.js';
import { lexical } from './signals/lexical.js';
import { named } from './signals/named.js';
import { passage } from './signals/passage.js';
import { phrase } from './signals/phrase.js';
import { prominence } from './signals/prominence.js';
import { quote } from './signals/quote.js';
import { speaker } from './signals/speaker.js';
import { stories } from './signals/stories.js';
import { strongs } from './signals/strongs.js';
import { topics } from './signals/topics.js';

/**
 * The signals the engine fuses, in the order they run and their reasons are told: the votes, then
 * the echo of the best verses so far, then the boosts. A new signal is one module of signals/ and
 * one line here (docs/signals.md).
 */
export const REGISTRY = [
  named,
  lexical,
  phrase,
  passage,
  introduction,
  strongs,
  topics,
  everyday,
  commentary,
  stories,
  quote,
  crossrefs,
  speaker,
  prominence,
] as const;

type Registered = (typeof REGISTRY)[number];
type ReasonOf<S> = S extends Signal<infer R> ? R : never;
export type SignalName = Registered['name'];
/** A result's reason: one of the signals' own. */
export type Reason = ReasonOf<Registered>;

/** The signals' names, in the registry's order. */
export const SIGNALS: readonly SignalName[] = REGISTRY.map((s) => s.name);

const byName = new Map<string, Signal>(REGISTRY.map((s) => [s.name, s as Signal]));

/** A reason in the contract's words: a found verse's `why` (the route's and the tools' wording). */
export function whyOf(reason: Reason): string {
  return (byName.get(reason.signal) as Signal).tell(reason);
}

/** The reasons of one signal among a verse's (or many verses'), with that signal's fields. */
export function reasonsOf<N extends SignalName>(
  reasons: readonly Reason[],
  signal: N,
): Array<Extract<Reason, { signal: N }>> {
  return reasons.filter((r): r is Extract<Reason, { signal: N }> => r.signal === signal);
}
