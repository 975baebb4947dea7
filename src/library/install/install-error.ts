/**
 * Why an install, a removal or an unlock did not happen, in one line: `usage` for what the user
 * asked wrongly, `not-found` for a module or repository that is not there, `refused` for what a
 * repository gave that fails a check (or a file this machine will not change), `failure` for the
 * network or the disk. The CLI gives each its documented exit code.
 */
export class InstallError extends Error {
  override name = 'InstallError';
  constructor(
    message: string,
    readonly kind: 'usage' | 'not-found' | 'refused' | 'failure' = 'failure',
  ) {
    super(message);
  }
}
