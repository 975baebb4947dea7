import { irregularFamilies } from './words.js';

let families: Map<string, readonly string[]> | undefined;

/**
 * The word's family of irregular forms, the word first ("built" → built, build, builded), or the
 * word alone (the families: data/find-words/irregular.json, with the forms left out and why). The
 * other forms are whole words: a reader holds them exactly (not by stem prefix, which would read
 * "wore" into "world" and "sold" into "soldier").
 */
export function formsOf(word: string): readonly string[] {
  if (!families) {
    families = new Map();
    for (const forms of irregularFamilies())
      for (const form of forms) families.set(form, [form, ...forms.filter((f) => f !== form)]);
  }
  return families.get(word) ?? [word];
}
