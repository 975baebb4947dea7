import type { BibleClient } from '../client/client.js';
import {
  checkPassageLimits,
  formatReference,
  MAX_REFERENCES,
  parseReference,
  type Reference,
  splitReference,
} from '../core/reference/reference.js';
import type { IncludeValue, PassageResult } from '../core/schemas/bible.js';

export interface TypedReference {
  text: string;
  ref: Reference;
}

/**
 * References from command-line words. Each word may be a reference or a `;` list ("John 3:16"
 * "Rom 5:8"); words that are not one on their own are read together (`bible passage John 3:16`).
 * Checked against the canon here, so a typo costs no request and gets a "did you mean".
 */
export function referencesFromArgs(args: string[]): TypedReference[] {
  const split = (s: string) =>
    s
      .split(';')
      .map((p) => p.trim())
      .filter(Boolean);
  const separately = args.flatMap(split);
  try {
    return separately.map((text) => ({ text, ref: parseReference(text) }));
  } catch (first) {
    const joined = split(args.join(' '));
    try {
      return joined.map((text) => ({ text, ref: parseReference(text) }));
    } catch {
      throw first;
    }
  }
}

/**
 * A passage lookup of any size: within the contract's limits one call with the references as
 * typed; beyond them, pieces of at most 4 chapters in calls of at most 10, merged back into one
 * passage per reference asked for.
 */
export async function fetchPassages(
  client: BibleClient,
  translation: string,
  refs: TypedReference[],
  include: readonly IncludeValue[] = [],
): Promise<PassageResult> {
  let within = refs.length <= MAX_REFERENCES;
  try {
    checkPassageLimits(refs.map((r) => r.ref));
  } catch {
    within = false;
  }
  if (within) return client.passage(translation, refs.map((r) => r.text).join('; '), include);
  const pieces = refs.flatMap((r, owner) =>
    splitReference(r.ref).map((piece) => ({ owner, text: formatReference(piece) })),
  );
  const merged = refs.map((r) => ({ ref: r.text, verses: [] as PassageResult['passages'][number]['verses'] }));
  let result: PassageResult | undefined;
  for (let i = 0; i < pieces.length; i += MAX_REFERENCES) {
    const batch = pieces.slice(i, i + MAX_REFERENCES);
    result = await client.passage(translation, batch.map((p) => p.text).join('; '), include);
    for (const [j, p] of result.passages.entries()) merged[batch[j]!.owner]!.verses.push(...p.verses);
  }
  return { translation: result!.translation, passages: merged, attribution: result!.attribution };
}
