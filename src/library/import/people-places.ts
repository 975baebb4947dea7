import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseReference } from '../../core/reference/reference.js';
import { DescribedEntry } from '../../core/schemas/people-places.js';
import { topicRefOf } from '../markup/tei.js';
import { type CuratedImport, validatedItems } from './curated.js';
import { PEOPLE_PLACES } from './known-modules.js';
import { slugify } from './sword-dictionaries.js';
import type { LibraryWriter } from './writer.js';

/** The files of People and Places (data/people-places/), in the order they are read. */
export const PEOPLE_PLACES_FILES = ['people.json', 'places.json'] as const;

/** A file's entries as written ({ about, entries }); none when the file is absent. */
export function peoplePlacesFile(dataDir: string, file: string): unknown[] {
  const path = join(dataDir, 'people-places', file);
  if (!existsSync(path)) return [];
  const entries = (JSON.parse(readFileSync(path, 'utf8')) as { entries?: unknown }).entries;
  if (!Array.isArray(entries)) throw new Error(`${path}: expected "entries" to be a JSON array`);
  return entries;
}

/** People and Places (data/people-places/*.json), validated, in the files' order. */
export function loadPeoplePlaces(dataDir: string): { entries: DescribedEntry[]; rejected: string[] } {
  const entries: DescribedEntry[] = [];
  const rejected: string[] = [];
  for (const file of PEOPLE_PLACES_FILES) {
    const loaded = validatedItems(
      peoplePlacesFile(dataDir, file),
      DescribedEntry,
      (item) => `${file}: ${(item as { name?: string }).name ?? '?'}`,
    );
    entries.push(...loaded.items);
    rejected.push(...loaded.rejected);
  }
  return { entries, rejected };
}

/**
 * People and Places as a topical work: each person or place an entry, each of its descriptions a
 * section headed by its first phrase and listing the verses that state it (`bible topic Saul
 * --source people-places`). `bible find` reads the descriptions' phrases from data/ (the described
 * signal); this row is what a key may read and the attribution its reasons make due.
 */
export function importPeoplePlaces(writer: LibraryWriter, dataDir: string): CuratedImport {
  const { entries, rejected } = loadPeoplePlaces(dataDir);
  const seen = new Set<string>();
  writer.transaction(() => {
    for (const e of entries) {
      const slug = slugify(e.name);
      if (seen.has(slug)) {
        rejected.push(`${e.name}: duplicate name`);
        continue;
      }
      seen.add(slug);
      const sections = e.descriptions.map((d) => ({
        heading: d.phrases[0] as string,
        refs: d.verses.map((v) => topicRefOf(parseReference(v))),
        see: [],
      }));
      const text = [e.name, ...sections.map((s) => `${s.heading}: ${s.refs.map((r) => r.ref).join('; ')}`)].join('\n');
      writer.topic(PEOPLE_PLACES.id, slug, e.name, sections, text);
    }
  });
  writer.resource({ ...PEOPLE_PLACES, kind: 'topics', source: 'data/people-places' }, seen.size);
  return { count: seen.size, rejected };
}
