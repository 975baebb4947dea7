import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

// zod with .openapi(), as @hono/zod-openapi extends it (the same package, deduplicated: one
// registry of the schemas' OpenAPI metadata, which test/service/openapi-lint.test.ts reads back),
// without loading @hono/zod-openapi itself: Hono, its router and validator, ~2 ms of an embedded
// lookup, which only the whole app needs. Extending twice is a no-op.
extendZodWithOpenApi(z);

export { z };
