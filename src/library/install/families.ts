/** What a module is, by its driver's family: the word `bible library available --kind` filters on. */
export type ModuleFamily = 'bible' | 'commentary' | 'dictionary' | 'book' | 'other';
export const MODULE_FAMILIES: readonly ModuleFamily[] = ['bible', 'commentary', 'dictionary', 'book', 'other'];
