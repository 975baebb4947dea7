/**
 * Irregular forms of one word, which Porter's stemmer cannot join ("built" / "build", "ate" /
 * "eat", "children" / "child"), each family a line: the present and its past forms, the KJV's
 * archaic ones too ("spake", "builded", "sware"). Written here because the one package of them
 * (english-irregular-verbs) lists 50 verbs and none of the KJV's forms.
 *
 * Left out: forms that are as often another word, whose family would bring in verses of that
 * other word: bear / born / bare (the animal; "born again" met "bear"), drunk (the state, not
 * drink's past: "getting drunk" met every "drink"), left (the hand), found (to found a city), saw
 * (the tool), lay and lie, lead (the metal), bound, rose (the flower), tear, fell, bit, got,
 * thought (the noun: "take no thought"), meet (fitting: "an help meet"), fly (the insect), drove
 * (a herd), lives ("as the LORD liveth"), cleft (split, where cleave is to cling), and won (the
 * WEB's "won't" is tokenized as won + t).
 */
const FAMILIES = [
  'build built builded',
  'grow grew grown',
  'eat ate eaten',
  'feed fed',
  'sell sold',
  'weep wept',
  'slay slew slain',
  'speak spoke spoken spake',
  'give gave given',
  'go went gone',
  'come came',
  'take took taken',
  'run ran',
  'buy bought',
  'teach taught',
  'forgive forgave forgiven',
  'flee fled',
  'lose lost',
  'hide hid hidden',
  'write wrote written',
  'tell told',
  'sit sat',
  'stand stood',
  'throw threw thrown',
  'break broke broken brake',
  'choose chose chosen',
  'drink drank',
  'sing sang sung',
  'swear swore sworn sware',
  'wear wore worn',
  'catch caught',
  'bring brought',
  'fight fought',
  'seek sought',
  'hear heard',
  'keep kept',
  'sleep slept',
  'send sent',
  'spend spent',
  'feel felt',
  'begin began begun',
  'know knew known',
  'blow blew blown',
  'draw drew drawn',
  'shake shook shaken',
  'forsake forsook forsaken',
  'strike struck stricken',
  'smite smote smitten',
  'ride rode ridden',
  'dig dug digged',
  'shine shone',
  'sow sown',
  'say said',
  'pay paid',
  'make made',
  'hold held',
  'beat beaten',
  'dwell dwelt',
  'child children',
  'man men',
  'woman women',
  'foot feet',
  'tooth teeth',
  'ox oxen',
  'brother brethren',
  'wife wives',
  'knife knives',
  'loaf loaves',
  'thief thieves',
  'wolf wolves',
  'sheaf sheaves',
];

let families: Map<string, readonly string[]> | undefined;

/**
 * The word's family of irregular forms, the word first ("built" → built, build, builded), or the
 * word alone. The other forms are whole words: a reader holds them exactly (not by stem prefix,
 * which would read "wore" into "world" and "sold" into "soldier").
 */
export function formsOf(word: string): readonly string[] {
  if (!families) {
    families = new Map();
    for (const line of FAMILIES) {
      const forms = line.split(' ');
      for (const form of forms) families.set(form, [form, ...forms.filter((f) => f !== form)]);
    }
  }
  return families.get(word) ?? [word];
}
