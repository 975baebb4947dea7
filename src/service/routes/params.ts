import type { z } from 'zod';
import type { ValidationFailure } from './validation.js';

/** What reading one parameter gives: the value its handler receives, or the sentence of the 400. */
export type ParamRead<T> = { value: T } | { issue: string };

/**
 * One request parameter of a data route, declared once: how it is read, and the zod schema that
 * documents it in /openapi.json. The Hono app and the embedded dispatcher both read a request with
 * `read` (readRequest below), so neither needs zod to answer one: evaluating zod was ~4 ms of every
 * embedded lookup. `doc` is built only when the whole app mounts the routes or writes
 * /openapi.json, and types what a handler gets (its output is what `read` gives).
 */
export interface Param<S extends z.ZodType = z.ZodType> {
  read(value: string | undefined): ParamRead<z.output<S>>;
  doc(zod: typeof z): S;
}

/** A parameter from its reading and its documentation; `read` must give what the schema's output types. */
export function param<S extends z.ZodType>(
  read: (value: string | undefined) => ParamRead<z.output<S>>,
  doc: (zod: typeof z) => S,
): Param<S> {
  return { read, doc };
}

/** A route's parameters by name: path parameters (`params`) and query parameters (`query`). */
export type ParamShape = Record<string, Param>;

export interface RequestParams {
  params?: ParamShape;
  query?: ParamShape;
}

/** A shape's zod object, as @hono/zod-openapi types a route's request part: what a handler's c.req.valid gives. */
export type ShapeSchema<P extends ParamShape> = z.ZodObject<{ [K in keyof P]: ReturnType<P[K]['doc']> }>;

/** An optional query parameter read as it is; the handler checks it (one clear 400 of its own). */
export const optionalText = (meta: Record<string, unknown>) =>
  param(
    (value) => ({ value }),
    (z) => z.string().optional().meta(meta),
  );

/**
 * A path parameter: Hono's `:name` and the dispatcher's pattern match only a non-empty segment, so
 * the rule's 400 is for a caller of readRequest that breaks that.
 */
export const pathText = (meta: Record<string, unknown>, nonEmpty = true) =>
  nonEmpty
    ? param(
        (value) => (value ? { value } : { issue: 'must not be empty' }),
        (z) => z.string().min(1).meta(meta),
      )
    : param(
        (value) => (value === undefined ? { issue: 'must be given' } : { value }),
        (z) => z.string().meta(meta),
      );

/** A query parameter that must be given; the handler checks its form. */
export function requiredText(name: string, meta: Record<string, unknown>) {
  const missing = `missing query parameter '${name}'`;
  return param(
    (value) => (value === undefined ? { issue: missing } : { value }),
    (z) => z.string({ error: missing }).meta(meta),
  );
}

/** A required, non-blank query string of at least `min` (and at most `max`) characters, trimmed. */
export function requiredQuery(name: string, min: number, description: string, max?: number) {
  const missing = `missing query parameter '${name}'`;
  const short = min === 1 ? missing : `query parameter '${name}' must be at least ${min} characters`;
  const long = `query parameter '${name}' must be at most ${max} characters`;
  return param(
    (value) => {
      if (value === undefined) return { issue: missing };
      const text = value.trim();
      // Characters, as zod's minLength and maxLength count them: code points, not UTF-16 units. A
      // text of over twice the limit in units is over it in code points too: not spread then.
      const length = text.length > (max ?? min) * 2 ? text.length : [...text].length;
      if (length < min) return { issue: short };
      if (max !== undefined && length > max) return { issue: long };
      return { value: text };
    },
    (z) => {
      const text = z.string({ error: missing }).trim().min(min, short);
      return (max === undefined ? text : text.max(max, long)).meta({ description, minLength: min });
    },
  );
}

/**
 * An integer path parameter as a client writes one: decimal digits only. Number() would also
 * take `1e1`, `0x3`, `+3` or `3.0`, which the contract's "integer" does not mean.
 */
export function integerParam(name: string, min: number) {
  const rule = `${name} must be an integer of at least ${min}`;
  return param(
    (value) => {
      if (value === undefined || !/^\d+$/.test(value) || Number(value) < min) return { issue: rule };
      // Digits enough to make Infinity: zod's number() refused it so, and the answer stays so.
      if (!Number.isFinite(Number(value))) return { issue: 'Invalid input: expected number, received Infinity' };
      return { value: Number(value) };
    },
    (z) =>
      z
        .string()
        .regex(/^\d+$/, rule)
        .transform(Number)
        .pipe(z.number().min(min, rule))
        .meta({ type: 'integer', minimum: min, param: { name, in: 'path', required: true } }),
  );
}

/** Path parameters shared by many routes, each with the rule the contract gives it. */
export const PathParams = {
  translation: pathText({ description: 'Translation id from the catalog (case-insensitive)' }),
  id: pathText({ description: 'Resource id from the catalog (case-insensitive)' }),
  book: pathText({ description: 'Book number 1-66, full English name, or a common abbreviation' }),
  chapter: integerParam('chapter', 1),
  verse: integerParam('verse', 1),
};

/** A request's parts: each query parameter's values (Hono's c.req.queries()), the decoded path parameters. */
export interface RequestValues {
  query: () => Record<string, string[] | undefined>;
  param: () => Record<string, string | undefined>;
}

/**
 * Reads a request's parameters by their rules, in @hono/zod-openapi's order (query, then path),
 * each part's parameters in the order declared: the valid values by part, as the request declares
 * them (`params`, `query`: an operation's input), or the first fault. Parameters not declared are
 * left out, as a zod object leaves them.
 */
export function readRequest(
  request: RequestParams,
  values: RequestValues,
): { valid: Record<string, Record<string, unknown>> } | { failure: ValidationFailure } {
  const valid: Record<string, Record<string, unknown>> = {};
  // Each part read only if the route declares it; a query parameter given more than once was
  // answered before this (repeatedQueryError), so its first value is its value.
  const parts: Array<['query' | 'param', ParamShape | undefined, () => (name: string) => string | undefined]> = [
    [
      'query',
      request.query,
      () => {
        const queries = values.query();
        return (name) => queries[name]?.[0];
      },
    ],
    [
      'param',
      request.params,
      () => {
        const params = values.param();
        return (name) => params[name];
      },
    ],
  ];
  for (const [target, shape, given] of parts) {
    if (!shape) continue;
    const valueNamed = given();
    const out: Record<string, unknown> = {};
    for (const [name, rule] of Object.entries(shape)) {
      const value = valueNamed(name);
      const read = rule.read(value);
      if ('issue' in read) return { failure: { target, error: { issues: [{ path: [name], message: read.issue }] } } };
      // As a zod object: a parameter not given is left out unless its reading gives a value (include: none).
      if (read.value !== undefined || value !== undefined) out[name] = read.value;
    }
    valid[target === 'param' ? 'params' : target] = out;
  }
  return { valid };
}
