import { readFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';

export interface LexEntry {
  key: string;
  bytes: Buffer;
}

/**
 * Reads a zLD lexicon/dictionary module: `.idx` (offset, size into `.dat`), `.dat` records
 * (key ended by a newline, then block and entry numbers), `.zdx` (offset, size into `.zdt`), and
 * `.zdt` zlib blocks that hold a count, a table of (offset, size) and NUL-terminated entries.
 */
export function* readZld(base: string): Generator<LexEntry> {
  const idx = readFileSync(`${base}.idx`);
  const dat = readFileSync(`${base}.dat`);
  const zdx = readFileSync(`${base}.zdx`);
  const zdt = readFileSync(`${base}.zdt`);
  let cachedBlock = -1;
  let block: Buffer = Buffer.alloc(0);
  for (let i = 0; i + 8 <= idx.length; i += 8) {
    const offset = idx.readUInt32LE(i);
    const size = idx.readUInt32LE(i + 4);
    const record = dat.subarray(offset, offset + size);
    const nl = record.indexOf(0x0a);
    if (nl < 0 || nl + 9 > record.length) continue;
    const key = record.subarray(0, nl).toString('utf8').replace(/\r$/, '');
    const blockNum = record.readUInt32LE(nl + 1);
    const entryNum = record.readUInt32LE(nl + 5);
    if (blockNum !== cachedBlock) {
      const bOffset = zdx.readUInt32LE(blockNum * 8);
      const bSize = zdx.readUInt32LE(blockNum * 8 + 4);
      block = inflateSync(zdt.subarray(bOffset, bOffset + bSize));
      cachedBlock = blockNum;
    }
    const count = block.readUInt32LE(0);
    if (entryNum >= count) continue;
    const eOffset = block.readUInt32LE(4 + entryNum * 8);
    const eSize = block.readUInt32LE(8 + entryNum * 8);
    let bytes = block.subarray(eOffset, eOffset + eSize);
    const nul = bytes.indexOf(0);
    if (nul >= 0) bytes = bytes.subarray(0, nul);
    yield { key, bytes };
  }
}
