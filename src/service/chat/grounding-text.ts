import { reasonsOf } from '../../find/registry.js';
import { languageInstruction } from './personas.js';
import type { Grounding } from './retrieval.js';
import { originalWordLine } from './scholar.js';
import { unansweredInstruction } from './unanswered.js';

/** The grounding as context for a language model; where nothing answers, the instruction to say so. */
export function groundingText(g: Grounding): string {
  if (g.unanswered) return unansweredInstruction(g.unanswered.unknown);
  const parts: string[] = [];
  const language = languageInstruction(g.language, g.unread);
  if (language) parts.push(language);
  const reasons = g.verses.flatMap((v) => v.reasons);
  // What find read the question as: a situation told ("losing a job"), a person or place described.
  const situations = [...new Set(reasonsOf(reasons, 'situation').map((r) => r.situation))];
  if (situations.length)
    parts.push(`The question tells a situation (${situations.join('; ')}): speak to it, from the verses below.`);
  const described = [...new Set(reasonsOf(reasons, 'described').map((r) => `${r.name}, ${r.description}`))];
  if (described.length) parts.push(`The question describes ${described.join('; ')}.`);
  if (g.verses.length)
    parts.push(
      `Verses (${g.translation.toUpperCase()}):\n${g.verses.map((v) => `${v.ref}: ${v.text}${v.theme ? ` [${v.theme}]` : ''}`).join('\n')}`,
    );
  if (g.topics.length)
    parts.push(
      `Topics (Nave's):\n${g.topics.map((t) => `${t.headword}: ${t.refs.join('; ')}${t.see.length ? ` (see also ${t.see.join(', ')})` : ''}`).join('\n')}`,
    );
  if (g.stories.length)
    parts.push(`Stories:\n${g.stories.map((s) => `${s.title} (${s.passages.join('; ')}): ${s.summary}`).join('\n')}`);
  if (g.strongs.length) parts.push(`Original words (Strong's):\n${g.strongs.map(originalWordLine).join('\n')}`);
  if (g.commentary) parts.push(`Commentary (${g.commentary.id}) on ${g.commentary.ref}:\n${g.commentary.text}`);
  return parts.join('\n\n');
}
