// What bench/find.mjs and bench/chat.mjs share: the options naming the library and the four
// question sets (dev beside the repository, train, train2, train3 and the two held-out sets in bench/eval/), and the library path.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** parseArgs options for --library, --dev, --train, --train2, --train3, --heldout and --heldout2, with their defaults. */
export const questionSetOptions = {
  library: { type: 'string' },
  // ../shared beside the main checkout, or beside the worktrees' folder for a worktree under /work/wt.
  dev: {
    type: 'string',
    default: [join(root, '..', 'shared'), join(root, '..', '..', 'shared')]
      .map((dir) => join(dir, 'eval', 'retrieval-dev.json'))
      .find((p) => existsSync(p)),
  },
  train: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-train.json') },
  train2: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-train2.json') },
  train3: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-train3.json') },
  heldout: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-heldout.json') },
  heldout2: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-heldout2.json') },
  // Issue 34's sets (life situations, off-topic questions that list no verse) and issue 31's Spanish ones.
  lifeDev: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-life-dev.json') },
  lifeDev2: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-life-dev2.json') },
  lifeHeldout: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-life-heldout.json') },
  lifeHeldout2: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-life-heldout2.json') },
  esDev: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-es-dev.json') },
  esHeldout: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-es-heldout.json') },
};

/** --library, else $BIBLE_DATA_DIR's library, else the default data directory's. */
export function libraryPath(values) {
  return (
    values.library ?? join(process.env.BIBLE_DATA_DIR ?? join(homedir(), '.local', 'share', 'bible'), 'library.sqlite')
  );
}

/**
 * The question sets as [name, path], in the order they are reported; a missing file is named and
 * left out. Only the held-out sets are never tuned on: their answers are not printed one by one.
 */
export function questionSets(values) {
  return [
    ['dev', values.dev],
    ['train', values.train],
    ['train2', values.train2],
    ['train3', values.train3],
    ['held-out', values.heldout],
    ['held-out 2', values.heldout2],
    ['life dev', values.lifeDev],
    ['life dev 2', values.lifeDev2],
    ['life held-out', values.lifeHeldout],
    ['life held-out 2', values.lifeHeldout2],
    // Spanish questions are asked with the Spanish translation.
    ['es dev', values.esDev, 'rv1909'],
    ['es held-out', values.esHeldout, 'rv1909'],
  ].filter(([name, path]) => {
    if (path && existsSync(path)) return true;
    console.log(`(${name} set not found at ${path}; skipped)`);
    return false;
  });
}
