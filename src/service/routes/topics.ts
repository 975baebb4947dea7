import { SEARCH_RESULTS_MAX } from '../../core/limits.js';
import { quoted } from '../../core/text/quoted.js';
import { readable, readableOfKind } from '../access.js';
import { invalid, notFound } from '../errors.js';
import { STATUSES } from './common.js';
import { operation } from './operation.js';
import { PathParams, pathText, requiredQuery, requiredText } from './params.js';

const getMergedTopic = operation(
  {
    path: '/v1/data/topics/merged',
    operationId: 'getMergedTopic',
    summary: 'One topic merged across topical works',
    description:
      'The headword (case-insensitive) from every topical work the key can read: one source per work that has it.',
    tags: ['topics'],
    request: { query: { q: requiredQuery('q', 1, 'Headword') } },
    data: (s) => s.MergedTopic,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { q } = input.query;
    const works = readableOfKind(deps.store, principal, 'topics');
    const sources = works.flatMap((w) => {
      const row = deps.store.topicByHeadword(w.id, q);
      return row
        ? [{ id: w.id, slug: row.slug, headword: row.headword, sections: row.sections, attribution: w.attribution }]
        : [];
    });
    if (!sources.length) throw notFound(`no topic ${quoted(q)}`);
    return {
      headword: sources[0]!.headword,
      sources: sources.map(({ headword: _h, ...s }) => s),
    };
  },
);

const searchTopics = operation(
  {
    path: '/v1/data/topics/{id}/search',
    operationId: 'searchTopics',
    summary: 'Search topic headwords',
    description: `Case-insensitive. Headwords that start with the query come first, then headwords with a word that starts with it; alphabetical within each; at most ${SEARCH_RESULTS_MAX}.`,
    tags: ['topics'],
    request: {
      params: { id: PathParams.id },
      query: { q: requiredQuery('q', 1, 'Search text') },
    },
    data: (s) => s.TopicSearchResult,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { id } = input.params;
    const { q } = input.query;
    const resource = readable(deps.store, principal, 'topics', id);
    const results = deps.store.topicSearch(resource.id, q, SEARCH_RESULTS_MAX);
    return { results, attribution: resource.attribution };
  },
);

const browseTopics = operation(
  {
    path: '/v1/data/topics/{id}/browse',
    operationId: 'browseTopics',
    summary: 'Every headword beginning with a letter',
    description: 'Alphabetical, case-insensitive. The letter is answered in upper case.',
    tags: ['topics'],
    request: {
      params: { id: PathParams.id },
      query: {
        letter: requiredText('letter', { pattern: '^[A-Za-z]$', description: 'One letter A-Z' }),
      },
    },
    data: (s) => s.TopicBrowseResult,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { id } = input.params;
    const { letter } = input.query;
    if (!/^[A-Za-z]$/.test(letter)) throw invalid("query parameter 'letter' must be one letter A-Z");
    const resource = readable(deps.store, principal, 'topics', id);
    const entries = deps.store.topicBrowse(resource.id, letter);
    return { letter: letter.toUpperCase(), entries, attribution: resource.attribution };
  },
);

const getTopicEntry = operation(
  {
    path: '/v1/data/topics/{id}/entries/{slug}',
    operationId: 'getTopicEntry',
    summary: 'One topic',
    tags: ['topics'],
    description: 'A slug is lower-case words joined by hyphens (case is ignored); anything else is 400.',
    request: {
      params: {
        id: PathParams.id,
        slug: pathText({ pattern: '^[A-Za-z0-9]+(-[A-Za-z0-9]+)*$' }),
      },
    },
    data: (s) => s.TopicEntry,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { id, slug } = input.params;
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug.toLowerCase())) {
      throw invalid(`${quoted(slug)} is not a topic slug: lower-case words joined by hyphens, like faith-in-christ`);
    }
    const resource = readable(deps.store, principal, 'topics', id);
    const row = deps.store.topicEntry(resource.id, slug);
    if (!row) throw notFound(`${resource.id} has no topic ${quoted(slug)}`);
    return {
      id: resource.id,
      slug: row.slug,
      headword: row.headword,
      sections: row.sections,
      attribution: resource.attribution,
    };
  },
);

export const topicOperations = [getMergedTopic, searchTopics, browseTopics, getTopicEntry];
