import { OFFLINE_VOICE } from './personas.js';
import type { ChatProvider, ProviderReply, ProviderRequest } from './provider.js';

/** Says what it is: retrieval from the library, not a language model. */
export const OFFLINE_MODEL = 'bible-offline-retrieval (not a language model: quotes the library)';

/**
 * The responder used when no language model is configured: a reply in the persona's voice made
 * only of what retrieval found, verses quoted word for word with their references, a related
 * story or topic, and for the scholar the Strong's words and a commentary excerpt.
 */
export class OfflineProvider implements ChatProvider {
  async reply(req: ProviderRequest): Promise<ProviderReply> {
    const g = req.grounding;
    const voice = OFFLINE_VOICE[req.persona];
    const lines: string[] = [];
    if (!g.verses.length && !g.stories.length && !g.topics.length) {
      return {
        text: voice.noMatch,
        model: OFFLINE_MODEL,
        used: { ...g, verses: [], topics: [], stories: [], strongs: [], commentary: undefined },
      };
    }
    const scholar = req.persona === 'biblical_scholar';
    lines.push(voice.opening, '');
    const verses = req.persona === 'simple_helper' ? g.verses.slice(0, 2) : g.verses;
    for (const v of verses) lines.push(`> ${v.text} (${v.ref}, ${g.translation.toUpperCase()})`, '');
    if (req.persona === 'biblical_scholar') {
      if (g.strongs.length) {
        lines.push("**Words in the original languages (Strong's):**");
        for (const s of g.strongs) lines.push(`- ${s.number} ${s.lemma} (${s.transliteration}): ${s.gloss}`);
        lines.push('');
      }
      if (g.commentary)
        lines.push(`**${g.commentary.id.toUpperCase()} on ${g.commentary.ref}:** ${g.commentary.text}`, '');
    }
    const story = g.stories[0];
    const topic = story ? undefined : g.topics[0];
    if (story) {
      lines.push(
        req.persona === 'simple_helper'
          ? `You might also read the story "${story.title}" (${story.passages[0]}).`
          : `Related story: **${story.title}** (${story.passages.join('; ')}). ${story.summary}`,
      );
    } else if (topic) {
      lines.push(`See also the topic ${topic.headword} in Nave's: ${topic.refs.slice(0, 4).join('; ')}.`);
    }
    const used = {
      ...g,
      verses,
      stories: story ? [story] : [],
      topics: topic ? [topic] : [],
      strongs: scholar ? g.strongs : [],
      commentary: scholar ? g.commentary : undefined,
    };
    return { text: lines.join('\n').trim(), model: OFFLINE_MODEL, used };
  }
}
