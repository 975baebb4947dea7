/**
 * A reference as a reader says it in a heading: one psalm is "Psalm 23" (and "Psalm 23:1-6"),
 * several "Psalms 1-2", as printed Bibles head them. The data (--json) keeps the canon's name.
 */
export function spokenRef(ref: string): string {
  const m = /^Psalms (\d+(?::\d+(?:-\d+)?)?)$/.exec(ref);
  return m ? `Psalm ${m[1]}` : ref;
}
