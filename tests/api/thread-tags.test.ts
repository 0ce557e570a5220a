import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { TagDto } from "@/lib/schemas/tag-schemas";
import { recountTagThreads } from "@/lib/services/maintenance";
import type { ThreadDto } from "@/lib/schemas/thread-schemas";
import { createCast, expectBadParam, expectOk, expectRefused, getAs, listThreadsAs, postAs, readModlog, type Cast } from "../support/community-helpers";
import { uniqueName } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp, getThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 18: create thread and thread edit take `tags`; get thread and list items show
// them; the tags count their live threads; moderators' changes on others' threads are logged.

let cast: Cast;
let open1: TagDto;
let open2: TagDto;
let restricted: TagDto;
let foreign: TagDto;

async function makeTag(groupId: number, body: Record<string, unknown>): Promise<TagDto> {
  const response = await postAs<{ tag: TagDto }>(cast.owner, `/api/v2/groups/${groupId}/tags`, body);
  expectOk(response);
  return response.body.data.tag;
}

function createWithTags(user = cast.author, tags: string, groupId = cast.group.id) {
  return postAs<{ thread: ThreadDto }>(user, `/api/v2/groups/${groupId}/threads/create`, { title: uniqueName("Tagged"), content: textDelta("Body"), tags });
}

function editTags(user = cast.author, threadId: number, tags: string) {
  return postAs<{ thread: ThreadDto }>(user, `/api/v2/threads/${threadId}/edit`, { tags });
}

async function countsOf(...tags: TagDto[]): Promise<number[]> {
  const db = await getDb();
  const rows = await db.tag.findMany({ where: { id: { in: tags.map((tag) => tag.id) } }, select: { id: true, threadCount: true } });
  return tags.map((tag) => rows.find((row) => row.id === tag.id)?.threadCount ?? -1);
}

async function linksOf(threadId: number): Promise<number[]> {
  const rows = await (await getDb()).threadTag.findMany({ where: { threadId }, orderBy: { tagId: "asc" }, select: { tagId: true } });
  return rows.map((row) => row.tagId);
}

const brief = (tag: TagDto) => ({ name: tag.name, id: tag.id });

beforeAll(async () => {
  cast = await createCast();
  open1 = await makeTag(cast.group.id, { name: "first" });
  open2 = await makeTag(cast.group.id, { name: "second" });
  restricted = await makeTag(cast.group.id, { name: "official", restricted: 1 });
  foreign = await makeTag((await createNamedGroup(cast.owner)).id, { name: "elsewhere" });
});

describe("create thread with tags", () => {
  it("puts the tags on the thread, in the admins' order; get thread and list items show them; the counts move", async () => {
    const before = await countsOf(open1, open2);
    const created = await createWithTags(cast.author, ` ${open2.id}, ${open1.id},${open2.id}`);
    expectOk(created);
    const thread = created.body.data.thread;
    expect(thread.tags).toEqual([brief(open1), brief(open2)]);
    expect(await countsOf(open1, open2)).toEqual([before[0]! + 1, before[1]! + 1]);
    const read = await getThreadOverHttp(thread.id, { group_name: cast.group.name });
    expect(read.body.data.thread.tags).toEqual([brief(open1), brief(open2)]);
    const item = (await listThreadsAs(undefined, cast.group.id)).find((row) => row.id === thread.id);
    expect(item?.tags).toEqual([brief(open1), brief(open2)]);
  });

  it.each([
    ["six tags", (): string => [1, 2, 3, 4, 5, 6].map((n) => n + 2_000_000_000).join(",")],
    ["an unknown tag", (): string => `${open1.id},999999999`],
    ["another group's tag", (): string => `${foreign.id}`],
    ["a word", (): string => "first"],
    ["a negative id", (): string => "-3"],
  ] as const)("refuses %s with a 400 on tags, creating nothing", async (_what, tags) => {
    const db = await getDb();
    const threads = await db.thread.count({ where: { groupId: cast.group.id } });
    const counts = await countsOf(open1);
    expectBadParam(await createWithTags(cast.author, tags()), "tags");
    expect(await db.thread.count({ where: { groupId: cast.group.id } })).toBe(threads);
    expect(await countsOf(open1)).toEqual(counts);
  });

  it("answers 403 when someone who is not a moderator adds a restricted tag; moderators may", async () => {
    const db = await getDb();
    const threads = await db.thread.count({ where: { groupId: cast.group.id } });
    expectRefused(await createWithTags(cast.author, `${open1.id},${restricted.id}`), 40300);
    expect(await db.thread.count({ where: { groupId: cast.group.id } })).toBe(threads);
    const byModerator = await createWithTags(cast.moderator, String(restricted.id));
    expectOk(byModerator);
    expect(byModerator.body.data.thread.tags).toEqual([brief(restricted)]);
  });

  it("an empty tags creates an untagged thread", async () => {
    const created = await createWithTags(cast.author, "");
    expectOk(created);
    expect(created.body.data.thread.tags).toEqual([]);
  });
});

