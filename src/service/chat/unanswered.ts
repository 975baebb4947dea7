import type { PersonaId } from '../../core/personas.js';

/**
 * What the chat says where find answers nothing well enough (no verse clears its confidence bar):
 * that Scripture does not speak to this, what it did not understand, and a question back; it
 * quotes nothing. Offline it is the reply; for a language model, its instruction (grounding-text.ts).
 */
const SAID: Record<PersonaId, { none: string; ask: string }> = {
  default: {
    none: 'As far as I can tell, Scripture does not speak to this.',
    ask: 'If you meant something the Bible does speak to, could you say what you had in mind, or name a passage?',
  },
  biblical_scholar: {
    none: 'The biblical texts do not address this question.',
    ask: 'If a biblical subject lies behind it, a more specific term or a reference would let me answer from the texts.',
  },
  simple_helper: {
    none: "I don't think the Bible talks about that.",
    ask: 'Did you mean something else? You could ask it another way.',
  },
};

/** The words find did not understand, quoted: "reset", "router". */
const quoted = (unknown: readonly string[]) => unknown.map((w) => `"${w}"`).join(', ');

/** The offline reply where nothing answers: Scripture is silent here, what was not understood, a question back. */
export function unansweredReply(persona: PersonaId, unknown: readonly string[]): string {
  const said = SAID[persona];
  const words = unknown.length ? ` Nothing in the library speaks of ${quoted(unknown)}.` : '';
  return `${said.none}${words} ${said.ask}`;
}

/** The instruction to a language model where nothing answers: say so, quote nothing. */
export function unansweredInstruction(unknown: readonly string[]): string {
  const words = unknown.length ? ` (nothing in it speaks of ${quoted(unknown)})` : '';
  return `No verse in the library answers this question well enough${words}. Say plainly that Scripture does not speak to it, or ask what was meant; quote no verse and cite no reference.`;
}
