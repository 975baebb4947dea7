/**
 * Why a workspace operation was refused: `usage` (bad input: a date, a file, a tag), `not-found`
 * (no such plan, note or bookmark), or `conflict` (the plan is already started). The CLI maps
 * them to exit codes 2, 4 and 2.
 */
export type WorkspaceErrorKind = 'usage' | 'not-found' | 'conflict';

export class WorkspaceError extends Error {
  override name = 'WorkspaceError';
  constructor(
    readonly kind: WorkspaceErrorKind,
    message: string,
  ) {
    super(message);
  }
}
