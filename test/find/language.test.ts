import { describe, expect, it } from 'vitest';
import { languageName, questionLanguage, withoutFunctionWords } from '../../src/find/language.js';

describe('the language of a question', () => {
  it('reads Spanish by its function words and its marks, with or without accents', () => {
    expect(questionLanguage('¿Qué dice la Biblia sobre la ansiedad?')).toBe('es');
    expect(questionLanguage('biblia sobre el miedo')).toBe('es');
    expect(questionLanguage('amar al projimo')).toBe('es');
    expect(questionLanguage('cuando Jesús resucitó a Lázaro')).toBe('es');
  });

  it('gives English the benefit of every doubt', () => {
    for (const q of [
      'What does the Bible say about worry?',
      'Who was Enoch?',
      'David and Bathsheba',
      'bad company corrupts good character',
      'best pizza near me',
      'Romans 8:28',
    ])
      expect([q, questionLanguage(q)]).toEqual([q, 'en']);
  });

  it('a question with no function word is in the translation’s language', () => {
    expect(questionLanguage('Salmo 23', 'es')).toBe('es');
    expect(questionLanguage('Salmo 23')).toBe('en');
    // An English question with a Spanish translation stays English.
    expect(questionLanguage('love is patient', 'es')).toBe('en');
  });

  it('tells Portuguese and Italian from Spanish by what only each writes', () => {
    for (const q of ['O que a Bíblia diz sobre a ansiedade?', 'Quem foi Moisés?', 'não consigo dormir de preocupação'])
      expect([q, questionLanguage(q), questionLanguage(q, 'es')]).toEqual([q, 'pt', 'pt']);
    for (const q of ["Cosa dice la Bibbia sull'ansia?", 'Chi era Mosè?', 'Come posso perdonare mio fratello?'])
      expect([q, questionLanguage(q), questionLanguage(q, 'es')]).toEqual([q, 'it', 'it']);
    // Spanish keeps what it shares with them: "da", "dice", "triste" are Spanish words too.
    for (const q of [
      'el buen pastor da su vida por las ovejas',
      'que dice la biblia del divorcio',
      'estoy triste',
      'Dios es amor',
    ])
      expect([q, questionLanguage(q)]).toEqual([q, 'es']);
    expect(languageName('pt')).toBe('Portuguese');
    expect(languageName('it')).toBe('Italian');
  });

  it('names other languages, and drops their function words', () => {
    expect(questionLanguage('Que dit la Bible sur l’anxiété ?')).toBe('fr');
    expect(questionLanguage('Was sagt die Bibel über Angst?')).toBe('de');
    expect(languageName('fr')).toBe('French');
    expect(languageName('und')).toBe("the question's language");
    expect(withoutFunctionWords('Que dit la Bible sur l’anxiété ?', 'fr')).toBe('dit Bible anxiété');
  });
});