describe("thread edit with tags", () => {
  it('replaces the set (the author may, as with the title); tags="" clears it; the counts follow; no modlog for the author', async () => {
    const thread = (await createWithTags(cast.author, String(open1.id))).body.data.thread;
    const log = (await readModlog(cast.group.id)).length;
    const counts = await countsOf(open1, open2);
    const replaced = await editTags(cast.author, thread.id, String(open2.id));
    expectOk(replaced);
    expect(replaced.body.data.thread.tags).toEqual([brief(open2)]);
    expect(await countsOf(open1, open2)).toEqual([counts[0]! - 1, counts[1]! + 1]);
    const cleared = await editTags(cast.author, thread.id, "");
    expectOk(cleared);
    expect(cleared.body.data.thread.tags).toEqual([]);
    expect(await countsOf(open1, open2)).toEqual([counts[0]! - 1, counts[1]!]);
    expect((await readModlog(cast.group.id)).length).toBe(log);
    // Without tags the set stays.
    expectOk(await editTags(cast.author, thread.id, String(open1.id)));
    expectOk(await postAs(cast.author, `/api/v2/threads/${thread.id}/edit`, { title: "Retitled, tags kept" }));
    expect(await linksOf(thread.id)).toEqual([open1.id]);
  });

  it("a moderator's change of someone else's tags is a modlog entry; a change to nothing is none", async () => {
    const thread = (await createWithTags(cast.author, String(open1.id))).body.data.thread;
    expectOk(await editTags(cast.moderator, thread.id, `${open1.id},${restricted.id}`));
    expect((await readModlog(cast.group.id))[0]).toEqual({ action: "tag_thread", targetType: "thread", targetId: thread.id, moderatorId: cast.moderator.id });
    const log = (await readModlog(cast.group.id)).length;
    expectOk(await editTags(cast.moderator, thread.id, `${restricted.id},${open1.id}`));
    expect((await readModlog(cast.group.id)).length).toBe(log);
  });

  it("keeping a restricted tag is not adding it; adding one is 403 for the author; others may not edit (403)", async () => {
    const thread = (await createWithTags(cast.moderator, String(restricted.id))).body.data.thread;
    const mine = (await createWithTags(cast.author, String(open1.id))).body.data.thread;
    expectOk(await editTags(cast.moderator, mine.id, `${open1.id},${restricted.id}`));
    expectOk(await editTags(cast.author, mine.id, `${restricted.id},${open2.id}`));
    expect(await linksOf(mine.id)).toEqual([open2.id, restricted.id].sort((a, b) => a - b));
    const own = (await createWithTags(cast.author, String(open1.id))).body.data.thread;
    expectRefused(await editTags(cast.author, own.id, `${open1.id},${restricted.id}`), 40300);
    expect(await linksOf(own.id)).toEqual([open1.id]);
    expectRefused(await editTags(cast.stranger, thread.id, ""), 40300);
    expectRefused(await editTags(cast.author, thread.id, ""), 40300);
    expectBadParam(await editTags(cast.author, own.id, `${foreign.id}`), "tags");
    expectBadParam(await editTags(cast.author, own.id, "1,2,3,4,5,6"), "tags");
    expect(await linksOf(own.id)).toEqual([open1.id]);
    expect(await linksOf(thread.id)).toEqual([restricted.id]);
  });
});

