// What bench/find.mjs and bench/chat.mjs share: the options naming the library and the three
// question sets (dev beside the repository, train and held-out in bench/eval/), and the library path.
import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** parseArgs options for --library, --dev, --train and --heldout, with their defaults. */
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
  heldout: { type: 'string', default: join(root, 'bench', 'eval', 'retrieval-heldout.json') },
};

/** --library, else $BIBLE_DATA_DIR's library, else the default data directory's. */
export function libraryPath(values) {
  return (
    values.library ?? join(process.env.BIBLE_DATA_DIR ?? join(homedir(), '.local', 'share', 'bible'), 'library.sqlite')
  );
}
