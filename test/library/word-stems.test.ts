import { describe, expect, it } from 'vitest';
import { archaicBase } from '../../src/library/import/word-stems.js';

const TEXT = new Set(['love', 'loved', 'know', 'run', 'cry', 'say', 'be', 'we', 'fair', 'go']);
const has = (w: string) => TEXT.has(w);

describe('archaic verb forms to their modern word', () => {
  it.each([
    ['loveth', 'love'],
    ['lovest', 'love'],
    ['lovedst', 'loved'],
    ['knoweth', 'know'],
    ['knowest', 'know'],
    ['runneth', 'run'],
    ['crieth', 'cry'],
    ['goeth', 'goeth'],
    ['fairest', 'fair'],
    ['saith', 'say'],
    ['hath', 'have'],
    ['best', 'best'],
    ['west', 'west'],
    ['rest', 'rest'],
    ['love', 'love'],
  ])('%s → %s', (term, base) => {
    expect(archaicBase(term, has)).toBe(base);
  });
});
