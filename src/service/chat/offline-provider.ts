import { OFFLINE_NOTE, OFFLINE_VOICE } from './personas.js';
import type { ChatProvider, ProviderReply, ProviderRequest } from './provider.js';
import type { Grounding } from './retrieval.js';
import { originalWordLine } from './scholar.js';
import { unansweredReply } from './unanswered.js';

/**
 * The scholar's opening, naming only what this reply holds: a key may read neither Nave's nor a
 * commentary nor a lexicon, and then the reply must not name them.
 */
function scholarOpening(opening: string, g: Grounding): string {
  const grouped = g.topics.length ? ', grouped as Nave’s Topical Bible arranges them' : '';
  const also = [g.strongs.length ? 'the original-language words' : '', g.commentary ? 'a commentary note' : ''];
  const withs = also.filter(Boolean).join(' and ');
  return `${opening.replace(/\.$/, '')}${grouped}${withs ? `, with ${withs}` : ''}.`;
}

/** Says what it is: retrieval from the library, not a language model. */
export const OFFLINE_MODEL = 'bible-offline-retrieval (not a language model: quotes the library)';

/** The verses under their themes, in the order the first verse of each theme ranked. */
function byTheme(g: Grounding): Array<[string, Grounding['verses']]> {
  const groups = new Map<string, Grounding['verses']>();
  for (const v of g.verses) groups.set(v.theme, [...(groups.get(v.theme) ?? []), v]);
  return [...groups];
}

/**
 * The responder used when no language model is configured: a reference answer in the persona's
 * voice made only of what retrieval found — the verses quoted word for word with their
 * references under the Nave's sub-headings they fall under, related topics with their see-also
 * lines, a story where one fits, for the scholar the original words and a commentary excerpt —
 * and one line saying it quotes the library and how to get written answers.
 */
export class OfflineProvider implements ChatProvider {
  async reply(req: ProviderRequest): Promise<ProviderReply> {
    const g = req.grounding;
    const voice = OFFLINE_VOICE[req.persona];
    if (g.unanswered || (!g.verses.length && !g.strongs.length)) {
      // Nothing answers well enough (find's bar): Scripture is silent here, and nothing is quoted.
      const said = g.unanswered ? unansweredReply(req.persona, g.unanswered.unknown) : voice.noMatch;
      req.onText?.(`${said}\n\n${OFFLINE_NOTE}`);
      return {
        text: `${said}\n\n${OFFLINE_NOTE}`,
        model: OFFLINE_MODEL,
        used: {
          ...g,
          verses: [],
          topics: [],
          stories: [],
          strongs: [],
          commentary: undefined,
          crossrefs: false,
          headings: [],
        },
      };
    }
    const simple = req.persona === 'simple_helper';
    const version = g.translation.toUpperCase();
    const lines: string[] = [req.persona === 'biblical_scholar' ? scholarOpening(voice.opening, g) : voice.opening, ''];
    const groups = byTheme(g);
    for (const [theme, verses] of groups) {
      // A lone untitled group needs no heading; the simple helper is spared them.
      if (!simple && (theme || groups.length > 1)) lines.push(`**${theme || 'Other passages'}**`, '');
      for (const v of verses) lines.push(`> ${v.text} (${v.ref}, ${version})`, '');
    }
    if (g.strongs.length) {
      lines.push('**The original words (Strong’s):**');
      for (const s of g.strongs) lines.push(`- ${originalWordLine(s)}`);
      lines.push('');
    }
    if (g.commentary)
      lines.push(`**${g.commentary.id.toUpperCase()} on ${g.commentary.ref}:** ${g.commentary.text}`, '');
    const topics = g.topics.flatMap((t) => [t.headword, ...t.see]);
    const related = [...new Set(topics)].slice(0, simple ? 2 : 6);
    if (related.length) lines.push(`${voice.topics}: ${related.join(', ')}.`, '');
    const story = g.stories[0];
    if (story)
      lines.push(
        simple
          ? `${voice.story} "${story.title}" (${story.passages[0]}).`
          : `${voice.story}: **${story.title}** (${story.passages.join('; ')}). ${story.summary}`,
        '',
      );
    lines.push(OFFLINE_NOTE);
    const text = lines.join('\n').trim();
    // Quotations are ready at once: streamed as one piece.
    req.onText?.(text);
    return { text, model: OFFLINE_MODEL, used: g };
  }
}
