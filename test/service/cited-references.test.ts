import { describe, expect, it } from 'vitest';
import { checkReferences, NOT_FOUND_NOTE } from '../../src/service/chat/cited-references.js';

// A model's invented reference was rewritten into a different real one ("Hezekiah 4:2" shown as
// Nehemiah 4:2): only a true spelling or abbreviation of a book is read as that book.
describe("the chat's check of the references in a model's reply", () => {
  it('leaves a reference to no book as written and names it under the reply', () => {
    const reply = 'Read Hezekiah 4:2 today. Paul 2:3 tells us more. As Moses 3:14 says, I AM.';
    expect(checkReferences(reply)).toEqual({
      text: `${reply}\n\n${NOT_FOUND_NOTE} Hezekiah 4:2; Paul 2:3; Moses 3:14`,
      removed: [],
      notFound: ['Hezekiah 4:2', 'Paul 2:3', 'Moses 3:14'],
    });
    expect(checkReferences('As Hezekiah 3:4 says').text).toBe(`As Hezekiah 3:4 says\n\n${NOT_FOUND_NOTE} Hezekiah 3:4`);
  });

  it('reads every spelling and abbreviation of a real book as that book, and changes none of them', () => {
    const reply = 'See Jn 3:16, 1 Cor 13:4, Song of Solomon 2:1, III John 1:4 and Ps 23. In 1990 we met.';
    expect(checkReferences(reply)).toEqual({ text: reply, removed: [], notFound: [] });
  });

  it('takes out a reference to a real book whose chapter does not exist', () => {
    expect(checkReferences('See also Revelation 23:1 and Romans 5:8.')).toEqual({
      text: 'See also Romans 5:8.',
      removed: ['Revelation 23:1'],
      notFound: [],
    });
  });

  it('names a misspelt book as not found rather than guessing which book was meant', () => {
    expect(checkReferences('As Jhon 3:16 says').notFound).toEqual(['Jhon 3:16']);
  });
});
