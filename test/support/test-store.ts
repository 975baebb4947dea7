import { afterAll, beforeAll } from 'vitest';
import { LibraryStore } from '../../src/library/store/library-store.js';
import { TEST_LIBRARY } from './env.js';

/** The test library opened for the enclosing describe block (closed after it), read through the returned getter. */
export function useTestStore(): () => LibraryStore {
  let store: LibraryStore | undefined;
  beforeAll(() => {
    store = new LibraryStore(TEST_LIBRARY);
  });
  afterAll(() => store?.close());
  return () => {
    if (!store) throw new Error('the test store is opened in beforeAll');
    return store;
  };
}
