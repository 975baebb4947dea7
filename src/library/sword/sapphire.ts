/**
 * SWORD's cipher: Michael Paul Johnson's Sapphire II stream cipher (public domain), as libsword's
 * sapphire.cpp and swcipher.cpp apply it. Each buffer is ciphered from a fresh state keyed with
 * the module's CipherKey; libsword leaves buffers of two bytes or fewer as they are
 * (cipherfil.cpp). A compressed module (zText, zCom, zLD) ciphers each compressed block, a raw
 * one (RawText, RawCom, RawLD, RawGenBook) each entry.
 */

/** A key of more than this many bytes is refused by libsword (an assertion in setCipherKey). */
export const MAX_CIPHER_KEY_BYTES = 255;

/** What libsword leaves unciphered: buffers of this many bytes or fewer. */
const UNCIPHERED_UP_TO = 2;

class SapphireState {
  private readonly cards = new Uint8Array(256);
  private rotor = 0;
  private ratchet = 0;
  private avalanche = 0;
  private lastPlain = 0;
  private lastCipher = 0;

  constructor(key: Uint8Array) {
    const { cards } = this;
    for (let i = 0; i < 256; i++) cards[i] = i;
    let keypos = 0;
    let rsum = 0;
    const keyrand = (limit: number): number => {
      if (!limit) return 0;
      let mask = 1;
      while (mask < limit) mask = (mask << 1) + 1;
      let retries = 0;
      let u: number;
      do {
        rsum = ((cards[rsum] as number) + (key[keypos++] as number)) & 0xff;
        if (keypos >= key.length) {
          keypos = 0;
          rsum = (rsum + key.length) & 0xff;
        }
        u = mask & rsum;
        if (++retries > 11) u %= limit;
      } while (u > limit);
      return u;
    };
    for (let i = 255; i >= 0; i--) {
      const swap = keyrand(i);
      const t = cards[i] as number;
      cards[i] = cards[swap] as number;
      cards[swap] = t;
    }
    this.rotor = cards[1] as number;
    this.ratchet = cards[3] as number;
    this.avalanche = cards[5] as number;
    this.lastPlain = cards[7] as number;
    this.lastCipher = cards[rsum] as number;
  }

  /** The keystream byte for the next position, after the shuffle both directions share. */
  private step(): number {
    const c = this.cards;
    this.ratchet = (this.ratchet + (c[this.rotor] as number)) & 0xff;
    this.rotor = (this.rotor + 1) & 0xff;
    const swap = c[this.lastCipher] as number;
    c[this.lastCipher] = c[this.ratchet] as number;
    c[this.ratchet] = c[this.lastPlain] as number;
    c[this.lastPlain] = c[this.rotor] as number;
    c[this.rotor] = swap;
    this.avalanche = (this.avalanche + (c[swap] as number)) & 0xff;
    const a = c[((c[this.ratchet] as number) + (c[this.rotor] as number)) & 0xff] as number;
    const b = c[
      c[
        ((c[this.lastPlain] as number) + (c[this.lastCipher] as number) + (c[this.avalanche] as number)) & 0xff
      ] as number
    ] as number;
    return a ^ b;
  }

  decrypt(byte: number): number {
    const plain = byte ^ this.step();
    this.lastCipher = byte;
    this.lastPlain = plain;
    return plain;
  }

  encrypt(byte: number): number {
    const cipher = byte ^ this.step();
    this.lastCipher = cipher;
    this.lastPlain = byte;
    return cipher;
  }
}

function keyBytes(key: string): Uint8Array {
  const bytes = Buffer.from(key, 'latin1');
  if (bytes.length === 0 || bytes.length > MAX_CIPHER_KEY_BYTES)
    throw new Error(`a cipher key is 1 to ${MAX_CIPHER_KEY_BYTES} characters`);
  return bytes;
}

/** A buffer as libsword deciphers it with the module's key (a new buffer; the input is kept). */
export function decipher(bytes: Uint8Array, key: string): Buffer {
  const out = Buffer.from(bytes);
  if (out.length <= UNCIPHERED_UP_TO) return out;
  const state = new SapphireState(keyBytes(key));
  for (let i = 0; i < out.length; i++) out[i] = state.decrypt(out[i] as number);
  return out;
}

/** A buffer as libsword enciphers it: what osis2mod -c writes (tests encipher raw modules with it). */
export function encipher(bytes: Uint8Array, key: string): Buffer {
  const out = Buffer.from(bytes);
  if (out.length <= UNCIPHERED_UP_TO) return out;
  const state = new SapphireState(keyBytes(key));
  for (let i = 0; i < out.length; i++) out[i] = state.encrypt(out[i] as number);
  return out;
}
