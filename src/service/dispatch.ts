import { getPath, getQueryParams, tryDecodeURIComponent } from 'hono/utils/url';
import { LOCAL_PRINCIPAL, type ServiceDeps } from './context.js';
import { ApiError, errorBody } from './errors.js';
import { declaredQueryNames, repeatedQueryError } from './known-query.js';
import { type Operation, successJson } from './routes/operation.js';
import { readRequest } from './routes/params.js';
import { DATA_CACHE_CONTROL, ROUTE_MODULES } from './routes/route-modules.js';
import { validationError } from './routes/validation.js';

/** An answer as the service gives it: status, headers (lower-case names) and the JSON text. */
export interface DispatchedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A request the dispatcher answers, or undefined for one it leaves to the whole app. */
export type Dispatcher = (req: { method: string; path: string }) => Promise<DispatchedAnswer> | undefined;

/**
 * A path and query the URL parser would leave as they are (so Hono would see them so too): the
 * characters a client's encodeURIComponent and URLSearchParams write, well-formed escapes, no
 * dot segments. Anything else is left to the whole app.
 */
const PLAIN_REQUEST = /^\/[\w\-.~!$&'()*+,;=:@/%]*(?:\?[\w\-.~!$&()*+,;=:@/?%]*)?$/;
const PLAIN_ESCAPES = /%(?![0-9A-Fa-f]{2})/;
const DOT_SEGMENT = /\/\.\.?(?:\/|\?|$)/;

/** A path of ROUTE_MODULES as a pattern: which module declares it, at which place in its list. */
interface PathPattern {
  path: string;
  module: number;
  index: number;
  pattern: RegExp;
  params: string[];
}

function compile(path: string, module: number, index: number): PathPattern {
  const params: string[] = [];
  // Hono's `:name` matches one non-empty segment; the paths have no other pattern characters.
  const source = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    params.push(name);
    return '([^/]+)';
  });
  return { path, module, index, pattern: new RegExp(`^${source}$`), params };
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}): DispatchedAnswer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(value),
});

/**
 * The embedded service's data operations without the HTTP machinery: no Request or Response
 * (undici), no Hono routing or context, no OpenAPI registry. The same operations as `createApp`
 * mounts, matched in the same order, read by the same rules (each route's parameters' own, the
 * same message), their handlers called directly as the local all-access principal: no key, quota
 * or answer cache (one process, one request). A request is matched against the paths of
 * ROUTE_MODULES, and only the module that declares the matched path is loaded: a passage does not
 * pay for the parameters of search, topics or stories. test/e2e/embedded-served.test.ts holds
 * every endpoint to what `bible serve` answers. Requests it does not know (chat, /openapi.json, an
 * unknown path, a method other than GET) are left to the whole app.
 */
export function embeddedDispatcher(deps: ServiceDeps): Dispatcher {
  const paths = ROUTE_MODULES.flatMap((m, module) => m.paths.map((path, index) => compile(path, module, index)));
  const modules = new Map<number, Promise<readonly Operation[]>>();
  const operationOf = async (p: PathPattern): Promise<Operation> => {
    let operations = modules.get(p.module);
    if (!operations) {
      operations = (ROUTE_MODULES[p.module] as (typeof ROUTE_MODULES)[number]).load();
      modules.set(p.module, operations);
    }
    const operation = (await operations)[p.index];
    // ROUTE_MODULES is tested against the modules; a path out of step would answer the wrong route.
    if (operation?.route.path !== p.path) throw new Error(`ROUTE_MODULES lists ${p.path}, its module does not`);
    return operation;
  };
  return (req) => {
    if (req.method !== 'GET' || !PLAIN_REQUEST.test(req.path)) return undefined;
    if (PLAIN_ESCAPES.test(req.path) || DOT_SEGMENT.test(req.path)) return undefined;
    const url = `http://embedded${req.path}`;
    // Hono's own reading of the path and query (hono/utils/url), so both read a request alike.
    const path = getPath({ url } as Request);
    for (const p of paths) {
      const match = p.pattern.exec(path);
      if (match) return operationOf(p).then((operation) => answer(operation, p, match, url, deps));
    }
    return undefined;
  };
}

async function answer(operation: Operation, p: PathPattern, match: RegExpExecArray, url: string, deps: ServiceDeps) {
  try {
    const queries = getQueryParams(url) as Record<string, string[]>;
    const repeated = repeatedQueryError(declaredQueryNames(p.path), queries);
    if (repeated) return json(400, repeated);
    // Read by the parameters' own rules, as the app's mount() reads them: query, then path.
    const read = readRequest(operation.params, {
      query: () => queries,
      param: () => Object.fromEntries(p.params.map((name, i) => [name, tryDecodeURIComponent(match[i + 1] ?? '')])),
    });
    if ('failure' in read) {
      const { code, message } = validationError(read.failure);
      return json(400, errorBody(code, message));
    }
    return {
      status: 200,
      headers: { 'content-type': 'application/json', 'cache-control': DATA_CACHE_CONTROL },
      body: successJson(await operation.handle(deps, LOCAL_PRINCIPAL, read.valid as never)),
    };
  } catch (err) {
    if (err instanceof ApiError) return json(err.status, errorBody(err.code, err.message));
    deps.logError?.(err);
    return json(500, errorBody('INTERNAL_ERROR', 'internal error; the request is safe to retry'));
  }
}
