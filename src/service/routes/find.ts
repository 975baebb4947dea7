import { FIND_LIMIT_DEFAULT, FIND_LIMIT_MAX, FIND_QUESTION_MAX } from '../../core/limits.js';
import { invalid } from '../errors.js';
import { findAnswer } from '../find-answer.js';
import { STATUSES } from './common.js';
import { operation } from './operation.js';
import { optionalText, PathParams, requiredQuery } from './params.js';

// Its query names (q, limit, all, keep) key the response cache: dataRoute declares them.
const PATH = '/v1/data/bible/{translation}/find';

/** `GET /v1/data/bible/{translation}/find?q=…`: the verses a question most likely means (extension). */
const find = operation(
  {
    path: PATH,
    operationId: 'findVerses',
    summary: 'The verses a question most likely means',
    description: `A question or a half-remembered line in everyday words ("what does the Bible say about worry?", "love is patient"), at most ${FIND_QUESTION_MAX} characters. Answers up to \`limit\` verses (1-${FIND_LIMIT_MAX}, default ${FIND_LIMIT_DEFAULT}) in the translation, best first, each with why it was chosen: references the question names come first, then a fusion of word and phrase matches in the KJV and WEB, Strong's numbers, Nave's topics, Everyday Topics (key verses on a subject in today's words), commentary headings, stories and TSK cross-references, drawing only on resources the key may read. Each verse carries its \`confidence\`; where none of the best answers the question well enough, \`results\` is empty and \`note\` says why, unless \`all=true\`. An unknown translation is 404, one the key may not read 403.`,
    tags: ['bible'],
    extension: true,
    request: {
      params: { translation: PathParams.translation },
      query: {
        q: requiredQuery('q', 1, 'The question', FIND_QUESTION_MAX),
        limit: optionalText({ type: 'integer', minimum: 1, maximum: FIND_LIMIT_MAX, default: FIND_LIMIT_DEFAULT }),
        all: optionalText({
          type: 'boolean',
          default: false,
          description:
            'Extension: show the best verses even where none answers the question well enough (otherwise none, with a note)',
        }),
        keep: optionalText({
          type: 'boolean',
          default: false,
          description:
            'Extension: answer from this translation whatever language the question is in (otherwise a question in another language is answered from a translation in its language the key may read, where there is one)',
        }),
      },
    },
    data: (s) => s.FindResult,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { translation } = input.params;
    const { q, limit: limitText, all: allText, keep: keepText } = input.query;
    let limit = FIND_LIMIT_DEFAULT;
    if (limitText !== undefined) {
      if (!/^\d{1,3}$/.test(limitText) || Number(limitText) < 1 || Number(limitText) > FIND_LIMIT_MAX) {
        throw invalid(`query parameter 'limit' must be an integer from 1 to ${FIND_LIMIT_MAX}`);
      }
      limit = Number(limitText);
    }
    const flag = (name: string, text: string | undefined) => {
      if (text !== undefined && text !== 'true' && text !== 'false')
        throw invalid(`query parameter '${name}' must be true or false`);
      return text === 'true';
    };
    const all = flag('all', allText);
    return findAnswer(deps.store, principal, q, { translation, limit, all, keep: flag('keep', keepText) });
  },
);

export const findOperations = [find];
