import { describe, expect, it } from 'vitest';
import { rootsHeld } from '../../src/find/derivation.js';
import { find } from '../support/find.js';
import { useTestStore } from '../support/test-store.js';

describe('find reads a word no verse holds through its root', () => {
  const store = useTestStore();

  it('takes off a derivation only where the verses hold no form of the word and do hold the root', () => {
    expect(rootsHeld(store(), ['loneliness', 'loveliness', 'oversleeping', 'overworked', 'unbearable'])).toEqual([
      'lonely',
      'lovely',
      'sleeping',
      'worked',
      // The WEB's Prayer of Manasseh 1:5 says "unbearable": held as typed.
      'unbearable',
    ]);
    // Held as they are (by Porter's stem), or no root the verses hold: left as typed. "obesity"
    // is not read as "obes", a fragment the word list knows and that stems as Obed does.
    // Nor "donation" as "don" (the WEB's "don’t", split) or "done", nor "overtime" as "time".
    const kept = [
      ...['kindness', 'forgiveness', 'sexuality', 'unforgivable', 'obesity', 'cheating', 'depression'],
      ...['donation', 'overtime', 'overview'],
    ];
    expect(rootsHeld(store(), kept)).toEqual(kept);
  });

  it('finds the lonely of the WEB and the Strong’s words behind them for "loneliness"', () => {
    const found = find(store(), 'What does the Bible say about loneliness?', {
      translation: 'kjv',
      limit: 3,
    });
    expect(found.results[0]?.ref).toBe('Psalms 68:6');
    expect(found.results[0]?.why).toContain('words: lonely (WEB)');
  });
});
