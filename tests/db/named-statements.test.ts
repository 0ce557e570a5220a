import { describe, expect, it } from "vitest";
import { inject } from "vitest";
import { getDb, getPool } from "@/lib/db/engine/client";
import { statement } from "@/lib/db/engine/statements";

// Statements on every request's path are named on PostgreSQL, so the server plans them once per
// connection and then serves a generic plan; on the embedded database (one shared session) they
// stay unnamed. pg_prepared_statements lists what the asking session has prepared.
const onPostgres = Boolean(inject("databaseUrl"));

interface Prepared {
  name: string;
  generic_plans: string;
}

describe("named statements", () => {
  it.skipIf(!onPostgres)("prepares a hot read once per connection and reuses its generic plan", async () => {
    const client = await (await getPool()).connect();
    try {
      const read = () => client.query<{ n: number }>(statement("SELECT $1::int + 1 AS n /* named-statements test */", [41]));
      for (let run = 0; run < 7; run += 1) expect((await read()).rows[0]!.n).toBe(42);
      const { rows } = await client.query<Prepared>(
        "SELECT name, generic_plans::text FROM pg_prepared_statements WHERE statement LIKE '%named-statements test%'",
      );
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toMatch(/^agora_[0-9a-f]{24}$/);
      expect(Number(rows[0]!.generic_plans)).toBeGreaterThan(0);
    } finally {
      client.release();
    }
  });

  it.skipIf(!onPostgres)("names Prisma's statements too", async () => {
    const db = await getDb();
    const named = await db.$transaction(async (tx) => {
      await tx.tag.count({ where: { name: "named-statements" } });
      return tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'agora\\_%' AND statement LIKE '%"tags"%'`;
    });
    expect(named[0]!.n).toBeGreaterThan(0);
  });

  it.skipIf(onPostgres)("leaves statements unnamed on the embedded database, whose connections share one session", async () => {
    const pool = await getPool();
    await pool.query(statement("SELECT 1 AS one /* named-statements embedded */"));
    await pool.query(statement("SELECT 1 AS one /* named-statements embedded */"));
    const { rows } = await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'agora\\_%'");
    expect(rows[0]!.n).toBe(0);
  });
});
