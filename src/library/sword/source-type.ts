import { confValues, type ModuleConf } from './conf.js';

/**
 * GBF (General Bible Format, `SourceType=GBF`), the markup of older SWORD modules, as the OSIS
 * the importers read, after libsword's own GBFOSIS filter: a footnote `<RF>…<Rf>` is an OSIS
 * note, a title `<TS>…<Ts>` (`<TH>…<Th>`, a psalm's) an OSIS title, italics `<FI>…<Fi>` the
 * translators' supplied words (`transChange type="added"`), a paragraph or line mark `<CM>`/`<CL>`
 * a space, `<CT>`/`<CG>` the characters < and >. A Strong's number `<WH0430>`/`<WG26>` and a
 * morphology `<WTH8804>`/`<WTN-NSM>` tag the words written since the token before it, as
 * GBFOSIS's `wordStart` does ("In the beginning<WH07225>" tags "In the beginning"; a second
 * number or a morphology right after joins the same `<w>`). Every other token (red letters
 * `<FR>…<Fr>`, fonts) leaves its words as they are, as libsword's GBFPlain does.
 */
const SIMPLE: Record<string, string> = {
  RF: '<note>',
  Rf: '</note>',
  TS: '<title>',
  Ts: '</title>',
  TH: '<title>',
  Th: '</title>',
  FI: '<transChange type="added">',
  Fi: '</transChange>',
  CM: ' ',
  CL: ' ',
  CT: '&lt;',
  CG: '&gt;',
};

/** Characters GBFOSIS steps over at the start of a tagged run (its "hack"). */
const RUN_LEAD = ';,. :?!()\'"';

/** The `<w …>` a tag opens or joins: Strong's numbers in `lemma`, morphology in `morph`. */
function tagAttribute(token: string): { name: 'lemma' | 'morph'; value: string } | undefined {
  const strongs = /^W([GH]\d+[a-z]?)$/.exec(token);
  if (strongs) return { name: 'lemma', value: `strong:${strongs[1]}` };
  const morph = /^WT(\S+)$/.exec(token);
  if (!morph) return undefined;
  const code = morph[1] as string;
  // WTH8804 is Strong's own tense number (strongMorph:TH8804 in the OSIS KJV), WTN-NSM Robinson's.
  return { name: 'morph', value: /^[GH]\d+$/.test(code) ? `strongMorph:T${code}` : `robinson:${code}` };
}

export function gbfAsOsis(text: string): string {
  let out = '';
  // Where the words since the last token begin in `out` (GBFOSIS's wordStart), once there are any.
  let runStart = 0;
  let newRun = true;
  for (const m of text.matchAll(/<([^<>]*)>|[^<]+|</g)) {
    const token = m[1];
    if (token === undefined) {
      const words = m[0];
      const first = words.search(/\S/);
      if (newRun && first >= 0) {
        runStart = out.length + first;
        newRun = false;
      }
      out += words;
      continue;
    }
    newRun = true;
    if (!/^[A-Z]/.test(token)) {
      // Not a GBF token (GBF's are capitals): markup the module mixes in, read by the OSIS reader.
      out += m[0];
      continue;
    }
    const simple = SIMPLE[token.split(' ')[0] as string];
    if (simple !== undefined) {
      out += simple;
      continue;
    }
    const attr = tagAttribute(token);
    if (!attr) continue;
    while (runStart + 1 < out.length && RUN_LEAD.includes(out[runStart] as string)) runStart++;
    if (out.startsWith('<w ', runStart)) {
      // A second number or a morphology for the same words: joined to the <w> already there.
      const open = out.indexOf('>', runStart);
      const head = out.slice(runStart, open);
      const named = new RegExp(` ${attr.name}="([^"]*)"`);
      const joined = named.test(head)
        ? head.replace(named, (_, values: string) => ` ${attr.name}="${values} ${attr.value}"`)
        : `${head} ${attr.name}="${attr.value}"`;
      out = out.slice(0, runStart) + joined + out.slice(open);
    } else if (runStart < out.length) {
      out = `${out.slice(0, runStart)}<w ${attr.name}="${attr.value}">${out.slice(runStart)}</w>`;
    }
  }
  return out;
}

/** Whether a module's words carry Strong's numbers the importer keeps: OSIS's filter or GBF's. */
export function tagsStrongs(conf: ModuleConf): boolean {
  const filters = confValues(conf, 'GlobalOptionFilter');
  return filters.includes('OSISStrongs') || filters.includes('GBFStrongs');
}
