/**
 * GBF (General Bible Format, `SourceType=GBF`), the markup of older SWORD modules, as the OSIS
 * the importers read: a footnote `<RF>…<Rf>` is an OSIS note, a title `<TS>…<Ts>` an OSIS title,
 * a paragraph or line mark `<CM>`/`<CL>` a space, and every other GBF token (Strong's `<WH0430>`,
 * morphology `<WTN>`, italics `<FI>…<Fi>`, red letters `<FR>…<Fr>`) leaves its words as they are,
 * as libsword's GBFPlain filter does. OSIS, ThML, TEI and plain text are read as they stand.
 */
const GBF_TOKENS: Array<[RegExp, string]> = [
  [/<RF>/g, '<note>'],
  [/<Rf>/g, '</note>'],
  [/<TS>/g, '<title>'],
  [/<Ts>/g, '</title>'],
  [/<C[ML]>/g, ' '],
  [/<[A-Z][A-Za-z0-9]*(?:\s[^<>]*)?>/g, ''],
];

export function gbfAsOsis(text: string): string {
  return GBF_TOKENS.reduce((s, [token, osis]) => s.replace(token, osis), text);
}
