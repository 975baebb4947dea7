// Debian's StrongsHebrew holds UTF-8 that was once decoded as Windows-1252 and encoded again
// ("×ž" for "מ"). Reversing it means mapping each character back to its Windows-1252 byte and
// decoding those bytes as UTF-8; the 0x80-0x9F range is where 1252 differs from Latin-1.
const CP1252_HIGH: Record<number, number> = {
  8364: 0x80,
  8218: 0x82,
  402: 0x83,
  8222: 0x84,
  8230: 0x85,
  8224: 0x86,
  8225: 0x87,
  710: 0x88,
  8240: 0x89,
  352: 0x8a,
  8249: 0x8b,
  338: 0x8c,
  381: 0x8e,
  8216: 0x91,
  8217: 0x92,
  8220: 0x93,
  8221: 0x94,
  8226: 0x95,
  8211: 0x96,
  8212: 0x97,
  732: 0x98,
  8482: 0x99,
  353: 0x9a,
  8250: 0x9b,
  339: 0x9c,
  382: 0x9e,
  376: 0x9f,
};

/** Whether a string looks double-encoded: UTF-8 lead bytes shown as Latin-1 letters (Ã, ×, Ä, …). */
export function looksDoubleEncoded(s: string): boolean {
  return /[\u00c2-\u00df][\u0080-\u00bf\u2018-\u203a\u0152-\u0192\u02c6\u02dc\u2122\u20ac]/.test(s);
}

/** Reverses one round of UTF-8-read-as-1252; returns the input unchanged when it cannot be reversed. */
export function fixDoubleEncoding(s: string): string {
  if (!looksDoubleEncoded(s)) return s;
  const bytes: number[] = [];
  for (const ch of s) {
    const code = ch.codePointAt(0) as number;
    if (code < 0x100) bytes.push(code);
    else if (CP1252_HIGH[code] !== undefined) bytes.push(CP1252_HIGH[code] as number);
    else return s;
  }
  const decoded = Buffer.from(bytes).toString('utf8');
  return decoded.includes('\ufffd') ? s : decoded;
}
