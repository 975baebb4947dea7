import type { FindResult } from '../../src/core/schemas/find.js';
import type { FindOptions } from '../../src/find/engine.js';
import type { LibraryStore } from '../../src/library/store/library-store.js';
import { LOCAL_PRINCIPAL, type Principal } from '../../src/service/context.js';
import { findAnswer } from '../../src/service/find-answer.js';

/** `bible find` as the route answers it, in-process: by default for the local user, who may read everything. */
export function find(
  store: LibraryStore,
  question: string,
  options: Omit<FindOptions, 'resources'>,
  principal: Principal = LOCAL_PRINCIPAL,
): FindResult {
  return findAnswer(store, principal, question, options);
}
