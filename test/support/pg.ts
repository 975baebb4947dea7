import { itRequiring } from './env.js';
import { PG_BIN, PG_HINT } from './pg-cluster.mjs';

export { freePort, type PgCluster, startPgCluster } from './pg-cluster.mjs';

export const PG_AVAILABLE = PG_BIN !== undefined;

/** `it` for tests that need PostgreSQL (BIBLE_TEST_REQUIRE_PG=1 in CI: fail with the hint; elsewhere skipped loudly). */
export const itWithPg = itRequiring(PG_AVAILABLE, 'BIBLE_TEST_REQUIRE_PG', PG_HINT);
