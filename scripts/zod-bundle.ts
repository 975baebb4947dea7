// The entry of dist/zod.cjs (tsup.config.ts): zod as the CLI's bundle imports it.
export * from 'zod';
export { default } from 'zod';
