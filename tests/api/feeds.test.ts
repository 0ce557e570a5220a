import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { expectBadParam, expectOk, expectRefused, getAs, postAs } from "../support/community-helpers";
import { ageThread, dismiss, feedIds, feedOf, openThread, readMarkOf, tagThreads } from "../support/feed-helpers";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp } from "../support/thread-helpers";

// Contract section 17, feeds and read state: each filter's rule and order, the read marks behind
// unread, dismiss, and the parameters. Mutes and privacy are in feeds-mutes.test.ts. Other test
// files write threads at the same time, so site-wide feeds are checked among this file's threads.

describe("GET /api/v2/feed and POST /api/v2/feed/dismiss", () => {
  let owner: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    [owner, reader] = await Promise.all([createTestUser(), createTestUser()]);
  });

  it("refuses bad parameters with 400 naming them, and new, unread and dismiss without a token with 401 40102", async () => {
    for (const [query, name] of [
      [{ filter: "best" }, "filter"],
      [{ filter: "top", period: "decade" }, "period"],
      [{ per_page: 0 }, "per_page"],
      [{ per_page: 51 }, "per_page"],
      [{ page: 0 }, "page"],
      [{ group_id: "x" }, "group_id"],
      [{ tag_id: -1 }, "tag_id"],
    ] as const) {
      expectBadParam(await getAs(reader, "/api/v2/feed", query), name);
    }
    expectRefused(await getAs(undefined, "/api/v2/feed", { filter: "new" }), 40102);
    expectRefused(await getAs(undefined, "/api/v2/feed", { filter: "unread" }), 40102);
    expectRefused(await dismiss(undefined, { filter: "new" }), 40102);
    expectBadParam(await dismiss(reader, {}), "filter");
    expectBadParam(await dismiss(reader, { filter: "latest" }), "filter");
    expectRefused(await getAs(reader, "/api/v2/feed", { group_id: 2_000_000_000 }), 40400);
    // per_page 50 is the largest page.
    expectOk(await getAs(reader, "/api/v2/feed", { per_page: 50 }));
  });

  it("latest: by last post, newest first, pinned threads in no special place; every field of the item", async () => {
    const own = await createNamedGroup(owner);
    const a = await createThreadOverHttp(owner, own.id, { title: "Alpha" });
    const b = await createThreadOverHttp(owner, own.id, { title: "Beta" });
    const c = await createThreadOverHttp(owner, own.id, { title: "Gamma" });
    const reply = await createPostOverHttp(reader, a.id, "Bumps alpha");
    expectOk(await postAs(owner, `/api/v2/threads/${b.id}/pin`, { pinned: 1 }));
    expect(await feedIds(reader, { group_id: own.id })).toEqual([a.id, c.id, b.id]);
    expect(await feedIds(undefined, { tag_id: await tagThreads([a.id, b.id, c.id]) })).toEqual([a.id, c.id, b.id]);
    // Paging: one a page.
    expect(await feedIds(reader, { group_id: own.id, per_page: 1, page: 2 })).toEqual([c.id]);

    const [item] = await feedOf(reader, { group_id: own.id, per_page: 1 });
    expect(item).toMatchObject({
      id: a.id,
      title: "Alpha",
      posts_count: 2,
      first_post_id: a.first_post_id,
      last_post_id: reply.id,
      last_user_name: reader.username,
      group: { id: own.id, name: own.name, title: `Group ${own.name}`, logo: "" },
      unread_count: 0,
      last_read_post_id: reply.id,
    });
    expect(new Date(item!.created_at).getTime()).toBeLessThanOrEqual(new Date(item!.last_posted_at).getTime());
    expect(item!.last_posted_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const [guestItem] = await feedOf(undefined, { group_id: own.id, per_page: 1 });
    expect(guestItem).toMatchObject({ id: a.id, unread_count: 0, last_read_post_id: 0 });
  });

  it("new: others' threads of the last 14 days never opened, newest created first; opening or starting one takes it out", async () => {
    const own = await createNamedGroup(owner);
    const first = await createThreadOverHttp(owner, own.id);
    const second = await createThreadOverHttp(owner, own.id);
    const third = await createThreadOverHttp(owner, own.id);
    const old = await createThreadOverHttp(owner, own.id);
    await ageThread(old.id, 15);
    const mine = await createThreadOverHttp(reader, own.id);
    // A later post does not change the order: creation time does.
    await createPostOverHttp(owner, first.id, "Later");
    // Following a thread is not opening it: it stays new.
    expectOk(await postAs(reader, `/api/v2/threads/${first.id}/subscribe`, { subscribe: 1 }));
    expect(await feedIds(reader, { filter: "new", group_id: own.id })).toEqual([third.id, second.id, first.id]);
    await openThread(reader, own, second.id);
    expect(await feedIds(reader, { filter: "new", group_id: own.id })).toEqual([third.id, first.id]);
    // The starter never sees their own thread as new; the owner sees the reader's.
    expect(await feedIds(owner, { filter: "new", group_id: own.id })).toEqual([mine.id]);
  });

  it("unread: opened, posted in or followed threads with others' posts after the mark, counting only others' posts", async () => {
    const own = await createNamedGroup(owner);
    const opened = await createThreadOverHttp(owner, own.id);
    const followed = await createThreadOverHttp(owner, own.id);
    const untouched = await createThreadOverHttp(owner, own.id);
    await openThread(reader, own, opened.id);
    expectOk(await postAs(reader, `/api/v2/threads/${followed.id}/subscribe`, { subscribe: 1 }));
    expect(await feedIds(reader, { filter: "unread", group_id: own.id })).toEqual([followed.id]);

    await createPostOverHttp(owner, opened.id, "One");
    const two = await createPostOverHttp(owner, opened.id, "Two");
    await createPostOverHttp(owner, untouched.id, "Nobody reads this");
    const items = await feedOf(reader, { filter: "unread", group_id: own.id });
    expect(items.map((item) => [item.id, item.unread_count, item.last_read_post_id])).toEqual([
      [opened.id, 2, opened.first_post_id],
      [followed.id, 1, 0],
    ]);

    // Posting moves the reader's mark to their post: the thread is read, and the reader's own posts never count.
    const own1 = await createPostOverHttp(reader, opened.id, "Mine");
    expect(await readMarkOf(reader, opened.id)).toBe(own1.id);
    expect(await feedIds(reader, { filter: "unread", group_id: own.id })).toEqual([followed.id]);
    const three = await createPostOverHttp(owner, opened.id, "Three");
    const [item] = await feedOf(reader, { filter: "unread", group_id: own.id });
    expect(item).toMatchObject({ id: opened.id, unread_count: 1, last_read_post_id: own1.id, last_post_id: three.id });
    expect(two.id).toBeLessThan(own1.id);

    // Unfollowing a thread never opened stops tracking it.
    expectOk(await postAs(reader, `/api/v2/threads/${followed.id}/subscribe`, { subscribe: 0 }));
    expect(await feedIds(reader, { filter: "unread", group_id: own.id })).toEqual([opened.id]);
  });

  it("reading marks read up to the newest post returned, never backwards", async () => {
    const own = await createNamedGroup(owner);
    const thread = await createThreadOverHttp(owner, own.id);
    const posts = [];
    for (let index = 0; index < 4; index += 1) posts.push(await createPostOverHttp(owner, thread.id, `Post ${index}`));
    // Oldest first, two top-level posts a page: the page's newest is the second reply.
    await openThread(reader, own, thread.id, { sort: "old", page_size: 2 });
    expect(await readMarkOf(reader, thread.id)).toBe(posts[1]!.id);
    const [item] = await feedOf(reader, { filter: "unread", group_id: own.id });
    expect(item).toMatchObject({ id: thread.id, unread_count: 2, last_read_post_id: posts[1]!.id });
    await openThread(reader, own, thread.id);
    expect(await readMarkOf(reader, thread.id)).toBe(posts[3]!.id);
    await openThread(reader, own, thread.id, { sort: "old", page_size: 1 });
    expect(await readMarkOf(reader, thread.id)).toBe(posts[3]!.id);
    expect(await feedIds(reader, { filter: "unread", group_id: own.id })).toEqual([]);
  });

  it("top: posts plus likes within the period, then last post; period all counts everything", async () => {
    const own = await createNamedGroup(owner);
    const busy = await createThreadOverHttp(owner, own.id);
    const liked = await createThreadOverHttp(owner, own.id);
    const quiet = await createThreadOverHttp(owner, own.id);
    const past = await createThreadOverHttp(owner, own.id);
    await createPostOverHttp(reader, busy.id, "One");
    await createPostOverHttp(reader, busy.id, "Two");
    expectOk(await postAs(reader, `/api/v2/posts/${liked.first_post_id}/like`));
    for (let index = 0; index < 5; index += 1) await createPostOverHttp(reader, past.id, `Old ${index}`);
    await ageThread(past.id, 20);
    // busy 3, liked 2 (a post and a like), quiet 1; past's 6 posts are out of the week and the day.
    expect(await feedIds(reader, { filter: "top", group_id: own.id })).toEqual([busy.id, liked.id, quiet.id]);
    expect(await feedIds(reader, { filter: "top", period: "day", group_id: own.id })).toEqual([busy.id, liked.id, quiet.id]);
    expect(await feedIds(reader, { filter: "top", period: "month", group_id: own.id })).toEqual([past.id, busy.id, liked.id, quiet.id]);
    expect(await feedIds(reader, { filter: "top", period: "all", group_id: own.id })).toEqual([past.id, busy.id, liked.id, quiet.id]);
    // An unlike takes the like back: liked and quiet tie at 1, and quiet's post is the later one.
    expectOk(await postAs(reader, `/api/v2/posts/${liked.first_post_id}/unlike`));
    expect(await feedIds(reader, { filter: "top", group_id: own.id })).toEqual([busy.id, quiet.id, liked.id]);
  });

  it("hot: a young thread with activity ranks above an old one with the same activity", async () => {
    const own = await createNamedGroup(owner);
    const old = await createThreadOverHttp(owner, own.id);
    const young = await createThreadOverHttp(owner, own.id);
    await ageThread(old.id, 5);
    await createPostOverHttp(reader, old.id, "Old but active");
    await createPostOverHttp(reader, young.id, "Young and active");
    // Same activity (two posts each this week); the old one even posted first... and last.
    await createPostOverHttp(owner, old.id, "The latest post of all");
    await createPostOverHttp(owner, young.id, "Young again");
    expect(await feedIds(reader, { filter: "hot", group_id: own.id })).toEqual([young.id, old.id]);
    expect(await feedIds(undefined, { filter: "hot", tag_id: await tagThreads([old.id, young.id]) })).toEqual([young.id, old.id]);
  });

  it("tag_id keeps the threads carrying the tag", async () => {
    const own = await createNamedGroup(owner);
    const tagged = await createThreadOverHttp(owner, own.id);
    await createThreadOverHttp(owner, own.id);
    const db = await getDb();
    const name = uniqueName("tag");
    const tag = await db.tag.create({ data: { groupId: own.id, name, nameKey: name } });
    await db.threadTag.create({ data: { threadId: tagged.id, tagId: tag.id } });
    expect(await feedIds(reader, { tag_id: tag.id })).toEqual([tagged.id]);
    expect(await feedIds(reader, { tag_id: tag.id, filter: "top", period: "all" })).toEqual([tagged.id]);
  });

  it("dismiss new: the threads count as opened (and read), answer how many; later posts make them unread", async () => {
    const own = await createNamedGroup(owner);
    const one = await createThreadOverHttp(owner, own.id);
    const two = await createThreadOverHttp(owner, own.id);
    const answer = await dismiss(reader, { filter: "new", group_id: own.id });
    expectOk(answer);
    expect(answer.body.data).toEqual({ dismissed: 2 });
    expect(await feedIds(reader, { filter: "new", group_id: own.id })).toEqual([]);
    expect(await readMarkOf(reader, one.id)).toBe(one.first_post_id);
    expect(await feedIds(reader, { filter: "unread", group_id: own.id })).toEqual([]);
    await createPostOverHttp(owner, two.id, "Something new");
    expect((await feedOf(reader, { filter: "unread", group_id: own.id })).map((item) => [item.id, item.unread_count])).toEqual([[two.id, 1]]);
  });

  it("dismiss unread: every unread thread read up to its newest post", async () => {
    const own = await createNamedGroup(owner);
    const one = await createThreadOverHttp(owner, own.id);
    const two = await createThreadOverHttp(owner, own.id);
    const unopened = await createThreadOverHttp(owner, own.id);
    await openThread(reader, own, one.id);
    await openThread(reader, own, two.id);
    await createPostOverHttp(owner, one.id, "a");
    const last = await createPostOverHttp(owner, two.id, "b");
    expect(await feedIds(reader, { filter: "unread", group_id: own.id })).toEqual([two.id, one.id]);
    expect((await dismiss(reader, { filter: "unread", group_id: own.id })).body.data).toEqual({ dismissed: 2 });
    expect(await feedIds(reader, { filter: "unread", group_id: own.id })).toEqual([]);
    expect(await readMarkOf(reader, two.id)).toBe(last.id);
    expect((await dismiss(reader, { filter: "unread", group_id: own.id })).body.data).toEqual({ dismissed: 0 });
    // A thread never opened is new, not unread: dismissing unread leaves it new, site-wide too.
    expect(await feedIds(reader, { filter: "new", group_id: own.id })).toEqual([unopened.id]);
    expectOk(await dismiss(reader, { filter: "unread" }));
    expect(await feedIds(reader, { filter: "new", tag_id: await tagThreads([unopened.id]) })).toEqual([unopened.id]);
  });
});
