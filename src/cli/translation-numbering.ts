import type { BibleClient } from '../client/client.js';
import { CANON_NUMBERING, type Numbering } from '../core/reference/reference.js';

/**
 * How a translation counts chapters and verses, from its versification (the books endpoint's
 * `versification`, an extension): asked only when a reference needs it, once per run. The canon's
 * counts where the service does not say (a service without the extension, a KJV-versified module).
 */
export function translationNumbering(client: () => Promise<BibleClient>, id: () => Promise<string>) {
  let made: Promise<Numbering> | undefined;
  const make = async (): Promise<Numbering> => {
    try {
      const held = await (await client()).translationBooks(await id());
      if (!held.versification) return CANON_NUMBERING;
      const { inTranslation, versificationNumbering } = await import('../core/canon/versifications.js');
      return versificationNumbering(held.versification, inTranslation(held.translation));
    } catch {
      return CANON_NUMBERING;
    }
  };
  return (): Promise<Numbering> => {
    made ??= make();
    return made;
  };
}