describe("thread_count and deletion", () => {
  it("counts live threads only: a deleted thread leaves the count; a deleted tag leaves its threads", async () => {
    const tag = await makeTag(cast.group.id, { name: uniqueName("count").slice(0, 30) });
    const a = (await createWithTags(cast.author, String(tag.id))).body.data.thread;
    const b = (await createWithTags(cast.author, String(tag.id))).body.data.thread;
    expect(await countsOf(tag)).toEqual([2]);
    expectOk(await postAs(cast.moderator, `/api/v2/threads/${a.id}/delete`, { reason: "gone" }));
    expect(await countsOf(tag)).toEqual([1]);
    // A removed thread's tags change without counting it.
    expectOk(await editTags(cast.moderator, a.id, ""));
    expect(await countsOf(tag)).toEqual([1]);
    const info = await getAs<{ group: { tags: { id: number; thread_count: number }[] } }>(undefined, `/api/v2/groups/${cast.group.id}`);
    expect(info.body.data.group.tags.find((row) => row.id === tag.id)?.thread_count).toBe(1);
    expectOk(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/tags/${tag.id}/delete`));
    expect(await linksOf(b.id)).toEqual([]);
    expect((await getThreadOverHttp(b.id, { group_name: cast.group.name })).body.data.thread.tags).toEqual([]);
  });

  it("the hourly proof sets a count that drifted", async () => {
    const tag = await makeTag(cast.group.id, { name: uniqueName("proof").slice(0, 30) });
    await createWithTags(cast.author, String(tag.id));
    // Other files' tags may be set here too: only this one's count is asserted.
    await recountTagThreads();
    expect(await countsOf(tag)).toEqual([1]);
    await (await getDb()).tag.update({ where: { id: tag.id }, data: { threadCount: 7 } });
    expect(await recountTagThreads()).toBeGreaterThanOrEqual(1);
    expect(await countsOf(tag)).toEqual([1]);
  });

  it("a renamed tag shows its new name on a thread read before", async () => {
    const tag = await makeTag(cast.group.id, { name: uniqueName("old").slice(0, 30) });
    const thread = (await createWithTags(cast.author, String(tag.id))).body.data.thread;
    expect((await getThreadOverHttp(thread.id, { group_name: cast.group.name })).body.data.thread.tags).toEqual([brief(tag)]);
    expectOk(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/tags/${tag.id}/edit`, { name: "Renamed tag" }));
    expect((await getThreadOverHttp(thread.id, { group_name: cast.group.name })).body.data.thread.tags).toEqual([{ name: "Renamed tag", id: tag.id }]);
  });
});

describe("tag_id on listings, the feed and search", () => {
  it("keeps only the threads carrying the tag; an unknown tag, or another group's, is 404", async () => {
    const word = `zebra${Date.now().toString(36)}`;
    const category = await postAs<{ category: { id: number } }>(cast.owner, `/api/v2/groups/${cast.group.id}/categories/create`, { name: uniqueName("c") });
    expectOk(category);
    const categoryId = category.body.data.category.id;
    const tag = await makeTag(cast.group.id, { name: uniqueName("filter").slice(0, 30) });
    const tagged = await createThreadOverHttp(cast.author, cast.group.id, {
      title: `${word} tagged`,
      content: textDelta(`${word} inside`),
      category_id: categoryId,
    });
    expectOk(await editTags(cast.author, tagged.id, String(tag.id)));
    await createThreadOverHttp(cast.author, cast.group.id, { title: `${word} plain`, content: textDelta(`${word} inside`), category_id: categoryId });
    const ids = (response: { body: { data: { threads?: { id: number }[] } } }) => response.body.data.threads?.map((row) => row.id);

    const group = await getAs<{ threads: { id: number }[] }>(undefined, `/api/v2/groups/${cast.group.id}/threads`, { tag_id: tag.id });
    expectOk(group);
    expect(ids(group)).toEqual([tagged.id]);
    const inCategory = await getAs<{ threads: { id: number }[] }>(undefined, `/api/v2/groups/${cast.group.id}/categories/${categoryId}`, { tag_id: tag.id });
    expect(ids(inCategory)).toEqual([tagged.id]);
    const feed = await getAs<{ threads: { id: number }[] }>(cast.stranger, "/api/v2/feed", { tag_id: tag.id });
    expect(ids(feed)).toEqual([tagged.id]);
    const found = await getAs<{ results: { thread_id: number }[] }>(undefined, "/api/v2/search", { q: word, type: "threads", tag_id: tag.id });
    expectOk(found);
    expect(found.body.data.results.map((hit) => hit.thread_id)).toEqual([tagged.id]);
    const posts = await getAs<{ results: { thread_id: number }[] }>(undefined, "/api/v2/search", { q: word, tag_id: tag.id, group_id: cast.group.id });
    expectOk(posts);
    expect(posts.body.data.results.map((hit) => hit.thread_id)).toEqual([tagged.id]);

    for (const tagId of [999_999_999, foreign.id]) {
      expectRefused(await getAs(undefined, `/api/v2/groups/${cast.group.id}/threads`, { tag_id: tagId }), 40400);
      expectRefused(await getAs(undefined, `/api/v2/groups/${cast.group.id}/categories/${categoryId}`, { tag_id: tagId }), 40400);
      expectRefused(await getAs(undefined, "/api/v2/search", { q: word, group_id: cast.group.id, tag_id: tagId }), 40400);
      expectRefused(await getAs(undefined, "/api/v2/feed", { group_id: cast.group.id, tag_id: tagId }), 40400);
    }
    expectRefused(await getAs(undefined, "/api/v2/feed", { tag_id: 999_999_999 }), 40400);
    expectRefused(await getAs(undefined, "/api/v2/search", { q: word, tag_id: 999_999_999 }), 40400);
    expectBadParam(await getAs(undefined, `/api/v2/groups/${cast.group.id}/threads`, { tag_id: "abc" }), "tag_id");
    expectBadParam(await getAs(undefined, "/api/v2/search", { q: word, tag_id: 0 }), "tag_id");
  });
});
