import { BadModuleError, cString, ModuleFile } from './module-files.js';

/** A general book's section: its path of names from the top ("Book One", "Chapter 1") and its text. */
export interface BookSection {
  path: string[];
  /** libsword's key: the names joined by `/` after a leading `/` ("/Book One/Chapter 1"). */
  key: string;
  /** The section's own text (empty for a section that only holds others). */
  bytes: Buffer;
}

/** Sections deeper than this are refused: a tree key that deep is a loop or a broken module. */
export const MAX_TREE_DEPTH = 64;

/**
 * Sections (tree nodes) one general book may hold: the largest CrossWire books (the Church
 * Fathers' volumes) hold some tens of thousands; a tree past this is refused before it is read on.
 * A section's bytes are bounded by MAX_ENTRY_BYTES (module-files.ts), checked before they are read.
 */
export const MAX_BOOK_SECTIONS = 200_000;

/** `-1` (0xffffffff) in a node's parent, next or first-child field: no such node. */
const NONE = 0xffffffff;

interface TreeNode {
  next: number;
  firstChild: number;
  name: Buffer;
  data?: { offset: number; size: number };
}

/**
 * RawGenBook (libsword's rawgenbook.cpp and treekeyidx.cpp): a tree of named sections.
 * `<base>.idx` holds a `.dat` offset per node; a `.dat` node is (parent, next sibling, first
 * child), each the byte offset of a node's entry in `.idx` or -1, its name ended by a NUL, a u16
 * size and that many bytes of data: for a section with text, (offset, size) into `<base>.bdt`.
 * The root (at `.idx` offset 0) has no name and holds the book's top sections as its children.
 */
export class GenBookReader {
  private readonly idx: ModuleFile;
  private readonly dat: ModuleFile;
  private readonly bdt: ModuleFile;

  constructor(
    base: string,
    private readonly decipher: (bytes: Buffer) => Buffer = (b) => b,
  ) {
    this.idx = new ModuleFile(`${base}.idx`);
    this.dat = new ModuleFile(`${base}.dat`);
    this.bdt = new ModuleFile(`${base}.bdt`);
  }

  private node(idxOffset: number): TreeNode {
    if (idxOffset % 4 || idxOffset + 4 > this.idx.length)
      throw new BadModuleError(
        `a tree node at ${idxOffset} is past the end of ${this.idx.name} (${this.idx.length} bytes)`,
      );
    const at = this.idx.u32(idxOffset);
    const head = this.dat.range(at, 12, `the tree node at ${at}`);
    const nul = this.dat.bytes.indexOf(0, at + 12);
    if (nul < 0 || nul + 3 > this.dat.length)
      throw new BadModuleError(`the tree node at ${at} of ${this.dat.name} is cut short`);
    const dsize = this.dat.bytes.readUInt16LE(nul + 1);
    const user = this.dat.range(nul + 3, dsize, `the tree node at ${at}`);
    return {
      next: head.readUInt32LE(4),
      firstChild: head.readUInt32LE(8),
      name: this.dat.bytes.subarray(at + 12, nul),
      data: dsize >= 8 ? { offset: user.readUInt32LE(0), size: user.readUInt32LE(4) } : undefined,
    };
  }

  /**
   * Every section of the tree, depth first in the book's order (as libsword's `mod2imp` lists
   * them), those that only hold others with empty bytes. Bounded by MAX_TREE_DEPTH and
   * MAX_BOOK_SECTIONS; a loop is refused at the node it comes back to.
   */
  *nodes(decodeName: (name: Buffer) => string = (n) => n.toString('utf8')): Generator<BookSection> {
    const seen = new Set<number>();
    const visit = function* (this: GenBookReader, first: number, path: string[]): Generator<BookSection> {
      if (path.length >= MAX_TREE_DEPTH)
        throw new BadModuleError(`the section tree of ${this.dat.name} is deeper than ${MAX_TREE_DEPTH}`);
      for (let at = first; at !== NONE; ) {
        if (seen.has(at)) throw new BadModuleError(`the section tree of ${this.dat.name} loops at node ${at / 4}`);
        if (seen.size >= MAX_BOOK_SECTIONS)
          throw new BadModuleError(`${this.dat.name} holds more than ${MAX_BOOK_SECTIONS} sections`);
        seen.add(at);
        const node = this.node(at);
        const here = [...path, decodeName(node.name)];
        let bytes: Buffer = Buffer.alloc(0);
        if (node.data && node.data.size > 0) {
          const stored = this.bdt.range(node.data.offset, node.data.size, `the section /${here.join('/')}`);
          bytes = cString(this.decipher(stored));
        }
        yield { path: here, key: `/${here.join('/')}`, bytes };
        if (node.firstChild !== NONE) yield* visit.call(this, node.firstChild, here);
        at = node.next;
      }
    };
    const root = this.node(0);
    if (root.firstChild !== NONE) yield* visit.call(this, root.firstChild, []);
  }

  /** Every section with text, in the book's order. */
  *sections(decodeName?: (name: Buffer) => string): Generator<BookSection> {
    for (const s of this.nodes(decodeName)) if (s.bytes.length > 0) yield s;
  }
}
