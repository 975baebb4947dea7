/**
 * The bounds of installing a module: what a repository may make this machine download, unpack
 * and hold, each checked before the work grows with it (docs/library.md lists them). CrossWire's
 * largest packages (image and commentary modules) are tens of megabytes zipped and a few hundred
 * unpacked in a few thousand files; these leave them room and refuse a zip bomb early.
 */

/** The catalog, raw/mods.d.tar.gz, as downloaded (CrossWire's is well under a megabyte). */
export const MAX_CATALOG_BYTES = 16 * 1024 * 1024;
/** One .conf in the catalog or a package, unpacked (an About with a long history is a few kB). */
export const MAX_CONF_BYTES = 1024 * 1024;
/** The catalog's .conf files, together, unpacked. */
export const MAX_CATALOG_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Entries in the catalog's archive (CrossWire lists a few thousand modules). */
export const MAX_CATALOG_ENTRIES = 20_000;

/** A module's package (packages/rawzip/<Module>.zip) as downloaded. */
export const MAX_PACKAGE_BYTES = 512 * 1024 * 1024;
/** Entries in a package's zip. */
export const MAX_PACKAGE_ENTRIES = 20_000;
/** One file of a package, unpacked: by the size its zip declares, and by the bytes it really gives. */
export const MAX_ENTRY_BYTES = 1024 * 1024 * 1024;
/** A package's files together, unpacked. */
export const MAX_UNPACKED_BYTES = 2 * 1024 * 1024 * 1024;
/** The longest entry name a package may hold. */
export const MAX_ENTRY_NAME_CHARS = 512;

/** How long a download may wait for its first byte or between two chunks before it is given up. */
export const DOWNLOAD_IDLE_TIMEOUT_MS = 30_000;

/** The longest CipherKey `bible library unlock` writes (CrossWire's keys are 16-odd characters). */
export const MAX_CIPHER_KEY_CHARS = 256;

/** A bound as a refusal names it: "1024 MB" (a bound under a megabyte in bytes). */
export const megabytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${bytes} bytes` : `${Math.round(bytes / (1024 * 1024))} MB`;
