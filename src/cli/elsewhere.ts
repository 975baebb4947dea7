import type { BibleClient } from '../client/client.js';
import { BibleApiError } from '../client/errors.js';
import { shortened } from '../core/text/quoted.js';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { shellWord } from './shell-word.js';

export type Place = 'topics' | 'dictionaries' | 'stories' | 'strongs';

/**
 * Where else the library has a word a lookup did not find, as commands to run: topics whose
 * headword matches, dictionary headwords, stories that mention it, Strong's words. Each part is
 * asked for separately (stories first: they are the easiest way in) and one that fails (a scope the key lacks) is left out, so a dead end
 * says what does exist. Only run after a lookup failed, so it costs nothing on success. `skip` is
 * the place whose lookup failed, not asked again; but topics are, as the search finds a word among
 * a headword's words where the lookup named a headword.
 */
export async function elsewhere(client: BibleClient, word: string, skip?: Place): Promise<string[]> {
  const q = word.trim();
  if (!q) return [];
  // A word not in a topical work or dictionary is most often a theme: `bible find` ranks the verses about it.
  // A command to paste is given whole, so only for a text short enough to quote whole.
  const theme = (skip === 'topics' || skip === 'dictionaries') && shortened(q) === q;
  const out: string[] = theme ? [`\`bible find ${shellWord(q)}\` (the verses about it)`] : [];
  const quiet = async <T>(p: Promise<T>): Promise<T | undefined> => p.catch(() => undefined);
  const catalog = await quiet(client.catalog());
  if (!catalog) return [];
  if (skip !== 'stories' && catalog.stories) {
    const hits = await quiet(client.stories({ q, limit: 3 }));
    for (const s of hits?.stories ?? []) out.push(`\`bible story ${s.slug}\` (${s.title})`);
  }
  // Asked even after a topic lookup failed: that one names a headword exactly, the search finds it
  // among a headword's words ("worry" in Everyday Topics' "Anxiety and worry").
  const many = catalog.topics.length > 1;
  for (const t of catalog.topics) {
    const hits = await quiet(client.topicSearch(t.id, q));
    for (const h of hits?.results.slice(0, 3) ?? [])
      out.push(`\`bible topic entry ${h.slug}${many ? ` --source ${t.id}` : ''}\` (${t.id}: ${h.headword})`);
  }
  if (skip !== 'dictionaries') {
    for (const d of catalog.dictionaries) {
      const hits = await quiet(client.dictionarySearch(d.id, q));
      for (const h of hits?.results.slice(0, 3) ?? [])
        out.push(`\`bible dictionary ${h.headword} -d ${d.id}\` (${h.headword})`);
    }
  }
  if (skip !== 'strongs' && catalog.lexicons.length && q.length >= 2) {
    const hits = await quiet(client.strongsSearch(q));
    for (const e of hits?.results.slice(0, 3) ?? []) out.push(`\`bible strongs ${e.number}\` (${e.lemma}, ${e.gloss})`);
  }
  return out;
}

/**
 * The not-found error of a lookup, with where else the library has the word:
 * "no topic 'worry'; the library has: `bible strongs H6087` (…), …" (exit 4, NOT_FOUND envelope).
 */
export async function deadEnd(client: BibleClient, message: string, word: string, skip?: Place): Promise<CliError> {
  const places = await elsewhere(client, word, skip);
  const full = places.length ? `${message}; the library has: ${places.join(', ')}` : message;
  return new CliError(`${full} [NOT_FOUND]`, EXIT.NOT_FOUND, {
    success: false,
    error: { code: 'NOT_FOUND', message: full },
  });
}

/** The lookup's answer, or, when it is NOT_FOUND, the dead end with where else the library has the word. */
export async function orDeadEnd<T>(client: BibleClient, lookup: Promise<T>, word: string, skip?: Place): Promise<T> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof BibleApiError && err.code === 'NOT_FOUND') throw await deadEnd(client, err.message, word, skip);
    throw err;
  }
}
