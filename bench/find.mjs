#!/usr/bin/env node
// Retrieval quality and latency of `bible find` on the question sets: success@10 (an expected
// verse in the top 10), recall@10 and MRR, for the whole engine, with each signal turned off,
// and for the yardstick (plain FTS5 BM25 over the content words, per translation); then the
// in-process p95 latency per question beside the yardstick's.
// Usage: node bench/find.mjs [--library path] [--dev path] [--train path] [--train2 path] [--train3 path] [--heldout path] [--heldout2 path] [--translation kjv]
//   --library defaults to $BIBLE_DATA_DIR/library.sqlite (or ~/.local/share/bible); --dev to
//   ../shared/eval/retrieval-dev.json beside this repository (or beside its worktrees' folder);
//   --train, --train2, --train3, --heldout and --heldout2 to the sets in bench/eval/.
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { register } from 'tsx/esm/api';
import { libraryPath, questionSetOptions, questionSets } from './question-sets.mjs';

register();
const { values } = parseArgs({
  options: {
    ...questionSetOptions,
    translation: { type: 'string', default: 'kjv' },
  },
});
const library = libraryPath(values);

const { LibraryStore } = await import('../src/library/store/library-store.ts');
const { findVerses } = await import('../src/find/engine.ts');
const { SIGNALS } = await import('../src/find/registry.ts');
const { keyParts } = await import('../src/core/reference/verse-key.ts');
const { contentWords } = await import('../src/find/question.ts');
const { anyWord } = await import('../src/find/stem.ts');
const { bookByNumber } = await import('../src/core/canon/canon.ts');

const store = new LibraryStore(library);
const resources = store.resources();
const sets = questionSets(values);

/**
 * success@10, recall@10 and MRR of a ranker (question → refs, best first) over a set, and
 * success@3 (the simple helper's chat quotes the top three; bench/chat.mjs should come near it).
 */
function measure(all, rank) {
  // A question that lists no verse (off-topic) is answered well by none: counted apart (offTopic).
  const questions = all.filter((q) => q.expect.length);
  const offTopic = all.filter((q) => !q.expect.length);
  const none = offTopic.filter(({ q }) => rank(q).length === 0).length;
  // An answerable question left with no verse: the confidence bar held back a right answer, or a wrong one.
  let empty = 0;
  let success = 0;
  let success3 = 0;
  let recall = 0;
  let rr = 0;
  for (const { q, expect } of questions) {
    const refs = rank(q).slice(0, 10);
    if (!refs.length) empty++;
    const hits = expect.filter((e) => refs.includes(e)).length;
    const first = refs.findIndex((r) => expect.includes(r));
    if (hits) success++;
    if (first >= 0 && first < 3) success3++;
    recall += hits / expect.length;
    rr += first >= 0 ? 1 / (first + 1) : 0;
  }
  const n = questions.length;
  return {
    success: success / n,
    recall: recall / n,
    mrr: rr / n,
    success3: success3 / n,
    offTopic: offTopic.length ? `${none} of ${offTopic.length}` : undefined,
    empty: `${empty} of ${n}`,
  };
}

const engine =
  (without, translation = values.translation) =>
  (q) =>
    findVerses(store, q, { translation, resources, limit: 10, without }).results.map((r) => r.ref);
const yardstick = (translation) => (q) => {
  const match = anyWord(contentWords(q));
  if (!match) return [];
  return store.findRanked([translation], match, 10).map(({ key }) => {
    const { book, chapter, verse } = keyParts(key);
    return `${bookByNumber(book).name} ${chapter}:${verse}`;
  });
};

const pct = (x) => `${(x * 100).toFixed(0).padStart(3)}%`;
const row = (label, m) =>
  console.log(
    `  ${label.padEnd(28)} success@10 ${pct(m.success)}  recall@10 ${pct(m.recall)}  MRR ${m.mrr.toFixed(2)}  success@3 ${pct(m.success3)}  answerable with no verse ${m.empty}${m.offTopic ? `  off-topic with no verse ${m.offTopic}` : ''}`,
  );

for (const [name, path, translation] of sets) {
  const questions = JSON.parse(readFileSync(path, 'utf8'));
  console.log(`${name} set: ${questions.length} questions${translation ? ` in ${translation}` : ''} (${path})`);
  row('engine, all signals', measure(questions, engine([], translation)));
  for (const s of SIGNALS) row(`  without ${s}`, measure(questions, engine([s], translation)));
  for (const t of ['kjv', 'web']) row(`yardstick: BM25 over ${t}`, measure(questions, yardstick(t)));
}

/**
 * p50 and p95 milliseconds of a ranker over every question, after one warm-up pass: wall time,
 * and this process's CPU time (user + system), which other load on the machine disturbs less.
 */
function latency(questions, rank) {
  for (const { q } of questions) rank(q);
  const wall = [];
  const cpu = [];
  for (let round = 0; round < 3; round++) {
    for (const { q } of questions) {
      const c = process.cpuUsage();
      const t = process.hrtime.bigint();
      rank(q);
      wall.push(Number(process.hrtime.bigint() - t) / 1e6);
      const used = process.cpuUsage(c);
      cpu.push((used.user + used.system) / 1e3);
    }
  }
  const at = (times, p) => {
    const sorted = [...times].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1);
  };
  return `wall p50 ${at(wall, 0.5)} ms, p95 ${at(wall, 0.95)} ms; CPU p50 ${at(cpu, 0.5)} ms, p95 ${at(cpu, 0.95)} ms`;
}
const all = sets.flatMap(([, path]) => JSON.parse(readFileSync(path, 'utf8')));
console.log(
  `latency in-process over ${all.length} questions × 3 (load average ${loadavg()[0].toFixed(1)} on ${availableParallelism()} cores):`,
);
console.log(`  engine:              ${latency(all, engine([]))} (target p95 < 50 ms)`);
console.log(`  yardstick BM25 kjv:  ${latency(all, yardstick('kjv'))}`);
store.close();
