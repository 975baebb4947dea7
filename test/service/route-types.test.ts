import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { dataRoute, EXTENSIONS_TAG, STATUSES } from '../../src/service/routes/common.js';
import { PathParams, param } from '../../src/service/routes/params.js';
import { loadResponseSchemas } from '../../src/service/routes/response-schemas.js';
import { type AppRouteHandler, createRouter, mount, ok } from '../../src/service/routes/router.js';
import { routeTable } from '../../src/service/routes/table.js';

// The route of the contract's passage endpoint, as a route module declares it.
const spec = {
  path: '/v1/data/bible/{translation}/passage',
  operationId: 'getPassage',
  summary: 'Passages by reference',
  tags: ['bible'],
  request: { params: { translation: PathParams.translation } },
  data: (s) => s.PassageResult,
  statuses: STATUSES.lookup,
  middleware: [],
} as const satisfies Parameters<typeof dataRoute>[0];
const passage = dataRoute(spec);

const right = { translation: 'kjv', passages: [], attribution: 'Public domain.' };

describe('routes keep their literal types (checked by tsc --noEmit over test/)', () => {
  // What createApp does first: the routes' responses are built from them when mounted or read.
  beforeAll(loadResponseSchemas);

  it('a handler is typed by its route: its parameters, and the body its 200 must carry', () => {
    const handler: AppRouteHandler<typeof passage> = (c) => {
      expectTypeOf(c.req.valid('param')).toEqualTypeOf<{ translation: string }>();
      return ok(c, right);
    };
    // @ts-expect-error a number where the schema says string, and a misspelt field
    const wrong: AppRouteHandler<typeof passage> = (c) => ok(c, { translation: 42, passagez: [], attribution: '' });
    // @ts-expect-error a field the schema requires is missing
    createRouter().openapi(passage, (c) => ok(c, { translation: 'kjv', passages: [] }));
    expect(typeof handler).toBe('function');
    expect(typeof wrong).toBe('function');
  });

  it('the route lists the 200 and each error status of its group; an extension is tagged so', () => {
    expect(Object.keys(passage.responses).map(Number).sort()).toEqual([200, ...STATUSES.lookup].sort());
    expectTypeOf<keyof typeof passage.responses>().toEqualTypeOf<200 | (typeof STATUSES.lookup)[number]>();
    const extension = dataRoute({ ...spec, operationId: 'x', tags: ['bible'], extension: true });
    expect(extension.tags).toEqual(['bible', EXTENSIONS_TAG]);
  });

  it('a sub-router answers a bad request with the contract envelope, once mounted', async () => {
    // A rule of three characters, read by its own reading; zod only documents it.
    const atLeast3 = param(
      (value) => (value && value.length >= 3 ? { value } : { issue: 'must be at least 3 characters' }),
      (z) => z.string().min(3),
    );
    const table = routeTable().openapi(
      dataRoute({ ...spec, tags: ['bible'], request: { params: { translation: atLeast3 } } }),
      (c) => ok(c, right),
    );
    const router = createRouter();
    mount(router, [table]);
    const app = createRouter().route('/', router);
    const bad = await app.request('/v1/data/bible/kj/passage');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      success: false,
      error: { code: 'INVALID_REQUEST', message: "path parameter 'translation': must be at least 3 characters" },
    });
    const good = await app.request('/v1/data/bible/kjv/passage');
    expect(await good.json()).toEqual({ success: true, data: right });
  });
});
