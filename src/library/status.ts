import { existsSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { EXPECTED_SWORD_MODULES, INSTALL_HINT } from './expected-sources.js';
import { moduleFingerprints, type SourceReport } from './import/import.js';
import { discoverModules, type SkippedModule } from './sword/discovery.js';

export interface LibraryStatus {
  path: string;
  exists: boolean;
  bytes: number;
  importedAt: string | null;
  resources: Array<{ id: string; kind: string; name: string; count: number; source: string }>;
  sources: SourceReport[];
  swordRoots: string[];
  found: string[];
  skipped: SkippedModule[];
  missing: Array<{ module: string; resource: string; what: string; debian: string }>;
  installHint: string | null;
  /** True when the SWORD modules installed now differ from those the library was built from. */
  changedSinceImport: boolean;
}

function readMeta(db: Database.Database, key: string): unknown {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? JSON.parse(row.value) : null;
}

export function libraryStatus(path: string, env: NodeJS.ProcessEnv = process.env): LibraryStatus {
  const discovery = discoverModules(env);
  const foundNames = new Set(discovery.modules.map((m) => m.name.toLowerCase()));
  const missing = EXPECTED_SWORD_MODULES.filter((m) => !foundNames.has(m.module.toLowerCase()));
  const base = {
    path,
    swordRoots: discovery.roots,
    found: discovery.modules.map((m) => m.name),
    skipped: discovery.skipped,
    missing,
    installHint: missing.length ? INSTALL_HINT : null,
  };
  if (!existsSync(path)) {
    return { ...base, exists: false, bytes: 0, importedAt: null, resources: [], sources: [], changedSinceImport: true };
  }
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const resources = db
      .prepare('SELECT id, kind, name, count, source FROM resources ORDER BY position')
      .all() as LibraryStatus['resources'];
    const before = (readMeta(db, 'modules') ?? {}) as Record<string, unknown>;
    const now = moduleFingerprints(discovery.modules);
    const changed =
      Object.keys(before).length !== Object.keys(now).length || Object.entries(now).some(([k, v]) => before[k] !== v);
    return {
      ...base,
      exists: true,
      bytes: statSync(path).size,
      importedAt: readMeta(db, 'importedAt') as string | null,
      resources,
      sources: (readMeta(db, 'sources') ?? []) as SourceReport[],
      changedSinceImport: changed,
    };
  } finally {
    db.close();
  }
}
