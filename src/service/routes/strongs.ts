import { STRONGS_SEARCH_MAX } from '../../core/limits.js';
import { quoted } from '../../core/text/quoted.js';
import type { StrongsRow } from '../../library/store/library-store.js';
import { readable, readableOfKind } from '../access.js';
import { invalid, notFound } from '../errors.js';
import { STATUSES } from './common.js';
import { operation } from './operation.js';
import { optionalText, pathText, requiredQuery } from './params.js';

const LEXICON_ID = { greek: 'strongs-greek', hebrew: 'strongs-hebrew' } as const;

function entry(row: StrongsRow, attribution: string) {
  return {
    number: row.number,
    lexicon: row.lexicon,
    lemma: row.lemma,
    transliteration: row.transliteration,
    gloss: row.gloss,
    definition: row.definition,
    attribution,
  };
}

const searchStrongs = operation(
  {
    path: '/v1/data/strongs/search',
    operationId: 'searchStrongs',
    summary: "Search Strong's lexicons",
    description: `Matches lemma, transliteration, gloss and definition; best matches first, at most ${STRONGS_SEARCH_MAX}. Without lex, searches every lexicon the key can read. A lex other than greek or hebrew is 400.`,
    tags: ['strongs'],
    request: {
      query: {
        q: requiredQuery('q', 2, 'Search text, at least 2 characters'),
        lex: optionalText({ enum: ['greek', 'hebrew'], description: 'greek or hebrew' }),
      },
    },
    data: (s) => s.StrongsSearchResult,
    statuses: STATUSES.search,
  },
  (deps, principal, input) => {
    const { q, lex } = input.query;
    let lexicons: Array<'greek' | 'hebrew'>;
    if (lex !== undefined) {
      const l = lex.toLowerCase();
      if (l !== 'greek' && l !== 'hebrew') throw invalid("query parameter 'lex' must be greek or hebrew");
      readable(deps.store, principal, 'lexicon', LEXICON_ID[l]);
      lexicons = [l];
    } else {
      lexicons = readableOfKind(deps.store, principal, 'lexicon')
        .map((r) => (r.id === 'strongs-greek' ? 'greek' : r.id === 'strongs-hebrew' ? 'hebrew' : undefined))
        .filter((l): l is 'greek' | 'hebrew' => l !== undefined);
    }
    const attributions = Object.fromEntries(
      deps.store
        .resources()
        .filter((r) => r.kind === 'lexicon')
        .map((r) => [r.id, r.attribution]),
    );
    const results = deps.store
      .strongsSearch(q, lexicons, STRONGS_SEARCH_MAX)
      .map((row) => entry(row, attributions[LEXICON_ID[row.lexicon]] ?? ''));
    const attribution = lexicons.map((l) => attributions[LEXICON_ID[l]]).join(' ');
    return { results, attribution };
  },
);

const getStrongsEntry = operation(
  {
    path: '/v1/data/strongs/{number}',
    operationId: 'getStrongsEntry',
    summary: "One Strong's entry",
    tags: ['strongs'],
    request: {
      params: {
        number: pathText({ pattern: '^[GH][0-9]{1,5}$', description: 'G or H and 1 to 5 digits' }, false),
      },
    },
    data: (s) => s.StrongsEntry,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { number } = input.params;
    const m = number.toUpperCase().match(/^([GH])([0-9]{1,5})$/);
    if (!m) throw invalid(`${quoted(number)} is not a Strong's number: G or H and 1 to 5 digits, like G26 or H430`);
    const lexicon = m[1] === 'G' ? 'greek' : 'hebrew';
    const resource = readable(deps.store, principal, 'lexicon', LEXICON_ID[lexicon]);
    const normalized = `${m[1]}${Number(m[2])}`;
    const row = deps.store.strongs(normalized);
    if (!row) throw notFound(`no Strong's entry ${normalized}`);
    return entry(row, resource.attribution);
  },
);

export const strongsOperations = [searchStrongs, getStrongsEntry];
