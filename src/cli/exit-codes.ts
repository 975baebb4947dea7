import { exitCodesHelp } from '../core/errors.js';

export { EXIT, type ExitCode } from '../core/errors.js';

/** The exit codes as `bible --help` lists them, from the one error table. */
export const EXIT_CODES_HELP = exitCodesHelp();
