import { quoted } from '../core/text/quoted.js';
import type { LibraryStore, ResourceKind, ResourceRow } from '../library/store/library-store.js';
import type { Principal } from './context.js';
import { ApiError, notFound } from './errors.js';

const KIND_NAMES: Record<ResourceKind, string> = {
  bible: 'translation',
  commentary: 'commentary',
  dictionary: 'dictionary',
  topics: 'topical work',
  lexicon: 'lexicon',
  crossrefs: 'cross-reference set',
  stories: 'story collection',
  genbook: 'general book',
};

/** A resource of a kind by id (case-insensitive): 404 when unknown, 403 when the key may not read it. */
export function readable(store: LibraryStore, principal: Principal, kind: ResourceKind, id: string): ResourceRow {
  const lower = id.toLowerCase();
  const row = store.resources().find((r) => r.kind === kind && r.id === lower);
  if (!row) throw notFound(`no ${KIND_NAMES[kind]} ${quoted(id)}`);
  if (!principal.canRead(row.id)) throw new ApiError('SCOPE_DENIED', `this key may not read '${row.id}'`);
  return row;
}

/** Every resource of a kind the key may read; 403 when there are some but none readable. */
export function readableOfKind(store: LibraryStore, principal: Principal, kind: ResourceKind): ResourceRow[] {
  const all = store.resources().filter((r) => r.kind === kind);
  const ok = all.filter((r) => principal.canRead(r.id));
  if (all.length && !ok.length) throw new ApiError('SCOPE_DENIED', `this key may read no ${KIND_NAMES[kind]}`);
  return ok;
}
