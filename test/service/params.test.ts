import { describe, expect, it } from 'vitest';
import { integerParam, optionalText, PathParams, readRequest, requiredQuery } from '../../src/service/routes/params.js';
import { IncludeQuery } from '../../src/service/routes/study-include.js';
import { validationError } from '../../src/service/routes/validation.js';

// A passage route's parameters, read as both the app and the embedded dispatcher read them.
const passage = {
  params: { translation: PathParams.translation, chapter: PathParams.chapter },
  query: { ref: requiredQuery('ref', 1, 'References'), include: IncludeQuery, limit: optionalText({}) },
};
const read = (query: Record<string, string[]>, param: Record<string, string>) =>
  readRequest(passage, { query: () => query, param: () => param });
const fault = (r: ReturnType<typeof read>) => ('failure' in r ? validationError(r.failure).message : undefined);

describe("a request read by its parameters' rules", () => {
  it('gives each part its values: trimmed, numbers read, include a set even when absent, an absent optional left out, an undeclared one dropped', () => {
    expect(read({ ref: ['  John 3:16 '], other: ['x'] }, { translation: 'kjv', chapter: '3' })).toEqual({
      valid: { query: { ref: 'John 3:16', include: new Set() }, params: { translation: 'kjv', chapter: 3 } },
    });
    expect(
      read({ ref: ['Ps 23'], include: ['Words, RED'], limit: [''] }, { translation: 'kjv', chapter: '1' }),
    ).toEqual({
      valid: {
        query: { ref: 'Ps 23', include: new Set(['words', 'red']), limit: '' },
        params: { translation: 'kjv', chapter: 1 },
      },
    });
  });

  it('answers the first fault, query before path, in the order the parameters are declared', () => {
    expect(fault(read({}, { translation: 'kjv', chapter: '0' }))).toBe("missing query parameter 'ref'");
    expect(fault(read({ ref: ['   '] }, { translation: 'kjv', chapter: '1' }))).toBe("missing query parameter 'ref'");
    expect(fault(read({ ref: ['x'], include: ['words,bold'] }, { translation: 'kjv', chapter: 'x' }))).toBe(
      "query parameter 'include': 'bold' is not one of words, red, added, headings, notes, bookName",
    );
    expect(fault(read({ ref: ['x'] }, { translation: 'kjv', chapter: '0' }))).toBe(
      'chapter must be an integer of at least 1',
    );
    for (const chapter of ['1e1', '0x3', '+3', '3.0', '', ' 3'])
      expect(fault(read({ ref: ['x'] }, { translation: 'kjv', chapter }))).toBe(
        'chapter must be an integer of at least 1',
      );
  });

  it('a string of at most max characters counts them after trimming', () => {
    const q = requiredQuery('q', 2, 'Search', 5);
    expect(q.read(' ab ')).toEqual({ value: 'ab' });
    expect(q.read(' a ')).toEqual({ issue: "query parameter 'q' must be at least 2 characters" });
    expect(q.read('abcdef')).toEqual({ issue: "query parameter 'q' must be at most 5 characters" });
    expect(integerParam('idx', 0).read('0')).toEqual({ value: 0 });
    // Characters are code points, as zod counts them: one emoji is one.
    expect(q.read('😀')).toEqual({ issue: "query parameter 'q' must be at least 2 characters" });
    expect(q.read('😀😀😀😀😀')).toEqual({ value: '😀😀😀😀😀' });
    expect(q.read('😀😀😀😀😀😀')).toEqual({ issue: "query parameter 'q' must be at most 5 characters" });
    expect(q.read('x'.repeat(11))).toEqual({ issue: "query parameter 'q' must be at most 5 characters" });
    // Too many digits for a number: a 400, as zod's number() gave.
    expect(integerParam('chapter', 1).read(`1${'0'.repeat(400)}`)).toEqual({
      issue: 'Invalid input: expected number, received Infinity',
    });
  });
});
