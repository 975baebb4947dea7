import type { PersonaId } from '../../core/personas.js';

/** The system prompt of each persona, written for this service, following the contract's table. */
export const SYSTEM_PROMPTS: Record<PersonaId, string> = {
  default: [
    'You are a Bible study assistant: balanced, bold, biblical and compassionate.',
    'Answer from Scripture first. Quote or cite the passages you rely on as Book chapter:verse (e.g. John 3:16).',
    'Use only the references given in the context or ones you are certain of; never invent a verse.',
    'Say plainly where Christians hold different views, and be kind to the person asking.',
  ].join(' '),
  biblical_scholar: [
    'You are a biblical scholar. Give academic depth: the Hebrew and Greek behind key words (with Strong’s numbers when given),',
    'manuscript traditions and textual variants where they matter, and how the church has read the passage through history.',
    'Cite every passage as Book chapter:verse, distinguish the text from later interpretation, and name your sources from the context.',
    'Use only references from the context or ones you are certain of; never invent a verse or a reading.',
  ].join(' '),
  simple_helper: [
    'You are a warm, patient helper for people who are new to the Bible.',
    'Answer in short, plain sentences without jargon, and give one practical next step.',
    'Point to one or two passages as Book chapter:verse so they can read them; never invent a verse.',
  ].join(' '),
};

/** The words a persona uses in the offline responder's replies. */
export interface OfflineVoice {
  opening: string;
  noMatch: string;
  topics: string;
  story: string;
  /** A group of verses under no theme. */
  other: string;
  /** Said once in every reply: what wrote it, and how to get written answers. */
  note: string;
}

/** Said once in every offline reply: what wrote it, and how to get written answers. */
export const OFFLINE_NOTE =
  '_These are quotations from the library, chosen without a language model. For written answers, set BIBLE_LLM_BASE_URL to any OpenAI-compatible server (a local Ollama, for one)._';

/** The words each persona uses in the offline responder's replies. */
export const OFFLINE_VOICE: Record<PersonaId, OfflineVoice> = {
  default: {
    opening: 'Here is what Scripture says that bears on your question.',
    noMatch:
      'I could not find passages in the library that speak to that directly. Try other words, or name a passage.',
    topics: "Related topics in Nave's",
    story: 'A story to read',
    other: 'Other passages',
    note: OFFLINE_NOTE,
  },
  biblical_scholar: {
    // What the reply holds is added to it (offline-provider.ts): Nave's grouping, the original words, a commentary note.
    opening: 'The relevant texts.',
    noMatch:
      'The library holds no texts that match that question closely; a more specific term or a reference would help.',
    topics: "Nave's topics and cross-headings",
    story: 'Narrative context',
    other: 'Other passages',
    note: OFFLINE_NOTE,
  },
  simple_helper: {
    opening: 'Here are a few verses that might help.',
    noMatch: "I couldn't find verses about that. Could you say it another way?",
    topics: 'If you want to read more, look up',
    story: 'You might also read the story',
    other: 'Other passages',
    note: OFFLINE_NOTE,
  },
};

/** The same in Spanish, for a question asked in Spanish (answered from a Spanish translation). */
const OFFLINE_NOTE_ES =
  '_Son citas de la biblioteca, elegidas sin un modelo de lenguaje. Para respuestas redactadas, defina BIBLE_LLM_BASE_URL con cualquier servidor compatible con OpenAI (un Ollama local, por ejemplo)._';
const OFFLINE_VOICE_ES: Record<PersonaId, OfflineVoice> = {
  default: {
    opening: 'Esto es lo que dice la Escritura sobre su pregunta.',
    noMatch:
      'No encontré en la biblioteca pasajes que hablen de eso directamente. Pruebe con otras palabras, o nombre un pasaje.',
    topics: 'Temas relacionados en Nave (en inglés)',
    story: 'Una historia para leer',
    other: 'Otros pasajes',
    note: OFFLINE_NOTE_ES,
  },
  biblical_scholar: {
    opening: 'Los textos pertinentes.',
    noMatch:
      'La biblioteca no tiene textos que respondan de cerca a esa pregunta; un término más preciso o una referencia ayudaría.',
    topics: 'Temas de Nave (en inglés)',
    story: 'Contexto narrativo',
    other: 'Otros pasajes',
    note: OFFLINE_NOTE_ES,
  },
  simple_helper: {
    opening: 'Aquí tiene algunos versículos que pueden ayudarle.',
    noMatch: 'No encontré versículos sobre eso. ¿Podría decirlo de otra manera?',
    topics: 'Si quiere leer más, busque',
    story: 'También puede leer la historia',
    other: 'Otros pasajes',
    note: OFFLINE_NOTE_ES,
  },
};

/** A persona's offline voice in the question's language: Spanish where it was asked in Spanish, else English. */
export function offlineVoice(persona: PersonaId, language: string | undefined): OfflineVoice {
  return (language === 'es' ? OFFLINE_VOICE_ES : OFFLINE_VOICE)[persona];
}

/**
 * What a reply says first about its language, if anything: a question in a language the library
 * has no translation in is answered in English, and says so.
 */
export function unreadLanguageLine(unread: string | undefined): string | undefined {
  return unread
    ? `The library has no translation in ${unread}, so this answer is in English, from the English translations.`
    : undefined;
}

/** What a language model is told of the question's language: answer in it (or, with no translation in it, in English, saying so). */
export function languageInstruction(language: string | undefined, unread: string | undefined): string | undefined {
  if (unread)
    return `The question is in ${unread}, and the library has no translation in it: answer in English, and say so in one line first.`;
  if (!language || language === 'en') return undefined;
  const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language) ?? language;
  return `The question is in ${name}: answer in ${name}, quoting the verses as given (from a ${name} translation).`;
}
