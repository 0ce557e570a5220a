import { describe, expect, it } from "vitest";
import pg from "pg";
import { getDb } from "@/lib/db/engine/client";
import { resolveDatabaseUrl } from "@/lib/db/engine/client";

// The embedded database is one PostgreSQL session served to many connections; these prove
// concurrent clients cannot see each other's statements or half-finished transactions.
// Tags are the scratch rows here, each transaction's in a group of its own: a tag's insert moves
// its group's read version, and one group's row would make the 40 take turns.
async function scratchGroupIds(count: number): Promise<number[]> {
  const db = await getDb();
  const unique = `tx${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const user = await db.user.create({ data: { username: unique, usernameKey: unique, widgetSecret: "s" } });
  const groups = await db.group.createManyAndReturn({
    data: Array.from({ length: count }, (_, i) => ({ name: `${unique}-${i}`, title: "t", ownerId: user.id })),
    select: { id: true },
  });
  return groups.map((group) => group.id);
}

describe("concurrent transactions", () => {
  it("keeps 40 interleaved interactive transactions apart", async () => {
    const db = await getDb();
    const groupIds = await scratchGroupIds(40);
    const tag = `tx-${Date.now().toString(36)}`;
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) =>
        db.$transaction(async (tx) => {
          const created = await tx.tag.create({ data: { groupId: groupIds[i]!, name: `${tag}-${i}`, nameKey: `${tag}-${i}` } });
          await new Promise((resolve) => setTimeout(resolve, i % 3));
          const again = await tx.tag.findUnique({ where: { id: created.id } });
          if (i % 4 === 0) throw new Error("roll this one back");
          return again?.name;
        }),
      ),
    );
    const committed = results.filter((result) => result.status === "fulfilled");
    expect(committed).toHaveLength(30);
    expect(await db.tag.count({ where: { name: { startsWith: tag } } })).toBe(30);
  });

  it("rolls back what a client left open when it disconnected", async () => {
    const url = await resolveDatabaseUrl();
    const name = `abandoned-${Date.now().toString(36)}`;
    const [groupId] = await scratchGroupIds(1);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query("BEGIN");
    await client.query("INSERT INTO tags (group_id, name, name_key) VALUES ($1, $2, $2)", [groupId, name]);
    await client.end();
    const db = await getDb();
    expect(await db.tag.count({ where: { name } })).toBe(0);
    // And the session is usable by everyone again.
    expect(await db.tag.count({ where: { name: "never-there" } })).toBe(0);
  });
});
