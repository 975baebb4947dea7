/** Replaced at build time by tsup with package.json's version. */
declare const __BIBLE_VERSION__: string;
/** Identifies one build (tsup.config.ts): names the code cache of dist/cli.cjs (src/cli/launch.ts). */
declare const __BIBLE_BUILD__: string;
