import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { lzssDecode } from './lzss.js';

/** One CompressType's decoder: the block's bytes to what they hold, at most `maxBytes` of it. */
type Decoder = (block: Uint8Array, maxBytes: number) => Buffer;

const require = createRequire(import.meta.url);

/**
 * bzip2 by seek-bzip (pure JavaScript): its output stream is ours, so a block that would unpack
 * to more than the bound stops there instead of growing.
 */
function bunzip(block: Uint8Array, maxBytes: number): Buffer {
  const { decode } = require('seek-bzip') as {
    decode(input: Uint8Array, output: { writeByte(b: number): void; getBuffer(): Buffer }): Buffer;
  };
  let out = Buffer.alloc(Math.min(maxBytes, Math.max(1024, block.length * 8)));
  let length = 0;
  return decode(Buffer.from(block.buffer, block.byteOffset, block.byteLength), {
    writeByte(b: number) {
      if (length === out.length) {
        if (length >= maxBytes) throw new RangeError(`bzip2 output over ${maxBytes} bytes`);
        const grown = Buffer.alloc(Math.min(maxBytes, length * 2));
        out.copy(grown);
        out = grown;
      }
      out[length++] = b;
    },
    getBuffer: () => out.subarray(0, length),
  });
}

/** An unsigned LEB128-like varint of the xz format at `at`: [value, next offset]. */
function xzVarint(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let shift = 0, i = at; i < bytes.length && shift < 63; shift += 7, i++) {
    const b = bytes[i] as number;
    value += (b & 0x7f) * 2 ** shift;
    if (!(b & 0x80)) return [value, i + 1];
  }
  throw new RangeError('xz index is cut short');
}

/**
 * The total a one-stream xz block says it unpacks to, from its index (the stream's end): read
 * before decompressing, so a block that claims too much is refused without unpacking it.
 */
function xzDeclaredSize(stream: Uint8Array): number {
  const footer = stream.length - 12;
  if (footer < 12 || stream[stream.length - 2] !== 0x59 || stream[stream.length - 1] !== 0x5a)
    throw new RangeError('not an xz stream (no footer)');
  const view = Buffer.from(stream.buffer, stream.byteOffset, stream.byteLength);
  const indexStart = footer - (view.readUInt32LE(footer + 4) + 1) * 4;
  if (indexStart < 12 || stream[indexStart] !== 0) throw new RangeError('xz index is missing');
  let [records, at] = xzVarint(stream, indexStart + 1);
  let total = 0;
  for (; records > 0; records--) {
    [, at] = xzVarint(stream, at); // unpadded size
    let size: number;
    [size, at] = xzVarint(stream, at);
    total += size;
  }
  return total;
}

/**
 * xz by @napi-rs/lzma. libsword stores a block with 1 KiB of zeros after it, which the xz format
 * allows (stream padding) and that decoder refuses: the stream is cut at its footer ("YZ").
 */
function unxz(block: Uint8Array, maxBytes: number): Buffer {
  let end = block.length;
  while (end > 0 && block[end - 1] === 0) end--;
  const stream = block.subarray(0, end);
  const declared = xzDeclaredSize(stream);
  if (declared > maxBytes) throw new RangeError(`xz block says it holds ${declared} bytes, over ${maxBytes}`);
  const { xz } = require('@napi-rs/lzma') as { xz: { decompressSync(input: Uint8Array): Buffer } };
  return xz.decompressSync(stream);
}

/**
 * Every CompressType libsword writes (osis2mod, imp2vs and imp2ld's `-z z|l|b|x`), by the conf's
 * value in upper case. zlib is Node's own; zlib stops at its stream's end, past libsword's padding.
 */
export const DECODERS: Record<string, Decoder> = {
  ZIP: (block, maxBytes) => inflateSync(block, { maxOutputLength: maxBytes }),
  LZSS: lzssDecode,
  BZIP2: bunzip,
  XZ: unxz,
};

/** The decoder for a conf's CompressType (ZIP when the conf names none), or undefined when unknown. */
export function decoderFor(compressType: string | undefined): Decoder | undefined {
  return DECODERS[(compressType ?? 'ZIP').toUpperCase()];
}
