/** Replaced at build time by tsup with package.json's version. */
declare const __BIBLE_VERSION__: string;
