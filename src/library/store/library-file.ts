import Database from 'better-sqlite3';
import { preparedOnce } from './prepared.js';
import { SCAN_SLICE_MS, ScanConnection } from './stepped-scan.js';

export type ResourceKind =
  | 'bible'
  | 'commentary'
  | 'dictionary'
  | 'topics'
  | 'lexicon'
  | 'crossrefs'
  | 'stories'
  | 'genbook';

export interface ResourceRow {
  id: string;
  kind: ResourceKind;
  name: string;
  attribution: string;
  source: string;
  count: number;
}

/** The open library file (read-only): its connection and prepared statements, its schema version and resources. */
export class LibraryFile {
  protected readonly db: Database.Database;
  protected readonly stmt: (sql: string) => Database.Statement;

  /** `scanSliceMs`: how long a slice of a search read in turns reads (stepped-scan.ts). */
  constructor(
    readonly path: string,
    readonly scanSliceMs = SCAN_SLICE_MS,
  ) {
    this.db = new Database(path, { readonly: true, fileMustExist: true });
    this.stmt = preparedOnce(this.db);
  }

  private scans: ScanConnection | undefined;

  /** The second connection, for reads paused between turns of the event loop (opened on first use). */
  protected scanConnection(): ScanConnection {
    this.scans ??= new ScanConnection(this.path, this.scanSliceMs);
    return this.scans;
  }

  close(): void {
    this.scans?.close();
    this.db.close();
  }

  private resourceList: ResourceRow[] | undefined;

  /** The resources, read once: a library file never changes under an open store (imports swap files). */
  resources(): ResourceRow[] {
    this.resourceList ??= this.stmt(
      'SELECT id, kind, name, attribution, source, count FROM resources ORDER BY position',
    ).all() as ResourceRow[];
    return this.resourceList;
  }

  /** The library file's schema version (PRAGMA user_version). */
  schemaVersion(): number {
    return this.db.pragma('user_version', { simple: true }) as number;
  }
}

/** A class built on the library file, that a reader extends with the queries of its domain. */
// biome-ignore lint/suspicious/noExplicitAny: TypeScript takes a mixin's base only as a constructor of any[] (TS2545).
export type LibraryBase = new (...args: any[]) => LibraryFile;
