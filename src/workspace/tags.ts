import { quoted } from '../core/text/quoted.js';
import { WorkspaceError } from './errors.js';

const TAG = /^[^\s,;]{1,64}$/;

/** Tags as given: trimmed, checked (no spaces, commas or semicolons), duplicates dropped ignoring case. */
export function cleanTags(tags: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!TAG.test(tag))
      throw new WorkspaceError(
        'usage',
        `a tag is 1-64 characters without spaces, commas or semicolons (got ${quoted(raw)})`,
      );
    if (!out.some((t) => t.toLowerCase() === tag.toLowerCase())) out.push(tag);
  }
  return out;
}
