import { describe, expect, it } from 'vitest';
import * as S from '../../src/core/schemas/index.js';

const attribution = 'Test attribution.';
const topicRef = { ref: 'John 3:16', bookNum: 43, ch: 3, v: 16, vEnd: null };
const section = { heading: 'Faith', refs: [topicRef], see: ['BELIEF'] };
const story = {
  slug: 'the-good-samaritan',
  title: 'The Good Samaritan',
  kind: 'parable',
  testament: 'NT',
  book: 'Luke',
  passages: [{ ref: 'Luke 10:25-37' }],
  characters: ['Jesus', 'a lawyer', 'a Samaritan'],
  themes: ['love', 'compassion'],
  hooks: ['A priest and a Levite both passed by on the other side.'],
  summary: 'A lawyer asks who his neighbour is. Jesus tells a story. The Samaritan shows mercy.',
  era: 'life-of-jesus',
  order: 1,
  attribution,
};
const chatRequest = { message: 'Who was Naaman?', conversationHistory: [{ role: 'user', content: 'hi' }] };

const wellFormed: Array<[string, { safeParse: (v: unknown) => { success: boolean } }, unknown]> = [
  ['envelope', S.successEnvelope(S.Verse), { success: true, data: { v: 1, text: 'x' } }],
  ['error envelope', S.ErrorEnvelope, { success: false, error: { code: 'NOT_FOUND', message: 'no such book' } }],
  [
    'catalog',
    S.Catalog,
    {
      bible: [{ id: 'kjv', name: 'King James Version', attribution }],
      commentaries: [],
      dictionaries: [],
      topics: [],
      lexicons: [],
      crossrefs: { id: 'tsk', name: 'TSK', attribution },
      stories: { id: 'stories', name: 'Stories', attribution },
    },
  ],
  ['book', S.Book, { number: 64, name: '3 John', abbreviations: ['3 Jn'], chapters: 1, verseCounts: [14] }],
  [
    'chapter',
    S.Chapter,
    {
      translation: 'kjv',
      book: { number: 43, name: 'John' },
      chapter: 3,
      verses: [{ v: 16, text: 'For God' }],
      attribution,
    },
  ],
  [
    'passage result',
    S.PassageResult,
    {
      translation: 'kjv',
      passages: [{ ref: 'Jn 3:16', verses: [{ book: 'John', chapter: 3, v: 16, text: 'For God' }] }],
      attribution,
    },
  ],
  [
    'strongs entry',
    S.StrongsEntry,
    {
      number: 'G26',
      lexicon: 'greek',
      lemma: 'ἀγάπη',
      transliteration: 'agápē',
      gloss: 'love',
      definition: 'love',
      attribution,
    },
  ],
  ['commentary verse', S.CommentaryVerse, { id: 'mhcc', book: 'John', chapter: 3, verse: 16, text: 'x', attribution }],
  [
    'commentary chapter',
    S.CommentaryChapter,
    { id: 'mhcc', book: 'John', chapter: 3, entries: [{ verse: 1, text: 'x' }], attribution },
  ],
  ['dictionary hit', S.DictionaryHit, { idx: 0, headword: 'LET' }],
  ['dictionary entry', S.DictionaryEntry, { id: 'kjv-wordbook', idx: 0, headword: 'let', text: 'hinder', attribution }],
  ['topic hit', S.TopicHit, { slug: 'faith', headword: 'FAITH' }],
  ['topic ref', S.TopicRef, topicRef],
  ['topic section', S.TopicSection, section],
  ['topic entry', S.TopicEntry, { id: 'nave', slug: 'faith', headword: 'FAITH', sections: [section], attribution }],
  [
    'merged topic',
    S.MergedTopic,
    { headword: 'FAITH', sources: [{ id: 'nave', slug: 'faith', sections: [section], attribution }] },
  ],
  ['cross references', S.CrossRefs, { book: 'John', chapter: 3, verse: 16, refs: ['Romans 5:8'], attribution }],
  ['story', S.Story, story],
  ['story list', S.StoryList, { stories: [story], total: 1, attribution }],
  ['chat request', S.ChatRequest, { ...chatRequest, persona: 'simple_helper', maxTokens: 200 }],
  [
    'chat response',
    S.ChatResponse,
    {
      success: true,
      data: { message: 'Naaman was…', model: 'offline', usage: { inputTokens: 5, outputTokens: 9 } },
      meta: {
        requestId: 'req_1',
        latencyMs: 12,
        persona: 'default',
        rateLimits: { daily: { limit: 10, remaining: 9 }, monthly: { limit: 100, remaining: 99 } },
      },
    },
  ],
];

describe('schemas', () => {
  it.each(wellFormed)('accept a well-formed %s', (_name, schema, value) => {
    expect(schema.safeParse(value).success).toBe(true);
  });

  it('reject what the contract forbids', () => {
    expect(S.Story.safeParse({ ...story, hooks: ['a.', 'b.', 'c.', 'd.'] }).success).toBe(false);
    expect(S.Story.safeParse({ ...story, hooks: [] }).success).toBe(false);
    expect(S.Story.safeParse({ ...story, slug: 'Bad_Slug' }).success).toBe(false);
    expect(S.Story.safeParse({ ...story, kind: 'fable' }).success).toBe(false);
    expect(S.Story.safeParse({ ...story, testament: 'AT' }).success).toBe(false);
    expect(S.Story.safeParse({ ...story, passages: [{ ref: 'John 22:1' }] }).success).toBe(false);
    expect(S.Story.safeParse({ ...story, themes: ['Love'] }).success).toBe(false);
    const { summary: _omit, ...withoutSummary } = story;
    expect(S.Story.safeParse(withoutSummary).success).toBe(false);
    expect(S.StrongsEntry.safeParse({ ...(wellFormed[6]![2] as object), number: 'X12' }).success).toBe(false);
    expect(S.StrongsEntry.safeParse({ ...(wellFormed[6]![2] as object), number: 'G123456' }).success).toBe(false);
    expect(S.StrongsEntry.safeParse({ ...(wellFormed[6]![2] as object), lexicon: 'latin' }).success).toBe(false);
    const turn = { role: 'user', content: 'x' };
    expect(S.ChatRequest.safeParse({ message: 'x', conversationHistory: Array(20).fill(turn) }).success).toBe(true);
    expect(S.ChatRequest.safeParse({ message: 'x', conversationHistory: Array(21).fill(turn) }).success).toBe(false);
    expect(S.ChatRequest.safeParse({ message: 'x'.repeat(10_000) }).success).toBe(true);
    expect(S.ChatRequest.safeParse({ message: 'x'.repeat(10_001) }).success).toBe(false);
    expect(S.ChatRequest.safeParse({ message: 'x', persona: 'pirate' }).success).toBe(false);
    expect(
      S.ChatRequest.safeParse({ message: 'x', conversationHistory: [{ role: 'system', content: 'x' }] }).success,
    ).toBe(false);
    expect(S.TopicRef.safeParse({ ...topicRef, vEnd: undefined }).success).toBe(false);
    expect(S.Book.safeParse({ number: 67, name: 'x', abbreviations: [], chapters: 1, verseCounts: [1] }).success).toBe(
      false,
    );
    expect(S.ErrorEnvelope.safeParse({ success: false, error: { code: 'TEAPOT', message: 'x' } }).success).toBe(false);
    const results = Array.from({ length: 26 }, (_, i) => ({ idx: i, headword: 'A' }));
    expect(S.DictionarySearchResult.safeParse({ results, attribution }).success).toBe(false);
  });
});
