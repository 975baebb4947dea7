import type { BookSeed } from './books-data.js';
import { WIDEST_VERSE_COUNTS } from './widest-verse-counts.js';

/**
 * The deuterocanonical and apocryphal books, as libsword's versifications name them (OSIS ids),
 * numbered after the 66 so that the 66 books' verse keys never move. Their verses per chapter
 * are the most any versification gives (widest-verse-counts.ts): each translation holds what its
 * own numbering has, and says plainly what it lacks. The names are the ones English Bibles with
 * these books print (NRSV, KJV 1611); the abbreviations the SBL handbook's and those in use.
 */
const SEEDS: ReadonlyArray<Omit<BookSeed, 'verseCounts'>> = [
  { number: 67, name: 'Tobit', osis: 'Tob', baseAbbreviations: ['Tob', 'Tb', 'Tobias'] },
  { number: 68, name: 'Judith', osis: 'Jdt', baseAbbreviations: ['Jdt', 'Jdth'] },
  {
    number: 69,
    name: 'Esther (Greek)',
    osis: 'EsthGr',
    baseAbbreviations: ['Greek Esther', 'Esther Greek', 'Esth Gr', 'Gk Esth'],
  },
  {
    number: 70,
    name: 'Additions to Esther',
    osis: 'AddEsth',
    baseAbbreviations: ['Add Esth', 'AddEsth', 'Rest of Esther', 'The Rest of Esther', 'Add Est'],
  },
  {
    number: 71,
    name: 'Wisdom of Solomon',
    osis: 'Wis',
    baseAbbreviations: ['Wisdom', 'Wis', 'Wisd', 'Wisd of Sol', 'Book of Wisdom', 'Ws'],
  },
  {
    number: 72,
    name: 'Sirach',
    osis: 'Sir',
    baseAbbreviations: ['Ecclesiasticus', 'Sir', 'Ecclus', 'Ben Sira', 'Sira'],
  },
  { number: 73, name: 'Baruch', osis: 'Bar', baseAbbreviations: ['Bar'] },
  {
    number: 74,
    name: 'Letter of Jeremiah',
    osis: 'EpJer',
    baseAbbreviations: ['Epistle of Jeremiah', 'Ep Jer', 'EpJer', 'Let Jer', 'Epistle of Jeremy'],
  },
  {
    number: 75,
    name: 'Prayer of Azariah',
    osis: 'PrAzar',
    baseAbbreviations: ['Pr Azar', 'Song of the Three', 'Song of the Three Children', 'Song of Three', 'Song Thr'],
  },
  { number: 76, name: 'Susanna', osis: 'Sus', baseAbbreviations: ['Sus'] },
  { number: 77, name: 'Bel and the Dragon', osis: 'Bel', baseAbbreviations: ['Bel', 'Bel and Dragon'] },
  { number: 78, name: 'Additions to Daniel', osis: 'AddDan', baseAbbreviations: ['Add Dan', 'AddDan'] },
  { number: 79, name: '1 Maccabees', osis: '1Macc', ordinal: 1, baseAbbreviations: ['Macc', 'Mac', 'Mc', 'Ma'] },
  { number: 80, name: '2 Maccabees', osis: '2Macc', ordinal: 2, baseAbbreviations: ['Macc', 'Mac', 'Mc', 'Ma'] },
  { number: 81, name: '3 Maccabees', osis: '3Macc', ordinal: 3, baseAbbreviations: ['Macc', 'Mac', 'Mc', 'Ma'] },
  { number: 82, name: '4 Maccabees', osis: '4Macc', ordinal: 4, baseAbbreviations: ['Macc', 'Mac', 'Mc', 'Ma'] },
  { number: 83, name: '1 Esdras', osis: '1Esd', ordinal: 1, baseAbbreviations: ['Esd', 'Esdr'] },
  { number: 84, name: '2 Esdras', osis: '2Esd', ordinal: 2, baseAbbreviations: ['Esd', 'Esdr'] },
  {
    number: 85,
    name: 'Prayer of Manasseh',
    osis: 'PrMan',
    baseAbbreviations: ['Pr Man', 'PrMan', 'Prayer of Manasses', 'Pr of Man'],
  },
  { number: 86, name: 'Psalm 151', osis: 'AddPs', baseAbbreviations: ['AddPs', 'Ps151', 'Additional Psalm'] },
  { number: 87, name: 'Psalms of Solomon', osis: 'PssSol', baseAbbreviations: ['Pss Sol', 'PssSol', 'Ps Sol'] },
  { number: 88, name: 'Odes', osis: 'Odes', baseAbbreviations: ['Odes of Solomon'] },
  { number: 89, name: '1 Enoch', osis: '1En', ordinal: 1, baseAbbreviations: ['En', 'Enoch'] },
  { number: 90, name: 'Laodiceans', osis: 'EpLao', baseAbbreviations: ['Laod', 'EpLao', 'Epistle to the Laodiceans'] },
];

export const DEUTEROCANON_SEEDS: readonly BookSeed[] = SEEDS.map((seed) => ({
  ...seed,
  verseCounts: WIDEST_VERSE_COUNTS[seed.osis] ?? '1',
}));

/** The highest book number the canon knows (the 66, then the deuterocanon and apocrypha). */
export const LAST_BOOK_NUMBER = 90;
