import type { ErrorCode } from '../../core/errors.js';

type Issue = { path: PropertyKey[]; message: string };

/** A failed validation of one part of a request, as readRequest (params.ts) and a zod safeParse report it. */
export interface ValidationFailure {
  target: string;
  error: { issues: Issue[] };
}

/** A field path as a request body spells it: conversationHistory[0].role. */
function fieldName(path: PropertyKey[]): string {
  return path.reduce<string>(
    (name, p) => (typeof p === 'number' ? `${name}[${p}]` : name ? `${name}.${String(p)}` : String(p)),
    '',
  );
}

/** The first validation issue as one sentence naming the parameter or field and the rule. */
function validationMessage(issue: Issue | undefined, target: string): string {
  if (!issue) return `invalid ${target}`;
  const name = fieldName(issue.path);
  if (!name) return issue.message;
  if (target === 'json') return `'${name}' ${issue.message}`;
  if (issue.message.includes(name)) return issue.message;
  return `${target === 'param' ? 'path' : 'query'} parameter '${name}': ${issue.message}`;
}

/** Body fields whose fault has a code of its own in the contract; any other fault is INVALID_REQUEST. */
const FIELD_CODES: Partial<Record<string, ErrorCode>> = { persona: 'INVALID_PERSONA' };

/** The code and sentence a 400 answers for a failed validation (Hono's hook and the embedded dispatcher). */
export function validationError(failure: ValidationFailure): { code: ErrorCode; message: string } {
  const issue = failure.error.issues[0];
  const field = failure.target === 'json' && issue ? String(issue.path[0]) : '';
  const code = FIELD_CODES[field] ?? 'INVALID_REQUEST';
  const message = code === 'INVALID_REQUEST' ? validationMessage(issue, failure.target) : issue!.message;
  return { code, message };
}
