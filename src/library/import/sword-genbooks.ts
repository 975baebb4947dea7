import type { GenBookRow } from '../store/library-store.js';
import type { SwordModule } from '../sword/discovery.js';
import { BadModuleError } from '../sword/module-files.js';
import { openGenBook } from '../sword/open-module.js';
import { moduleId, moduleResource } from './known-modules.js';
import { decode, entryText } from './sword-dictionaries.js';
import type { LibraryWriter } from './writer.js';

/** A section as stored: its place in the tree and its text (its idx is its place in the list). */
type StoredSection = Omit<GenBookRow, 'idx' | 'chars'> & { text: string };

/**
 * The tree of a general book in its order, each section with its parent, last descendant and
 * children counted. The reader yields parents before their sections, depth first, so the open
 * ancestors are a stack: a section closes (its last descendant known) when one no deeper follows.
 */
function storedTree(mod: SwordModule): StoredSection[] {
  const out: StoredSection[] = [];
  const open: number[] = [];
  for (const s of openGenBook(mod, { tree: true })) {
    const depth = s.path.length;
    while (open.length >= depth) open.pop();
    const parent = open.at(-1) ?? null;
    if (parent !== null) (out[parent] as StoredSection).children++;
    const idx = out.length;
    for (const a of open) (out[a] as StoredSection).last = idx;
    out.push({
      parent,
      depth,
      last: idx,
      children: 0,
      key: s.key,
      name: s.path.at(-1) ?? '',
      text: s.bytes.length ? entryText(mod, decode(s.bytes)) : '',
    });
    open.push(idx);
  }
  return out;
}

/** A RawGenBook module: its whole tree into genbook_sections, and its resource; its sections counted. */
export function importSwordGenBook(writer: LibraryWriter, mod: SwordModule): number {
  const id = moduleId(mod.name);
  const tree = storedTree(mod);
  if (!tree.some((s) => s.text)) throw new BadModuleError('the general book holds no section with text');
  const insert = writer.db.prepare(
    'INSERT INTO genbook_sections (book, idx, parent, depth, last, children, key, name, chars, text) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  writer.transaction(() => {
    tree.forEach((s, idx) => {
      insert.run(id, idx, s.parent, s.depth, s.last, s.children, s.key, s.name, s.text.length, s.text);
    });
  });
  writer.resource(moduleResource(mod, 'genbook'), tree.length);
  return tree.length;
}
