import "server-only";
import type pg from "pg";
import { copyIn } from "@/lib/backup/copy-in";

// One connection's statements one after another, with a `SELECT 1` whenever it has been quiet a
// second: the embedded server rolls back a session owner that goes quiet in a transaction
// (lib/db/embedded/wire-server.ts), and a backup or restore may spend longer than that on files.

const KEEPALIVE_MS = 1000;

export interface SessionQueue {
  query<Row>(sql: string): Promise<Row[]>;
  /** `COPY ... FROM STDIN` with these rows (lib/backup/copy-in.ts). */
  copyIn(sql: string, rows: Buffer): Promise<void>;
  stop(): void;
}

export function queueSession(client: pg.Client): SessionQueue {
  let chain: Promise<unknown> = Promise.resolve();
  let quietSince = Date.now();
  const enqueue = <T>(task: () => Promise<T>): Promise<T> => {
    const result = chain.then(async () => {
      try {
        return await task();
      } finally {
        quietSince = Date.now();
      }
    });
    chain = result.catch(() => undefined);
    return result;
  };
  const query = <Row>(sql: string) => enqueue(async () => (await client.query(sql)).rows as Row[]);
  const timer = setInterval(() => {
    if (Date.now() - quietSince >= KEEPALIVE_MS) void query("SELECT 1").catch(() => undefined);
  }, KEEPALIVE_MS / 2);
  return { query, copyIn: (sql, rows) => enqueue(() => copyIn(client, sql, rows)), stop: () => clearInterval(timer) };
}
