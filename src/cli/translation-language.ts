import { languageOfCatalogName } from '../core/canon/book-names.js';
import type { Context } from './context.js';

/**
 * The language of a translation with book names of its own (Spanish for the RV1909), from the
 * catalog; undefined for English, an unknown id or a catalog that cannot be read (the English
 * names then serve, as before).
 */
export async function translationLanguage(ctx: Context, id: string): Promise<string | undefined> {
  try {
    const catalog = await (await ctx.client()).catalog();
    const item = catalog.bible.find((b) => b.id.toLowerCase() === id.toLowerCase());
    return item ? languageOfCatalogName(item.name) : undefined;
  } catch {
    return undefined;
  }
}
