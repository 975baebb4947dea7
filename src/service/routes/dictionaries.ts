import { SEARCH_RESULTS_MAX } from '../../core/limits.js';
import { readable } from '../access.js';
import { notFound } from '../errors.js';
import { STATUSES } from './common.js';
import { operation } from './operation.js';
import { integerParam, PathParams, requiredQuery } from './params.js';

const searchDictionary = operation(
  {
    path: '/v1/data/dictionaries/{id}/search',
    operationId: 'searchDictionary',
    summary: 'Headword prefix search',
    description: `Case-insensitive headword prefix search, alphabetical, at most ${SEARCH_RESULTS_MAX} results.`,
    tags: ['dictionaries'],
    request: {
      params: { id: PathParams.id },
      query: { q: requiredQuery('q', 1, 'Headword prefix') },
    },
    data: (s) => s.DictionarySearchResult,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { id } = input.params;
    const { q } = input.query;
    const resource = readable(deps.store, principal, 'dictionary', id);
    const results = deps.store.dictionarySearch(resource.id, q, SEARCH_RESULTS_MAX);
    return { results, attribution: resource.attribution };
  },
);

const getDictionaryEntry = operation(
  {
    path: '/v1/data/dictionaries/{id}/entries/{idx}',
    operationId: 'getDictionaryEntry',
    summary: 'One dictionary entry',
    tags: ['dictionaries'],
    request: {
      params: {
        id: PathParams.id,
        idx: integerParam('idx', 0),
      },
    },
    data: (s) => s.DictionaryEntry,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { id, idx } = input.params;
    const resource = readable(deps.store, principal, 'dictionary', id);
    const entry = deps.store.dictionaryEntry(resource.id, idx);
    if (!entry) throw notFound(`${resource.id} has no entry ${idx}`);
    return { id: resource.id, ...entry, attribution: resource.attribution };
  },
);

export const dictionaryOperations = [searchDictionary, getDictionaryEntry];
