import { ALL_BOOKS, BOOKS, bookByOsis } from '../../core/canon/canon.js';
import { osisProse } from '../markup/osis.js';
import { osisStudyVerse } from '../markup/osis-study.js';
import type { SwordModule } from '../sword/discovery.js';
import { openVerseModule } from '../sword/open-module.js';
import { tagsStrongs } from '../sword/source-type.js';
import { mhccOutline } from './commentary-outline.js';
import { type LinkedNote, mhccSections, tdavidSections } from './commentary-sections.js';
import { moduleId, moduleResource } from './known-modules.js';
import type { LibraryWriter } from './writer.js';

/**
 * Every verse a SWORD Bible holds (the 66 books and the deuterocanon its versification names),
 * each by its own numbering, as plain text; and where the module tags its
 * words with Strong's numbers, each verse's word spans, headings and notes. Titles in a
 * chapter's intro slot (Psalm 119's first acrostic head, WEB's "BOOK 1") head its first verse.
 */
export function importSwordBible(writer: LibraryWriter, mod: SwordModule): number {
  const r = openVerseModule(mod);
  const id = moduleId(mod.name);
  const tagged = tagsStrongs(mod.conf);
  let count = 0;
  writer.transaction(() => {
    writer.deleteTranslation(id);
    writer.meta(`versification:${id}`, r.v11n.name);
    for (const canonBook of ALL_BOOKS) {
      const slot = r.v11n.byOsis.get(canonBook.osis);
      if (!slot) continue;
      let redOpen = false;
      slot.book.verseCounts.forEach((n, i) => {
        // The Greek Psalter's Psalm 151 is kept as the book Psalm 151, as NRSVA's AddPs is.
        const [book, chapter] =
          canonBook.osis === 'Ps' && i + 1 === 151 ? [bookByOsis('AddPs') ?? canonBook, 1] : [canonBook, i + 1];
        const intro = r.entry(slot.testament, slot.book, i + 1, 0);
        let pending = intro ? osisStudyVerse(intro.bytes.toString('utf8')).headings : [];
        for (let v = 1; v <= n; v++) {
          const e = r.entry(slot.testament, slot.book, i + 1, v);
          if (!e) continue;
          const study = osisStudyVerse(e.bytes.toString('utf8'), redOpen);
          redOpen = study.redOpen;
          // A verse a translation leaves out may still carry a note saying so (WEB Luke 17:36).
          writer.verseAnnotations(id, book.number, chapter, v, [...pending, ...study.headings], study.notes);
          pending = [];
          if (!study.text) continue;
          writer.verse(id, book.number, chapter, v, study.text, study.title);
          if (tagged) writer.verseWords(id, book.number, chapter, v, study.spans);
          count++;
        }
      });
    }
    // A module may declare the Strong's filter and tag nothing (spaRV1909eb): keep no words then.
    if (tagged) writer.dropUntaggedWords(id);
  });
  writer.resource(moduleResource(mod, 'bible'), count);
  return count;
}

/**
 * A SWORD commentary's notes. Consecutive verses whose index entries point at the same stored
 * text are one note covering that verse range; Matthew Henry's and the Treasury of David's are
 * then given to each verse they expound (commentary-sections.ts).
 */
export function importSwordCommentary(writer: LibraryWriter, mod: SwordModule): number {
  const r = openVerseModule(mod);
  const id = moduleId(mod.name);
  let count = 0;
  writer.transaction(() => {
    for (const book of BOOKS) {
      const slot = r.v11n.byOsis.get(book.osis);
      if (!slot) continue;
      slot.book.verseCounts.forEach((n, i) => {
        const chapter = i + 1;
        const linked: LinkedNote[] = [];
        let open: { key: string; start: number; end: number; bytes: Buffer } | undefined;
        const close = () => {
          if (!open) return;
          const text = osisProse(open.bytes.toString('utf8'));
          if (text) linked.push({ start: open.start, end: open.end, text });
          open = undefined;
        };
        for (let v = 1; v <= n; v++) {
          const e = r.entry(slot.testament, slot.book, chapter, v);
          if (e && open && e.key === open.key && open.end === v - 1) {
            open.end = v;
            continue;
          }
          close();
          if (e) open = { key: e.key, start: v, end: v, bytes: e.bytes };
        }
        close();
        const verses = book.verseCounts[i] ?? n;
        const rows =
          id === 'mhcc' && linked.length
            ? mhccSections(linked, verses)
            : id === 'tdavid' && linked.length === 1 && linked[0]
              ? tdavidSections(linked[0].text, verses)
              : linked;
        for (const row of rows) writer.note(id, book.number, chapter, row.start, row.end, row.text);
        if (id === 'mhcc' && linked[0])
          for (const h of mhccOutline(linked[0].text, verses))
            writer.heading(id, book.number, chapter, h.start, h.end, h.title);
        count += linked.length;
      });
    }
  });
  writer.resource(moduleResource(mod, 'commentary'), count);
  return count;
}
