import { BOOKS, findBook } from '../../core/canon/canon.js';

/**
 * Slips in Nave's Topical Bible (the CrossWire module) that the text right after a reference
 * completes unambiguously, each repaired in the entry's markup before it is read. Only these;
 * any other reference is taken as the module tags it. Tested in test/library/nave.test.ts.
 */
export const NAVE_REPAIRS: ReadonlyArray<{
  slip: string;
  example: string;
  pattern: RegExp;
  repair: (match: string, ...groups: string[]) => string;
}> = [
  {
    slip: 'a one-chapter book tagged by its chapter, the verse left after the tag',
    example: '<ref osisRef="Jude.1.1">Jude 1</ref>:20 → Jude 1:20',
    pattern: /<ref osisRef="(Obad|Phlm|2John|3John|Jude)\.1(?:\.1)?">([^<]*?)\s+1<\/ref>:(\d+)(?:-(\d+))?/g,
    repair: (_all, osis = '', label = '', verse = '', end) =>
      `<ref osisRef="${osis}.1.${verse}${end ? `-${osis}.1.${end}` : ''}">${label} 1:${verse}${end ? `-${end}` : ''}</ref>`,
  },
  {
    slip: "a person's name tagged with the number of the numbered book that follows the tag",
    example: '<ref osisRef="PrAzar.1.2">Azariah 2</ref>Ch 15:1-15 → Azariah, 2 Chronicles 15:1-15',
    pattern: /<ref osisRef="[^"]*">([A-Z][a-z]+) ([123])<\/ref>([A-Z][a-z]{1,2}) ?(\d+):(\d+)(?:-(\d+))?/g,
    repair: (all, name = '', n = '', abbr = '', chapter = '', verse = '', end) => {
      const book = findBook(`${n} ${abbr}`);
      if (!book || !/^[123] /.test(book.name) || !BOOKS.includes(book)) return all;
      const osis = `${book.osis}.${chapter}.${verse}`;
      const range = end ? `-${book.osis}.${chapter}.${end}` : '';
      return `${name} <ref osisRef="${osis}${range}">${n} ${abbr} ${chapter}:${verse}${end ? `-${end}` : ''}</ref>`;
    },
  },
];

/** The entry with the listed slips repaired, and how many were. */
export function repairNave(xml: string): { xml: string; repaired: number } {
  let repaired = 0;
  let out = xml;
  for (const r of NAVE_REPAIRS)
    out = out.replace(r.pattern, (...args) => {
      const fixed = r.repair(...(args.slice(0, -2) as [string, ...string[]]));
      if (fixed !== args[0]) repaired++;
      return fixed;
    });
  return { xml: out, repaired };
}
