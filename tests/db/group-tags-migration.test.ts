import { describe, expect, it } from "vitest";
import { getPool } from "@/lib/db/engine/client";
import { listMigrations } from "@/lib/db/engine/migrate";

// Migration 20261202010000_group_tags: the global tags of before become each group's own (contract
// section 18). Run on an empty schema: every migration before it, rows in the old shape, then it.

const MIGRATION = "20261202010000_group_tags";

describe(`migration ${MIGRATION}`, () => {
  it("gives each group the tags its threads carry, merging names alike in any case, with exact counts and an order", async () => {
    const client = await (await getPool()).connect();
    const schema = `group_tags_check_${Date.now().toString(36)}`;
    try {
      await client.query("BEGIN");
      await client.query(`CREATE SCHEMA "${schema}"`);
      await client.query(`SET LOCAL search_path TO "${schema}"`);
      const migrations = listMigrations();
      const at = migrations.findIndex((migration) => migration.name === MIGRATION);
      expect(at).toBeGreaterThan(0);
      for (const migration of migrations.slice(0, at)) await client.query(migration.sql);

      const one = async (sql: string, values: unknown[] = []) => (await client.query<{ id: number }>(`${sql} RETURNING id`, values)).rows[0]!.id;
      const user = await one(`INSERT INTO users (username, username_key, widget_secret) VALUES ('old', 'old', 's')`);
      const group1 = await one(`INSERT INTO groups (name, title, owner_id) VALUES ('first', 'First', $1)`, [user]);
      const group2 = await one(`INSERT INTO groups (name, title, owner_id) VALUES ('second', 'Second', $1)`, [user]);
      const thread = (groupId: number, deleted = 0) =>
        one(`INSERT INTO threads (group_id, user_id, title, slug, is_delete) VALUES ($1, $2, 't', 't', $3)`, [groupId, user, deleted]);
      const [t1, t2, t3, t4] = [await thread(group1), await thread(group1), await thread(group2), await thread(group1, 1)];
      const tag = (name: string) => one(`INSERT INTO tags (name) VALUES ($1)`, [name]);
      const [help, helpLower, news] = [await tag("Help"), await tag("help"), await tag("News")];
      await tag("orphan");
      for (const [threadId, tagId] of [
        [t1, help],
        [t1, news],
        [t2, helpLower],
        [t3, help],
        [t4, news],
      ]) {
        await client.query(`INSERT INTO thread_tags (thread_id, tag_id) VALUES ($1, $2)`, [threadId, tagId]);
      }

      await client.query(migrations[at]!.sql);

      const { rows: tags } = await client.query<{ id: number; group_id: number; name: string; name_key: string; thread_count: number; order: number }>(
        `SELECT id, group_id, name, name_key, thread_count, "order" FROM tags ORDER BY group_id, "order"`,
      );
      const helpOfGroup2 = tags.find((row) => row.group_id === group2)!.id;
      expect(tags).toEqual([
        // "Help" and "help" are one tag of the first group: the older row, its id kept.
        { id: help, group_id: group1, name: "Help", name_key: "help", thread_count: 2, order: 1 },
        // A removed thread is not counted.
        { id: news, group_id: group1, name: "News", name_key: "news", thread_count: 1, order: 2 },
        // The same tag in another group is a new row of that group; the unused tag is gone.
        { id: helpOfGroup2, group_id: group2, name: "Help", name_key: "help", thread_count: 1, order: 1 },
      ]);
      expect(helpOfGroup2).not.toBe(helpLower);
      const { rows: links } = await client.query<{ thread_id: number; tag_id: number }>(`SELECT thread_id, tag_id FROM thread_tags ORDER BY thread_id, tag_id`);
      expect(links).toEqual(
        [
          { thread_id: t1, tag_id: Math.min(help, news) },
          { thread_id: t1, tag_id: Math.max(help, news) },
          { thread_id: t2, tag_id: help },
          { thread_id: t3, tag_id: helpOfGroup2 },
          { thread_id: t4, tag_id: news },
        ].sort((a, b) => a.thread_id - b.thread_id || a.tag_id - b.tag_id),
      );
      // The rule holds from here on: a name once per group, in any case.
      await expect(client.query(`INSERT INTO tags (group_id, name, name_key) VALUES ($1, 'HELP', 'help')`, [group1])).rejects.toThrow(/unique/i);
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });
});
