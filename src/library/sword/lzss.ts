/**
 * libsword's LZSS (CompressType=LZSS, lzsscomprs.cpp): Haruhiko Okumura's 1989 scheme with a
 * 4 KiB ring buffer first filled with spaces. Written here because it is SWORD's own variant
 * (that ring start and flag order), no npm package decodes it, and the decoder is thirty lines.
 */

const RING = 4096;
const LONGEST = 18;
const SHORTEST = 3;

/** Decodes `input`; more than `maxBytes` of output throws (the caller names that bound). */
export function lzssDecode(input: Uint8Array, maxBytes: number): Buffer {
  const ring = new Uint8Array(RING).fill(0x20);
  let r = RING - LONGEST;
  let out = new Uint8Array(Math.min(maxBytes, Math.max(64, input.length * 4)));
  let length = 0;
  let i = 0;
  let flags = 0;
  let flagCount = 0;
  const put = (byte: number) => {
    if (length === out.length) {
      if (length >= maxBytes) throw new RangeError(`LZSS output over ${maxBytes} bytes`);
      const grown = new Uint8Array(Math.min(maxBytes, length * 2));
      grown.set(out);
      out = grown;
    }
    out[length++] = byte;
    ring[r] = byte;
    r = (r + 1) & (RING - 1);
  };
  while (i < input.length) {
    if (flagCount > 0) {
      flags >>= 1;
      flagCount--;
    } else {
      flags = input[i++] as number;
      flagCount = 7;
    }
    if (flags & 1) {
      if (i >= input.length) break;
      put(input[i++] as number);
    } else {
      if (i + 1 >= input.length) break;
      const lo = input[i++] as number;
      const hi = input[i++] as number;
      const pos = lo | ((hi & 0xf0) << 4);
      const len = (hi & 0x0f) + SHORTEST;
      // Byte by byte: a match may overlap the bytes it adds to the ring, as in libsword.
      for (let k = 0; k < len; k++) put(ring[(pos + k) & (RING - 1)] as number);
    }
  }
  return Buffer.from(out.buffer, 0, length);
}
