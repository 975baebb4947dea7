/** The SWORD modules the library is built to read, with the Debian package that brings each. */
export const EXPECTED_SWORD_MODULES: ReadonlyArray<{ module: string; resource: string; what: string; debian: string }> =
  [
    {
      module: 'engKJV2006eb',
      resource: 'kjv',
      what: "King James Version with Strong's numbers",
      debian: 'sword-text-kjv',
    },
    { module: 'engWEB2015eb', resource: 'web', what: 'World English Bible', debian: 'sword-text-web' },
    { module: 'spaRV1909eb', resource: 'rv1909', what: 'Reina-Valera 1909', debian: 'sword-text-sparv' },
    { module: 'MHCC', resource: 'mhcc', what: "Matthew Henry's Concise Commentary", debian: 'sword-comm-mhcc' },
    { module: 'Scofield', resource: 'scofield', what: 'Scofield Reference Notes', debian: 'sword-comm-scofield' },
    { module: 'TDavid', resource: 'tdavid', what: "Spurgeon's Treasury of David", debian: 'sword-comm-tdavid' },
    { module: 'Nave', resource: 'nave', what: "Nave's Topical Bible", debian: 'sword-dict-naves' },
    {
      module: 'StrongsGreek',
      resource: 'strongs-greek',
      what: "Strong's Greek (completes the npm lexicon)",
      debian: 'sword-dict-strongs-greek',
    },
    {
      module: 'StrongsHebrew',
      resource: 'strongs-hebrew',
      what: "Strong's Hebrew (completes the npm lexicon)",
      debian: 'sword-dict-strongs-hebrew',
    },
  ];

export const INSTALL_HINT =
  'install the Debian packages (apt-get install <package>), or put the modules in ~/.sword or $SWORD_PATH with any SWORD module manager, then run `bible library import`';
