import { describe, expect, it } from 'vitest';
import { murmur3x86x128 } from '../../src/cli/murmur3.js';

describe('MurmurHash3 x86_128, which names the replay entries', () => {
  // Published vectors (NHasher's MurmurHash128X32V3 tests, seed 2538058380), there printed as the
  // 16 bytes in memory order; here each 32-bit word is written big-endian, so each reads reversed.
  it.each([
    ['', 'f7bed5a15b576a1c5b576a1c5b576a1c'],
    ['The quick brown fox jumps over the lazy dog', '8ad4d55e4cb861718ea73a9ccdb6793e'],
    ['The quick brown fox jumps over the lazy cog', 'cc29880e108110f9bf5e6f7c88e13334'],
    ['THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG', '7192c385c601175a4abfdf8290815014'],
  ])('%j', (text, expected) => {
    expect(murmur3x86x128(Buffer.from(text), 2538058380)).toBe(expected);
  });
});
