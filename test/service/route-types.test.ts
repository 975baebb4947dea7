import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { LOCAL_PRINCIPAL, type ServiceDeps } from '../../src/service/context.js';
import { EXTENSIONS_TAG, STATUSES } from '../../src/service/routes/common.js';
import { operation } from '../../src/service/routes/operation.js';
import { PathParams, param } from '../../src/service/routes/params.js';
import { loadResponseSchemas } from '../../src/service/routes/response-schemas.js';
import { createRouter, mount } from '../../src/service/routes/router.js';

// The route of the contract's passage endpoint, as a route module declares it.
const spec = {
  path: '/v1/data/bible/{translation}/passage',
  operationId: 'getPassage',
  summary: 'Passages by reference',
  tags: ['bible'],
  request: { params: { translation: PathParams.translation } },
  data: (s) => s.PassageResult,
  statuses: STATUSES.lookup,
} as const satisfies Parameters<typeof operation>[0];

const right = { translation: 'kjv', passages: [], attribution: 'Public domain.' };
// No handler below reads the library.
const deps = {} as ServiceDeps;

describe('operations keep their literal types (checked by tsc --noEmit over test/)', () => {
  // What createApp does first: the routes' responses are built from them when mounted or read.
  beforeAll(loadResponseSchemas);

  it("a handler is typed by its route: its input, and the data the route's schema gives", () => {
    const passage = operation(spec, (_deps, _principal, input) => {
      expectTypeOf(input).toEqualTypeOf<{ params: { translation: string } }>();
      return right;
    });
    // @ts-expect-error a number where the schema says string, and a misspelt field
    operation(spec, () => ({ translation: 42, passagez: [], attribution: '' }));
    // @ts-expect-error a field the schema requires is missing
    operation(spec, () => ({ translation: 'kjv', passages: [] }));
    expect(passage.handle(deps, LOCAL_PRINCIPAL, { params: { translation: 'kjv' } })).toEqual(right);
  });

  it('the route lists the 200 and each error status of its group; an extension is tagged so', () => {
    const { route } = operation(spec, () => right);
    expect(Object.keys(route.responses).map(Number).sort()).toEqual([200, ...STATUSES.lookup].sort());
    expectTypeOf<keyof typeof route.responses>().toEqualTypeOf<200 | (typeof STATUSES.lookup)[number]>();
    const extension = operation({ ...spec, operationId: 'x', tags: ['bible'], extension: true }, () => right).route;
    expect(extension.tags).toEqual(['bible', EXTENSIONS_TAG]);
  });

  it('mounted, an operation is answered in the envelope, and a bad request with the contract envelope', async () => {
    // A rule of three characters, read by its own reading; zod only documents it.
    const atLeast3 = param(
      (value) => (value && value.length >= 3 ? { value } : { issue: 'must be at least 3 characters' }),
      (z) => z.string().min(3),
    );
    const passage = operation(
      { ...spec, tags: ['bible'], request: { params: { translation: atLeast3 } } },
      (_deps, principal, { params }) => ({ ...right, translation: principal.canRead(params.translation) ? 'kjv' : '' }),
    );
    const router = createRouter();
    router.use('*', async (c, next) => {
      c.set('principal', LOCAL_PRINCIPAL);
      await next();
    });
    mount(router, deps, [], [passage]);
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
