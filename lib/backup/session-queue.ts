import "server-only";
import type pg from "pg";

// One connection's statements one after another, with a `SELECT 1` whenever it has been quiet a
// second: the embedded server rolls back a session owner that goes quiet in a transaction
// (lib/db/embedded/wire-server.ts), and a backup or restore may spend longer than that on files.

const KEEPALIVE_MS = 1000;

export interface SessionQueue {
  query<Row>(sql: string): Promise<Row[]>;
  stop(): void;
}

export function queueSession(client: pg.Client): SessionQueue {
  let chain: Promise<unknown> = Promise.resolve();
  let quietSince = Date.now();
  const query = <Row>(sql: string): Promise<Row[]> => {
    const result = chain.then(async () => {
      try {
        return (await client.query(sql)).rows as Row[];
      } finally {
        quietSince = Date.now();
      }
    });
    chain = result.catch(() => undefined);
    return result;
  };
  const timer = setInterval(() => {
    if (Date.now() - quietSince >= KEEPALIVE_MS) void query("SELECT 1").catch(() => undefined);
  }, KEEPALIVE_MS / 2);
  return { query, stop: () => clearInterval(timer) };
}
