import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { deltaPreview } from "@/lib/delta/preview";
import { renderDeltaToStoredHtml } from "@/lib/delta/render";
import { backfillPostHtml } from "@/lib/services/post-html";

describe("backfillPostHtml", () => {
  it("renders HTML and previews for posts stored without them, in batches, and leaves rendered posts alone", async () => {
    const db = await getDb();
    const tag = randomBytes(4).toString("hex");
    const user = await db.user.create({ data: { username: `html-${tag}`, usernameKey: `html-${tag}`, widgetSecret: "s" } });
    const group = await db.group.create({ data: { name: `html-${tag}`, title: "t", ownerId: user.id } });
    const thread = await db.thread.create({ data: { groupId: group.id, userId: user.id, title: "t", slug: "t" } });
    // As rows written before content_html existed: no HTML, no preview.
    const contents = [
      JSON.stringify([{ insert: "plain <b>text</b>\n" }]),
      JSON.stringify([{ insert: { image: "https://images.example/cat.png?a=1&b=2" } }, { insert: "\n" }]),
      JSON.stringify([{ insert: `${"long ".repeat(3000)}\n` }]),
      '{"ops":[{"insert":"old form\\n"}]}',
      JSON.stringify([{ insert: "bold", attributes: { bold: true } }, { insert: "\n" }]),
    ];
    const legacy: number[] = [];
    for (const content of contents) {
      legacy.push((await db.post.create({ data: { threadId: thread.id, groupId: group.id, userId: user.id, content }, select: { id: true } })).id);
    }
    const rendered = await db.post.create({
      data: { threadId: thread.id, groupId: group.id, userId: user.id, content: JSON.stringify([{ insert: "kept\n" }]), contentHtml: "<p>already</p>" },
      select: { id: true },
    });

    // Batches of two: five rows take three batches (other tests' rows may be filled too).
    expect(await backfillPostHtml(2)).toBeGreaterThanOrEqual(legacy.length);
    const rows = await db.post.findMany({
      where: { threadId: thread.id },
      select: { id: true, content: true, contentHtml: true, contentPreview: true },
      orderBy: { id: "asc" },
    });
    for (const row of rows.filter((post) => legacy.includes(post.id))) {
      expect(row.contentHtml).toBe(renderDeltaToStoredHtml(row.content));
      expect(row.contentPreview).toBe(deltaPreview(row.content));
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(legacy[0]!)!.contentHtml).toBe("<p>plain &lt;b&gt;text&lt;/b&gt;</p>");
    // Stored unsigned: the proxy signature is added when the HTML is served.
    expect(byId.get(legacy[1]!)!.contentHtml).toContain('src="https://images.example/cat.png?a=1&amp;b=2"');
    expect(byId.get(legacy[1]!)!.contentHtml).not.toContain("/media/proxy");
    expect(byId.get(legacy[2]!)!.contentPreview).not.toBeNull();
    expect(byId.get(legacy[0]!)!.contentPreview).toBeNull();
    expect(byId.get(legacy[3]!)!.contentHtml).toBe("<p>old form</p>");
    expect(byId.get(rendered.id)!.contentHtml).toBe("<p>already</p>");
    // Nothing is left, so a second run changes nothing here.
    await backfillPostHtml(2);
    expect(await db.post.count({ where: { threadId: thread.id, contentHtml: null } })).toBe(0);
  });
});

describe("posts_drop_stale_html", () => {
  it("drops the stored HTML and preview when content changes without them, and keeps them when both change", async () => {
    const db = await getDb();
    const tag = randomBytes(4).toString("hex");
    const user = await db.user.create({ data: { username: `stale-${tag}`, usernameKey: `stale-${tag}`, widgetSecret: "s" } });
    const group = await db.group.create({ data: { name: `stale-${tag}`, title: "t", ownerId: user.id } });
    const thread = await db.thread.create({ data: { groupId: group.id, userId: user.id, title: "t", slug: "t" } });
    const post = await db.post.create({
      data: { threadId: thread.id, groupId: group.id, userId: user.id, content: '[{"insert":"a\\n"}]', contentHtml: "<p>a</p>", contentPreview: "[]" },
      select: { id: true },
    });
    const read = () => db.post.findUniqueOrThrow({ where: { id: post.id }, select: { contentHtml: true, contentPreview: true } });
    await db.post.update({ where: { id: post.id }, data: { content: '[{"insert":"b\\n"}]', contentHtml: "<p>b</p>", contentPreview: null } });
    expect(await read()).toEqual({ contentHtml: "<p>b</p>", contentPreview: null });
    await db.post.update({ where: { id: post.id }, data: { likesCount: 1 } });
    expect((await read()).contentHtml).toBe("<p>b</p>");
    await db.$executeRaw`UPDATE posts SET content = '[{"insert":"c\\n"}]' WHERE id = ${post.id}`;
    expect(await read()).toEqual({ contentHtml: null, contentPreview: null });
  });
});
