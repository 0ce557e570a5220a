import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";

// Proves the SQL migrations and schema.prisma agree: every scalar field of every model in
// the schema is written through the generated client and read back from the migrated database.
interface SchemaField {
  name: string;
  type: string;
  generated: boolean;
}

interface SchemaModel {
  fields: SchemaField[];
  /** Foreign-key field → the model it points at (from `@relation(fields: [...])`). */
  foreignKeys: Map<string, string>;
  /** A field of a composite foreign key → the model and the field of it it names (user_titles → user_badges). */
  compositeKeys: Map<string, { model: string; field: string }>;
}

function readModels(): Map<string, SchemaModel> {
  const source = fs.readFileSync("prisma/schema.prisma", "utf8");
  const models = new Map<string, SchemaModel>();
  for (const match of source.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const fields: SchemaField[] = [];
    const foreignKeys = new Map<string, string>();
    for (const relation of match[2]!.matchAll(/^\s+\w+\s+(\w+)\??\s+@relation\([^)]*fields: \[(\w+)\]/gm)) foreignKeys.set(relation[2]!, relation[1]!);
    const compositeKeys = new Map<string, { model: string; field: string }>();
    for (const relation of match[2]!.matchAll(/^\s+\w+\s+(\w+)\??\s+@relation\([^)]*fields: \[(\w+(?:, \w+)+)\], references: \[([\w, ]+)\]/gm)) {
      const referenced = relation[3]!.split(", ");
      relation[2]!.split(", ").forEach((name, at) => compositeKeys.set(name, { model: relation[1]!, field: referenced[at]! }));
    }
    for (const line of match[2]!.split("\n")) {
      const field = /^\s+(\w+)\s+(\w+)(\[\])?\??(.*)$/.exec(line);
      if (!field || field[3]) continue;
      const attributes = field[4] ?? "";
      fields.push({
        name: field[1]!,
        // A calendar day (@db.Date) keeps no time of day.
        type: attributes.includes("@db.Date") ? "Date" : field[2]!,
        generated: attributes.includes("autoincrement()") || attributes.includes("@updatedAt"),
      });
    }
    models.set(match[1]!, { fields, foreignKeys, compositeKeys });
  }
  return models;
}

const SAMPLE: Record<string, (unique: string) => unknown> = {
  String: (unique) => `value-${unique}`,
  Int: () => 7,
  BigInt: () => BigInt(7),
  Boolean: () => true,
  DateTime: () => new Date("2026-01-02T03:04:05.678Z"),
  Date: () => new Date("2026-01-02T00:00:00.000Z"),
  Json: () => ({ nested: ["value", 1] }),
};

type Delegate = {
  create: (args: unknown) => Promise<Record<string, unknown>>;
  update: (args: unknown) => Promise<Record<string, unknown>>;
  upsert: (args: unknown) => Promise<Record<string, unknown>>;
};

// One-row tables (their id is fixed): written by update, not create.
const SINGLETONS = new Set(["CacheEpoch"]);
// Rows a trigger may already have written with their parent (post_search_texts with its post,
// thread_rankings with its thread's activity): written over, by their key.
const KEPT_BY_TRIGGERS: Record<string, string> = { PostSearchText: "postId", ThreadRanking: "threadId" };
// Rows a post's statement may already have written (its slot is thread_id % 16): written over, not added.
const TALLIES: Record<string, string> = { GroupTally: "groupId_slot", UserTally: "userId_slot" };
const talliedBy = (model: string) => TALLIES[model]!.split("_")[0]!;

describe("migrations agree with schema.prisma", () => {
  it("writes and reads back every scalar field of every model", async () => {
    const db = await getDb();
    const models = readModels();
    expect(models.size).toBeGreaterThanOrEqual(18);
    const unique = Date.now().toString(36);
    const user = await db.user.create({ data: { username: `u${unique}`, usernameKey: `u${unique}`, widgetSecret: "s" } });
    const group = await db.group.create({ data: { name: `g${unique}`, title: "t", ownerId: user.id } });
    const thread = await db.thread.create({ data: { groupId: group.id, userId: user.id, title: "t", slug: "t" } });
    const post = await db.post.create({ data: { threadId: thread.id, groupId: group.id, userId: user.id, content: "[]" } });
    const tag = await db.tag.create({ data: { groupId: group.id, name: `tag${unique}`, nameKey: `tag${unique}` } });
    const category = await db.category.create({ data: { groupId: group.id, name: "c" } });
    const references: Record<string, number | null> = {
      userId: user.id,
      ownerId: user.id,
      groupId: group.id,
      threadId: thread.id,
      postId: post.id,
      tagId: tag.id,
      categoryId: category.id,
      deletedById: user.id,
      parentId: null,
      rootId: post.id,
      firstPostId: null,
    };

    const created: Record<string, number> = { User: user.id, Group: group.id, Thread: thread.id, Post: post.id, Tag: tag.id, Category: category.id };

    // Rows written so far, by model: a composite foreign key names fields of one of them.
    const rows: Record<string, Record<string, unknown>> = {};
    for (const [model, { fields, foreignKeys, compositeKeys }] of models) {
      const data: Record<string, unknown> = {};
      for (const field of fields) {
        if (field.generated || !(field.type in SAMPLE)) continue;
        const target = foreignKeys.get(field.name);
        const composite = compositeKeys.get(field.name);
        data[field.name] =
          composite && rows[composite.model]
            ? rows[composite.model]![composite.field]
            : field.name in references
              ? references[field.name]
              : target && target in created
                ? created[target]
                : SAMPLE[field.type]!(`${model}-${field.name}-${unique}`);
      }
      const delegate = (db as unknown as Record<string, Delegate>)[model.charAt(0).toLowerCase() + model.slice(1)]!;
      const written = SINGLETONS.has(model)
        ? await delegate.update({ where: { id: 1 }, data: { ...data, id: 1 } })
        : KEPT_BY_TRIGGERS[model]
          ? await delegate.upsert({ where: { [KEPT_BY_TRIGGERS[model]]: data[KEPT_BY_TRIGGERS[model]] }, create: data, update: data })
          : TALLIES[model]
            ? await delegate.upsert({
                where: { [TALLIES[model]]: { [talliedBy(model)]: data[talliedBy(model)], slot: data.slot } },
                create: data,
                update: data,
              })
            : await delegate.create({ data });
      if (SINGLETONS.has(model)) data.id = 1;
      // Later models point at this row (notification_events at its notification), not at a guessed id.
      if (typeof written.id === "number") created[model] ??= written.id;
      rows[model] ??= written;
      for (const [name, value] of Object.entries(data)) {
        expect(written[name], `${model}.${name}`).toEqual(value);
      }
    }
  });
});
