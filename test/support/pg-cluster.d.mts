export interface PgCluster {
  /** postgres://… of the cluster's `postgres` database over TCP on 127.0.0.1. */
  url: string;
  stop(): void;
  start(): void;
  /** Stops the server and deletes the cluster. */
  remove(): void;
}
export const PG_BIN: string | undefined;
export const PG_HINT: string;
export function freePort(): Promise<number>;
export function startPgCluster(): Promise<PgCluster>;
