import { bookByNumber } from '../../core/canon/canon.js';
import { quoted } from '../../core/text/quoted.js';
import { readable, readableOfKind } from '../access.js';
import { invalid, notFound } from '../errors.js';
import { STATUSES } from './common.js';
import { operation } from './operation.js';
import { PageParams, readPage } from './page.js';
import { optionalText, pathText } from './params.js';

const bookName = (n: number) => (bookByNumber(n) as { name: string }).name;

const getStrongsVerses = operation(
  {
    path: '/v1/data/strongs/{number}/verses',
    summary: "The verses of a Strong's number, with the words that render it (extension)",
    description:
      "The concordance of one number in one Strong's-tagged translation: verse and occurrence counts, renderings, verses per book, and a page of verses in canonical order. Without translation, the first tagged translation the key can read. An untagged translation is 400; a number no lexicon holds is 404.",
    operationId: 'getStrongsVerses',
    tags: ['strongs'],
    extension: true,
    request: {
      params: {
        number: pathText({ pattern: '^[GH][0-9]{1,5}$', description: 'G or H and 1 to 5 digits' }, false),
      },
      query: {
        translation: optionalText({
          description: "A Strong's-tagged translation id (kjv, web); default the first the key can read",
        }),
        ...PageParams,
      },
    },
    data: (s) => s.ConcordanceResult,
    statuses: STATUSES.lookup,
  },
  (deps, principal, input) => {
    const { number: typed } = input.params;
    const params = input.query;
    const m = typed.toUpperCase().match(/^([GH])([0-9]{1,5})$/);
    if (!m) throw invalid(`${quoted(typed)} is not a Strong's number: G or H and 1 to 5 digits, like G26 or H430`);
    const number = `${m[1]}${Number(m[2])}`;
    const page = readPage(params);
    const lexicon = readable(deps.store, principal, 'lexicon', m[1] === 'G' ? 'strongs-greek' : 'strongs-hebrew');
    let bible: { id: string; attribution: string };
    if (params.translation !== undefined) {
      bible = readable(deps.store, principal, 'bible', params.translation);
      if (!deps.store.isStrongsTagged(bible.id))
        throw invalid(`${bible.id} is not tagged with Strong's numbers; use a tagged translation such as kjv`);
    } else {
      const tagged = readableOfKind(deps.store, principal, 'bible').find((r) => deps.store.isStrongsTagged(r.id));
      if (!tagged) throw notFound("no translation this key can read is tagged with Strong's numbers");
      bible = tagged;
    }
    const entry = deps.store.strongs(number);
    if (!entry) throw notFound(`no Strong's entry ${number}`);
    const found = deps.store.concordance(bible.id, number, page.limit, page.offset);
    return {
      number,
      lemma: entry.lemma,
      transliteration: entry.transliteration,
      gloss: entry.gloss,
      verses: found.verses,
      occurrences: found.occurrences,
      renderings: found.renderings,
      byBook: found.byBook.map((b) => ({ book: bookName(b.book), count: b.count })),
      results: found.hits.map((h) => ({
        ref: `${bookName(h.book)} ${h.chapter}:${h.verse}`,
        text: h.text,
        ...(h.title ? { title: h.title } : {}),
        words: h.words,
      })),
      attribution: `${bible.attribution} ${lexicon.attribution}`,
    };
  },
);

export const concordanceOperations = [getStrongsVerses];
