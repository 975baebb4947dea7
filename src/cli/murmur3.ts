/**
 * MurmurHash3 x86_128 (Austin Appleby's, public domain) of a byte string: 128 well-mixed bits,
 * as 32 hex digits (h1..h4, each big-endian). Not a cryptographic hash: it names the replay's
 * entries (src/cli/replay.ts), where node:crypto's SHA-256 would cost more to load (OpenSSL's
 * start-up) than the whole replay saves. Here rather than a package: it is a few lines, and the
 * launcher loads nothing of node_modules.
 */
export function murmur3x86x128(data: Uint8Array, seed = 0): string {
  const c1 = 0x239b961b;
  const c2 = 0xab0e9789;
  const c3 = 0x38b34ae5;
  const c4 = 0xa1e38b93;
  let h1 = seed >>> 0;
  let h2 = h1;
  let h3 = h1;
  let h4 = h1;
  const word = (i: number) =>
    ((data[i] as number) |
      ((data[i + 1] as number) << 8) |
      ((data[i + 2] as number) << 16) |
      ((data[i + 3] as number) << 24)) >>>
    0;
  const blocks = data.length - (data.length % 16);
  for (let i = 0; i < blocks; i += 16) {
    h1 ^= mix(word(i), c1, 15, c2);
    h1 = (Math.imul(rotl(h1, 19) + h2, 5) + 0x561ccd1b) >>> 0;
    h2 ^= mix(word(i + 4), c2, 16, c3);
    h2 = (Math.imul(rotl(h2, 17) + h3, 5) + 0x0bcaa747) >>> 0;
    h3 ^= mix(word(i + 8), c3, 17, c4);
    h3 = (Math.imul(rotl(h3, 15) + h4, 5) + 0x96cd1c35) >>> 0;
    h4 ^= mix(word(i + 12), c4, 18, c1);
    h4 = (Math.imul(rotl(h4, 13) + h1, 5) + 0x32ac3b17) >>> 0;
  }
  // The tail: up to 15 bytes, little-endian into k1..k4 as the reference's fall-through switch does.
  const k = [0, 0, 0, 0];
  for (let i = data.length - 1; i >= blocks; i--) {
    const at = i - blocks;
    k[at >> 2] = ((k[at >> 2] as number) ^ ((data[i] as number) << ((at & 3) * 8))) >>> 0;
  }
  const tail = data.length - blocks;
  if (tail > 12) h4 ^= mix(k[3] as number, c4, 18, c1);
  if (tail > 8) h3 ^= mix(k[2] as number, c3, 17, c4);
  if (tail > 4) h2 ^= mix(k[1] as number, c2, 16, c3);
  if (tail > 0) h1 ^= mix(k[0] as number, c1, 15, c2);
  h1 ^= data.length;
  h2 ^= data.length;
  h3 ^= data.length;
  h4 ^= data.length;
  h1 = (h1 + h2 + h3 + h4) >>> 0;
  h2 = (h2 + h1) >>> 0;
  h3 = (h3 + h1) >>> 0;
  h4 = (h4 + h1) >>> 0;
  h1 = fmix(h1);
  h2 = fmix(h2);
  h3 = fmix(h3);
  h4 = fmix(h4);
  h1 = (h1 + h2 + h3 + h4) >>> 0;
  h2 = (h2 + h1) >>> 0;
  h3 = (h3 + h1) >>> 0;
  h4 = (h4 + h1) >>> 0;
  return [h1, h2, h3, h4].map((h) => h.toString(16).padStart(8, '0')).join('');
}

const rotl = (x: number, r: number) => ((x << r) | (x >>> (32 - r))) >>> 0;

const mix = (k: number, a: number, r: number, b: number) => Math.imul(rotl(Math.imul(k, a), r), b) >>> 0;

function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
