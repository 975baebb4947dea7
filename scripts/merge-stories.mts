// One-off: merges story drafts into data/stories/{ot,nt}.json with `order` computed from each
// story's first passage (canonical position). Usage: npx tsx scripts/merge-stories.mts draft.json...
import { readFileSync, writeFileSync } from 'node:fs';
import { canonicalPosition, parseReference } from '../src/core/reference/reference.js';

type Draft = Record<string, unknown> & {
  slug: string;
  testament: string;
  kind: string;
  passages: Array<{ ref: string }>;
};
const all = process.argv.slice(2).flatMap((f) => JSON.parse(readFileSync(f, 'utf8')) as Draft[]);
const slugs = new Set<string>();
for (const s of all) {
  if (slugs.has(s.slug as string)) throw new Error(`duplicate slug ${s.slug}`);
  slugs.add(s.slug as string);
}
const pos = (s: Draft) => canonicalPosition(parseReference((s.passages as Array<{ ref: string }>)[0]!.ref));
all.sort((a, b) => pos(a) - pos(b) || String(a.slug).localeCompare(String(b.slug)));
const keyed = all.map((s, i) => {
  const { order: _o, attribution: _a, ...rest } = s;
  return { ...rest, order: i + 1 };
});
for (const t of ['OT', 'NT']) {
  writeFileSync(
    `data/stories/${t.toLowerCase()}.json`,
    `${JSON.stringify(
      keyed.filter((s) => s.testament === t),
      null,
      2,
    )}\n`,
  );
}
console.log(`${keyed.length} stories, ${keyed.filter((s) => s.kind === 'parable').length} parables`);
