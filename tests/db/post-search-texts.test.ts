import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";

// post_search_texts (migration 20261129020000_post_search_texts) is kept by triggers on posts, so
// every write path is covered, SQL by hand included: a multi-row insert, a content edit, a
// change of something else, a hard delete.
describe("post search texts", () => {
  it("follows every write of posts and equals agora_search_text(content)", async () => {
    const db = await getDb();
    const unique = Date.now().toString(36);
    const user = await db.user.create({ data: { username: `st${unique}`, usernameKey: `st${unique}`, widgetSecret: "s" } });
    const group = await db.group.create({ data: { name: `st${unique}`, title: "t", ownerId: user.id } });
    const thread = await db.thread.create({ data: { groupId: group.id, userId: user.id, title: "t", slug: "t" } });
    const stored = (ids: number[]) =>
      db.$queryRaw<{ post_id: number; text: string; expected: string }[]>`
        SELECT p.id AS post_id, s.text, agora_search_text(p.content) AS expected
        FROM posts p LEFT JOIN post_search_texts s ON s.post_id = p.id WHERE p.id = ANY(${ids}::int[]) ORDER BY p.id`;

    const inserted = await db.$queryRaw<{ id: number }[]>`
      INSERT INTO posts (thread_id, group_id, user_id, content)
      VALUES (${thread.id}, ${group.id}, ${user.id}, '[{"insert":"first <b> & post\\n"}]'), (${thread.id}, ${group.id}, ${user.id}, 'legacy plain text')
      RETURNING id`;
    const ids = inserted.map((row) => row.id);
    expect(await stored(ids)).toEqual([
      { post_id: ids[0], text: "first \u0003b\u0004 \u0005 post\n", expected: "first \u0003b\u0004 \u0005 post\n" },
      { post_id: ids[1], text: "legacy plain text", expected: "legacy plain text" },
    ]);

    await db.$executeRaw`UPDATE posts SET content = '[{"insert":"edited\\n"}]' WHERE id = ${ids[0]}`;
    await db.$executeRaw`UPDATE posts SET likes_count = likes_count + 1 WHERE id = ${ids[1]}`;
    expect((await stored(ids)).map((row) => row.text)).toEqual(["edited\n", "legacy plain text"]);

    await db.$executeRaw`DELETE FROM posts WHERE id = ANY(${ids}::int[])`;
    expect(await db.$queryRaw`SELECT post_id FROM post_search_texts WHERE post_id = ANY(${ids}::int[])`).toEqual([]);
  });
});
