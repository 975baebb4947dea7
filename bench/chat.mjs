#!/usr/bin/env node
// The offline chat (no language model) on the question sets: the share of answers that cite at
// least one expected verse (target ≥ 85%), and the share that cite a verse matched only on a stop
// word or an archaic sense (target 0), per persona, on each question set (bench/question-sets.mjs),
// and the share that name related Nave's topics and a story.
// A verse counts as matched "only on a stop word or an archaic sense" when nothing but the word
// match brought it in, and every word it matched is a function or question word, or is held only
// by the KJV's wording and not by the modern WEB's (the KJV's "suffer" where the WEB says "allow").
// Usage: node bench/chat.mjs [--sets 'life dev,es dev'] [--personas default,simple_helper] [--library path] [--dev path] [--train path] [--train2 path] [--train3 path] [--heldout path] [--heldout2 path]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { libraryPath, questionSetOptions, questionSets } from './question-sets.mjs';

register();
const { values } = parseArgs({
  options: {
    ...questionSetOptions,
    // A comma-separated choice of sets by the names printed ("life dev,es dev"), and of personas.
    sets: { type: 'string' },
    personas: { type: 'string' },
  },
});
const library = libraryPath(values);

const { LibraryStore } = await import('../src/library/store/library-store.ts');
const { retrieve } = await import('../src/service/chat/retrieval.ts');
const { OfflineProvider } = await import('../src/service/chat/offline-provider.ts');
const { isFunctionWord, phraseTokens } = await import('../src/find/question.ts');
const { PERSONAS } = await import('../src/core/personas.ts');
const { whyOf } = await import('../src/find/registry.ts');

const store = new LibraryStore(library);
const resources = store.resources();
const provider = new OfflineProvider();

/** Whether a verse's reasons are one word match on stop words or on words only the KJV's wording holds. */
function stopOrArchaicOnly(reasons) {
  if (reasons.length !== 1 || reasons[0].signal !== 'lexical') return false;
  return reasons[0].words.every(({ word, only }) => {
    const stop = isFunctionWord(word) || phraseTokens(word).length === 0;
    return stop || (only?.length === 1 && only[0] === 'kjv');
  });
}

async function measure(all, persona, translation) {
  // Off-topic questions (no verse listed): how many replies quote no verse at all.
  const questions = all.filter((q) => q.expect.length);
  const offTopic = all.filter((q) => !q.expect.length);
  // The offline chat's answer to one question: what it was grounded on, and its reply.
  const ask = async (q) => {
    const grounding = retrieve(store, q, persona, translation, resources);
    const reply = await provider.reply({
      persona,
      grounding,
      history: [],
      message: q,
      system: '',
      context: '',
      maxTokens: 2048,
    });
    return { grounding, reply };
  };
  let silent = 0;
  for (const { q } of offTopic) {
    const { reply } = await ask(q);
    if (!/^> /m.test(reply.text)) silent++;
  }
  let cites = 0;
  let bad = 0;
  let topics = 0;
  let stories = 0;
  const misses = [];
  const flagged = [];
  for (const { q, expect } of questions) {
    const { grounding, reply } = await ask(q);
    const cited = [...reply.text.matchAll(/^> .* \(([^()]+ \d+:\d+), [A-Z0-9]+\)$/gm)].map((m) => m[1]);
    if (grounding.topics.length) topics++;
    if (grounding.stories.length) stories++;
    if (cited.some((r) => expect.includes(r))) cites++;
    else misses.push(q);
    const wrong = grounding.verses.filter((v) => cited.includes(v.ref) && stopOrArchaicOnly(v.reasons));
    if (wrong.length) {
      bad++;
      flagged.push(`${q} → ${wrong.map((v) => `${v.ref} [${v.reasons.map(whyOf).join('; ')}]`).join(', ')}`);
    }
  }
  const n = questions.length;
  const quiet = offTopic.length ? `${silent} of ${offTopic.length}` : undefined;
  return { cites: cites / n, bad: bad / n, topics: topics / n, stories: stories / n, misses, flagged, quiet };
}

const pct = (x) => `${(x * 100).toFixed(0).padStart(3)}%`;
const chosen = (list) => (list ? new Set(list.split(',').map((s) => s.trim())) : undefined);
const setNames = chosen(values.sets);
const personas = chosen(values.personas);
for (const [name, path, translation = 'kjv'] of questionSets(values)) {
  if (setNames && !setNames.has(name)) continue;
  const questions = JSON.parse(readFileSync(path, 'utf8'));
  console.log(`${name} set: ${questions.length} questions, asked with the ${translation.toUpperCase()} (${path})`);
  for (const persona of PERSONAS) {
    if (personas && !personas.has(persona)) continue;
    const m = await measure(questions, persona, translation);
    console.log(
      `  ${persona.padEnd(17)} cite an expected verse ${pct(m.cites)} (target ≥ 85%)  cite a stop-word/archaic-only match ${pct(m.bad)} (target 0)  name related topics ${pct(m.topics)}  a story ${pct(m.stories)}${m.quiet ? `  off-topic quoting nothing ${m.quiet}` : ''}`,
    );
    // The held-out sets are read for their figures only, never question by question.
    if (name.includes('held-out')) continue;
    for (const q of m.flagged) console.log(`    flagged: ${q}`);
    if (process.env.BENCH_VERBOSE) for (const q of m.misses) console.log(`    missed: ${q}`);
  }
}
store.close();
