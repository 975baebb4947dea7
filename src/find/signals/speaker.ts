import { tokens } from '../question.js';
import type { Signal } from '../signal.js';

/** The verse is in the words of Christ. */
export interface SpeakerReason {
  signal: 'speaker';
}

/** Names the question may give the speaker by. */
const CHRIST = new Set(['jesus', 'christ']);
/** Verbs of speaking and teaching after the name ("Jesus said", "did Christ teach", "Jesus' words"). */
const SPEAKING = new Set(
  `say says said saying teach teaches taught teaching teachings tell tells told speak speaks spoke spake
  preach preached command commanded words sayings`.split(/\s+/),
);
/** What he said, named before the name: "the words of Jesus", "the teachings of Christ". */
const SAYINGS = new Set(['words', 'sayings', 'saying', 'teaching', 'teachings', 'commands', 'commandments']);
/** How many words may stand between the name and the verb ("did Jesus himself ever say"). */
const REACH = 3;

/**
 * Whether the question asks what Jesus said or taught ("What does Jesus say about worry?", "What
 * did Christ teach on prayer?", "the words of Jesus about the law"): then the words of Christ,
 * which the tagged KJV and WEB mark, are what it asks for, and the name itself is the speaker,
 * not the subject (the baptism of Jesus is not an answer). The name must speak: "what does the
 * Bible say about Jesus" asks about him.
 */
export function asksWordsOfChrist(question: string): boolean {
  const words = tokens(question.normalize('NFKC'));
  return words.some((w, i) => {
    if (!CHRIST.has(w)) return false;
    if (words.slice(i + 1, i + 1 + REACH).some((n) => SPEAKING.has(n))) return true;
    const before = words.slice(Math.max(0, i - 3), i).filter((n) => n !== 'the' && n !== 'lord');
    return before.length >= 2 && before.at(-1) === 'of' && SAYINGS.has(before.at(-2) as string);
  });
}

/** The question's content words without the speaker's names, when it asks for the words of Christ. */
export function withoutSpeaker(words: string[], question: string): string[] {
  return asksWordsOfChrist(question) ? words.filter((w) => !CHRIST.has(w)) : words;
}

/** How many of the best verses so far are looked at: the red ones among them are lifted. */
const CANDIDATES = 200;

/**
 * The words of Christ: among the best verses so far, those where Jesus speaks (the tagged
 * translations' red-letter spans). A boost multiplies their scores (fusion.ts), so his
 * sayings rise above narrative verses that match the subject as well, in the order of their
 * relevance; never a source of new verses. Measured as a flat vote of 2 instead, a barely
 * relevant saying that is widely cross-referred to (Mark 3:5 for "worry") rose above the answer.
 */
export const speaker: Signal<SpeakerReason> = {
  name: 'speaker',
  phase: 'boost',
  // A verse Jesus speaks in counts for 3 times when his words are asked for.
  weight: 2,
  reads: "the tagged KJV's and WEB's red letters, among the best verses so far",
  candidates: CANDIDATES,
  // Asked first: most questions are not after his words, and their 200 best would go unread.
  asks: asksWordsOfChrist,
  votes(input, { ranked }) {
    if (!asksWordsOfChrist(input.question)) return [];
    const keys = ranked.slice(0, CANDIDATES).map((r) => r.key);
    const red = input.store.spokenByChrist(input.translations, keys);
    return keys.filter((k) => red.has(k)).map((key) => ({ key, score: 1, reason: { signal: 'speaker' } }));
  },
  tell: () => 'in the words of Christ',
};
