import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findVerses } from '../../src/find/engine.js';
import { REGISTRY, SIGNALS, type SignalName } from '../../src/find/registry.js';
import type { Signal } from '../../src/find/signal.js';
import { itWithSword } from '../support/env.js';
import { useTestStore } from '../support/test-store.js';

const SIGNAL_DIR = new URL('../../src/find/signals/', import.meta.url);

describe('the registry of signals', () => {
  it('lists every module of src/find/signals once, each exporting its one signal under its name', async () => {
    const files = readdirSync(SIGNAL_DIR).filter((f) => f.endsWith('.ts'));
    const exported: Signal[] = [];
    for (const file of files) {
      const module = (await import(new URL(file, SIGNAL_DIR).href)) as Record<string, unknown>;
      const signals = Object.values(module).filter(
        (v): v is Signal => typeof v === 'object' && v !== null && 'votes' in v && 'tell' in v,
      );
      expect([file, signals.length]).toEqual([file, 1]);
      exported.push(...signals);
    }
    expect(exported.map((s) => s.name).sort()).toEqual([...SIGNALS].sort());
    for (const s of exported) expect(REGISTRY as readonly Signal[]).toContain(s);
    expect(new Set(SIGNALS).size).toBe(SIGNALS.length);
  });

  it('runs the votes, then the echo, then the boosts; the boosts read the best verses so far', () => {
    const phases = REGISTRY.map((s) => s.phase);
    expect(phases).toEqual(
      [...phases].sort((a, b) => ['vote', 'echo', 'boost'].indexOf(a) - ['vote', 'echo', 'boost'].indexOf(b)),
    );
    for (const s of REGISTRY as readonly Signal[]) {
      expect([s.name, s.phase === 'vote' || (s.candidates ?? 0) > 0]).toEqual([s.name, true]);
      expect([s.name, s.weight > 0, s.reads.length > 0]).toEqual([s.name, true, true]);
    }
  });

  describe('on the real library', () => {
    const store = useTestStore();
    /** A question each signal gives a reason for among the ten best verses. */
    const ASKED: Record<SignalName, string> = {
      named: 'Romans 8:28 all things work together for good',
      lexical: 'What does the Bible say about worry and anxiety?',
      phrase: 'I can do all things through Christ',
      passage: 'Who betrayed Jesus?',
      introduction: 'Who was Melchizedek?',
      strongs: 'What does the Bible say about worry and anxiety?',
      topics: 'What does the Bible say about worry and anxiety?',
      everyday: 'What does the Bible say about worry and anxiety?',
      commentary: 'Who betrayed Jesus?',
      stories: 'Who betrayed Jesus?',
      quote: 'for I know the plans I have for you',
      crossrefs: 'What does the Bible say about worry and anxiety?',
      speaker: 'what did Jesus say about worry',
      prominence: 'What does the Bible say about worry and anxiety?',
    };
    const signalsOf = (question: string, without: SignalName[] = []) =>
      new Set(
        findVerses(store(), question, { translation: 'kjv', resources: store().resources(), limit: 10, without })
          .results.flatMap((r) => r.reasons)
          .map((r) => r.signal),
      );

    itWithSword('turning a signal off removes its reasons, and those of the signals that need it', () => {
      for (const name of SIGNALS) {
        expect([name, signalsOf(ASKED[name]).has(name)]).toEqual([name, true]);
        expect([name, signalsOf(ASKED[name], [name]).has(name)]).toEqual([name, false]);
      }
      // The passage signal reads what the lexical one matched.
      expect(signalsOf(ASKED.passage, ['lexical']).has('passage')).toBe(false);
    });

    itWithSword('a signal whose work the asker may not read is off', () => {
      const kjvOnly = store()
        .resources()
        .filter((r) => r.id === 'kjv');
      const found = findVerses(store(), 'love your enemies', { translation: 'kjv', resources: kjvOnly, limit: 10 });
      const drawn = new Set(found.results.flatMap((r) => r.reasons).map((r) => r.signal));
      expect(drawn.has('lexical')).toBe(true);
      // Of the signals, only those that read the translation alone.
      const own = (REGISTRY as readonly Signal[]).filter((s) => !s.works).map((s) => s.name);
      for (const s of drawn) expect(own).toContain(s);
      expect(found.drawnOn).toEqual(['kjv']);
    });
  });
});
