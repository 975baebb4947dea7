/**
 * The varints the library packs its word spans and concordance postings with (packed-words.ts,
 * postings.ts): 7 bits a byte, low bits first, as SQLite's own records and FTS5's doclists do.
 */

/** What a damaged library file reads as: one line naming the cure, never a crash or an endless loop. */
export class LibraryDamagedError extends Error {
  constructor(what: string) {
    super(`the library file is damaged (${what}); rebuild it with: bible library import`);
    this.name = 'LibraryDamagedError';
  }
}

/** A varint holds at most this many bytes (35 bits): every number packed is far smaller. */
const VARINT_BYTES_MAX = 5;

/** Appends varints and bytes to a growing buffer. */
export class ByteWriter {
  private bytes = Buffer.alloc(256);
  private length = 0;

  private room(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    const grown = Buffer.alloc(Math.max(this.bytes.length * 2, this.length + n));
    this.bytes.copy(grown, 0, 0, this.length);
    this.bytes = grown;
  }

  byte(b: number): void {
    this.room(1);
    this.bytes[this.length++] = b;
  }

  varint(n: number): void {
    if (!Number.isInteger(n) || n < 0 || n >= 2 ** (7 * VARINT_BYTES_MAX)) throw new RangeError(`varint ${n}`);
    let v = n;
    while (v >= 0x80) {
      this.byte((v % 0x80) | 0x80);
      v = Math.floor(v / 0x80);
    }
    this.byte(v);
  }

  /** A string as its UTF-8 length, then its bytes. */
  text(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.varint(b.length);
    this.room(b.length);
    b.copy(this.bytes, this.length);
    this.length += b.length;
  }

  done(): Buffer {
    return Buffer.from(this.bytes.subarray(0, this.length));
  }
}

/** Reads what ByteWriter wrote, every read checked against the bytes left. */
export class ByteReader {
  private at = 0;

  constructor(
    private readonly bytes: Uint8Array,
    /** Names the blob in the error a damaged one gives ("kjv's words of verse 43003016"). */
    private readonly what: () => string,
  ) {}

  get more(): boolean {
    return this.at < this.bytes.length;
  }

  fail(why: string): never {
    throw new LibraryDamagedError(`${this.what()}: ${why} at byte ${this.at}`);
  }

  byte(): number {
    if (this.at >= this.bytes.length) this.fail('cut short');
    return this.bytes[this.at++] as number;
  }

  varint(): number {
    let n = 0;
    let scale = 1;
    for (let i = 0; i < VARINT_BYTES_MAX; i++) {
      const b = this.byte();
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 0x80;
    }
    return this.fail('a number too long');
  }

  text(): string {
    const n = this.varint();
    if (n > this.bytes.length - this.at) this.fail('a text longer than the bytes left');
    const s = Buffer.from(this.bytes.buffer, this.bytes.byteOffset + this.at, n).toString('utf8');
    this.at += n;
    return s;
  }
}
