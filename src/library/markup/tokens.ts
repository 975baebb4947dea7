// SWORD entries are fragments, not documents: milestones open in one verse and close in
// another, and entries hold bare `&` or stray tags. An XML parser would reject them, so this
// reads them the way libsword's own filters do: a tag at a time, text in between.

export type Token =
  | { type: 'text'; text: string }
  | { type: 'open' | 'close' | 'empty'; name: string; attrs: Record<string, string> };

const TAG = /<(\/?)([A-Za-z][\w:.-]*)([^>]*?)(\/?)>/g;
const ATTR = /([\w:.-]+)\s*=\s*("([^"]*)"|'([^']*)')/g;

export function* tokenize(xml: string): Generator<Token> {
  let last = 0;
  for (const m of xml.matchAll(TAG)) {
    if (m.index > last) yield { type: 'text', text: decodeEntities(xml.slice(last, m.index)) };
    last = m.index + m[0].length;
    const [, slash, name = '', rest = '', selfClose] = m;
    const attrs: Record<string, string> = {};
    for (const a of rest.matchAll(ATTR)) attrs[a[1] as string] = decodeEntities(a[3] ?? a[4] ?? '');
    yield { type: slash ? 'close' : selfClose ? 'empty' : 'open', name, attrs };
  }
  if (last < xml.length) yield { type: 'text', text: decodeEntities(xml.slice(last)) };
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (all, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : all;
    }
    return NAMED[body] ?? all;
  });
}

/** Collapses runs of spaces and tabs, trims each line, and keeps at most one blank line in a row. */
export function tidyLines(s: string): string {
  return s
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
