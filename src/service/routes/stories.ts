import { SLUG_PATTERN, STORIES_LIMIT_DEFAULT, STORIES_LIMIT_MAX } from '../../core/limits.js';
import { quoted } from '../../core/text/quoted.js';
import { readableOfKind } from '../access.js';
import type { ServiceDeps } from '../context.js';
import { ApiError, invalid, notFound } from '../errors.js';
import { STATUSES } from './common.js';
import { operation } from './operation.js';
import { OffsetParam, readOffset } from './page.js';
import { optionalSearchText, optionalText, pathText } from './params.js';

function storiesResource(deps: ServiceDeps, principal: Parameters<typeof readableOfKind>[1]) {
  const [resource] = readableOfKind(deps.store, principal, 'stories');
  if (!resource) throw new ApiError('SCOPE_DENIED', 'this library has no stories');
  return resource;
}

const listStories = operation(
  {
    path: '/v1/data/stories',
    operationId: 'listStories',
    summary: 'Stories, in canonical reading order',
    description: `Filters combine. total is the number of stories matching the filters before limit (1-${STORIES_LIMIT_MAX}, default ${STORIES_LIMIT_DEFAULT}).`,
    tags: ['stories'],
    request: {
      query: {
        theme: optionalText({ description: 'Exact lower-case theme tag' }),
        q: optionalSearchText('q', 'Free text over title, characters, hooks and summary'),
        testament: optionalText({ enum: ['OT', 'NT'] }),
        kind: optionalText({ enum: ['narrative', 'parable'] }),
        limit: optionalText({
          type: 'integer',
          minimum: 1,
          maximum: STORIES_LIMIT_MAX,
          default: STORIES_LIMIT_DEFAULT,
        }),
        offset: OffsetParam,
      },
    },
    data: (s) => s.StoryList,
    statuses: STATUSES.search,
  },
  (deps, principal, input) => {
    const query = input.query;
    const resource = storiesResource(deps, principal);
    let limit = STORIES_LIMIT_DEFAULT;
    if (query.limit !== undefined) {
      if (!/^\d{1,3}$/.test(query.limit) || Number(query.limit) < 1 || Number(query.limit) > STORIES_LIMIT_MAX) {
        throw invalid(`query parameter 'limit' must be an integer from 1 to ${STORIES_LIMIT_MAX}`);
      }
      limit = Number(query.limit);
    }
    const testament = query.testament?.toUpperCase();
    if (testament !== undefined && testament !== 'OT' && testament !== 'NT') {
      throw invalid("query parameter 'testament' must be OT or NT");
    }
    const kind = query.kind?.toLowerCase();
    if (kind !== undefined && kind !== 'narrative' && kind !== 'parable') {
      throw invalid("query parameter 'kind' must be narrative or parable");
    }
    const offset = readOffset(query.offset);
    const q = query.q?.trim();
    const { stories, total } = deps.store.stories({
      theme: query.theme,
      q: q || undefined,
      testament: testament as 'OT' | 'NT' | undefined,
      kind: kind as 'narrative' | 'parable' | undefined,
      limit,
      offset,
    });
    return {
      stories: stories.map((s) => ({ ...s, attribution: resource.attribution })),
      total,
      ...(offset === undefined ? {} : { offset }),
      attribution: resource.attribution,
    };
  },
);

const getStory = operation(
  {
    path: '/v1/data/stories/{slug}',
    operationId: 'getStory',
    summary: 'One story',
    description: 'A slug that breaks the pattern ^[a-z0-9]+(-[a-z0-9]+)*$ names no story: 404.',
    tags: ['stories'],
    request: { params: { slug: pathText({ pattern: SLUG_PATTERN.source }, false) } },
    data: (s) => s.Story,
    statuses: STATUSES.slug,
  },
  (deps, principal, input) => {
    const { slug } = input.params;
    const resource = storiesResource(deps, principal);
    const story = SLUG_PATTERN.test(slug) ? deps.store.story(slug) : undefined;
    if (!story) throw notFound(`no story ${quoted(slug)}`);
    return { ...story, attribution: resource.attribution };
  },
);

export const storyOperations = [listStories, getStory];
