import { z } from 'zod';
import { parseJsonFile } from '../file-formats.js';
import { type Exchange, instantFromText, rangeFromText, uidFromText } from './exchange.js';

/** The JSON export: `{format, version, notes: [...], bookmarks: [...]}` (README "Notes and bookmarks"). */
export function writeJson(x: Exchange): string {
  return `${JSON.stringify(
    {
      format: 'bible-workspace',
      version: 1,
      notes: x.notes.map((n) => ({
        uid: n.uid,
        ref: n.ref,
        text: n.text,
        tags: n.tags,
        created: n.created,
        updated: n.updated,
      })),
      bookmarks: x.bookmarks.map((b) => ({ ref: b.ref, tags: b.tags, created: b.created })),
    },
    null,
    2,
  )}\n`;
}

const JsonExchange = z.object({
  format: z.literal('bible-workspace'),
  version: z.literal(1),
  notes: z
    .array(
      z.object({
        uid: z.string(),
        ref: z.string(),
        text: z.string(),
        tags: z.array(z.string()).default([]),
        created: z.string(),
        updated: z.string(),
      }),
    )
    .default([]),
  bookmarks: z
    .array(z.object({ ref: z.string(), tags: z.array(z.string()).default([]), created: z.string() }))
    .default([]),
});

export function readJson(text: string, path: string): Exchange {
  const data = parseJsonFile(JsonExchange, text, path);
  return {
    notes: data.notes.map((n, i) => {
      const where = `${path}: notes.${i}`;
      const range = rangeFromText(n.ref, where);
      const created = instantFromText(n.created, where);
      const updated = instantFromText(n.updated, where);
      return { uid: uidFromText(n.uid, where), ref: n.ref, range, text: n.text, tags: n.tags, created, updated };
    }),
    bookmarks: data.bookmarks.map((b, i) => {
      const where = `${path}: bookmarks.${i}`;
      return {
        ref: b.ref,
        range: rangeFromText(b.ref, where),
        tags: b.tags,
        created: instantFromText(b.created, where),
      };
    }),
  };
}
