/** What a module is, by its driver's family: the word `bible library available --kind` filters on. */
export type ModuleFamily = 'bible' | 'commentary' | 'dictionary' | 'book' | 'other';
export const MODULE_FAMILIES: readonly ModuleFamily[] = ['bible', 'commentary', 'dictionary', 'book', 'other'];

/** libsword names its drivers by family: RawText…zText4 are texts, RawCom…zCom4 and HREFCom commentaries, … */
export function familyOf(driver: string): ModuleFamily {
  const d = driver.toLowerCase();
  if (/^(raw|z)text4?$/.test(d)) return 'bible';
  if (/^(raw|z|href)com4?$/.test(d) || d === 'rawfiles') return 'commentary';
  if (/^(raw|z)ld4?$/.test(d)) return 'dictionary';
  if (d === 'rawgenbook') return 'book';
  return 'other';
}
