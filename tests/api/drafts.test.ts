import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { DraftSchema, DRAFTS_PER_USER, type DraftDto } from "@/lib/schemas/draft-schemas";
import { pruneDraftsJob } from "@/lib/jobs/prune-drafts";
import { call, expectedError } from "../support/api-client";
import { runPeriodicJobOnce } from "../support/job-runs";
import { expectBadParam, expectOk, expectRefused, getAs, postAs } from "../support/community-helpers";
import { createTestUser, type TestUser } from "../support/fixtures";
import { createNamedGroup, createThreadOverHttp, textDelta } from "../support/thread-helpers";

// Contract section 17, drafts: saved as people write, on every device, never over newer work.

type DraftAnswer = { draft: DraftDto };
type ConflictAnswer = { draft: DraftDto | null };

const save = (user: TestUser | undefined, key: string, body: Record<string, unknown>) => postAs<DraftAnswer>(user, `/api/v2/drafts/${key}`, body);
const remove = (user: TestUser | undefined, key: string, body: Record<string, unknown>) => postAs(user, `/api/v2/drafts/${key}/delete`, body);
const ops = (text: string) => [{ insert: `${text}\n` }];

async function storedDrafts(userId: number) {
  const db = await getDb();
  return db.draft.findMany({ where: { userId }, orderBy: { draftKey: "asc" }, select: { draftKey: true, content: true, title: true, sequence: true } });
}

/** A 409 in the /api/v2 envelope whose data is the stored draft, unchanged (or null). */
function expectStale(response: Awaited<ReturnType<typeof save>>, stored: Partial<DraftDto> | null): void {
  expect(response.status).toBe(409);
  expect(response.body).toMatchObject({ status: false, code: "40900", server: "rest" });
  const data = response.body.data as unknown as ConflictAnswer;
  expect(Object.keys(data)).toEqual(["draft"]);
  if (stored === null) expect(data.draft).toBeNull();
  else expect(DraftSchema.parse(data.draft)).toMatchObject(stored);
}

describe("saving, reading and deleting a draft", () => {
  let writer: TestUser;

  beforeAll(async () => {
    writer = await createTestUser();
  });

  it("saves a new key at sequence 0, answers the draft, and reads it back", async () => {
    const saved = await save(writer, "reply-1", {
      content: ops("Half a thought"),
      title: "A title",
      group_id: 7,
      thread_id: 8,
      parent_id: 9,
      category_id: 10,
      sequence: 0,
    });
    expectOk(saved);
    const draft = DraftSchema.parse(saved.body.data.draft);
    expect(draft).toMatchObject({
      draft_key: "reply-1",
      title: "A title",
      content: ops("Half a thought"),
      group_id: 7,
      thread_id: 8,
      parent_id: 9,
      category_id: 10,
      sequence: 1,
    });
    expect(Date.parse(draft.updated_at)).toBeGreaterThan(Date.now() - 60_000);
    const read = await getAs<DraftAnswer>(writer, "/api/v2/drafts/reply-1");
    expectOk(read);
    expect(read.body.data.draft).toEqual(draft);
  });

  it("a save naming the stored sequence moves it on; places not sent are 0", async () => {
    const saved = await save(writer, "reply-1", { content: JSON.stringify(ops("A whole thought")), sequence: 1 });
    expectOk(saved);
    expect(saved.body.data.draft).toMatchObject({ content: ops("A whole thought"), title: "", group_id: 0, thread_id: 0, sequence: 2 });
  });

  it("a stale save is 409 40900 with the stored draft, and changes nothing", async () => {
    const before = await storedDrafts(writer.id);
    expectStale(await save(writer, "reply-1", { content: ops("From an old tab"), sequence: 1 }), { sequence: 2, content: ops("A whole thought") });
    expectStale(await save(writer, "reply-1", { content: ops("From the future"), sequence: 3 }), { sequence: 2 });
    expectStale(await save(writer, "reply-1", { content: ops("A second first save"), sequence: 0 }), { sequence: 2 });
    expect(await storedDrafts(writer.id)).toEqual(before);
  });

  it("a save naming a sequence when none is stored is 409 with draft null, and writes nothing", async () => {
    expectStale(await save(writer, "never-saved", { content: ops("x"), sequence: 4 }), null);
    expect((await storedDrafts(writer.id)).map((draft) => draft.draftKey)).not.toContain("never-saved");
  });

  it("keeps an empty draft: [] and a blank editor", async () => {
    expect((await save(writer, "empty_one", { content: [], sequence: 0 })).body.data.draft.content).toEqual([]);
    expect((await save(writer, "empty_one", { content: "[]", sequence: 1 })).body.data.draft.sequence).toBe(2);
    expect((await save(writer, "empty_one", { content: [{ insert: "\n" }], sequence: 2 })).body.data.draft.content).toEqual([]);
  });

  it("deletes only at the stored sequence: 409 keeps the draft, then {} removes it, then 404", async () => {
    const stale = await remove(writer, "empty_one", { sequence: 1 });
    expectStale(stale as Awaited<ReturnType<typeof save>>, { draft_key: "empty_one", sequence: 3 });
    expect((await storedDrafts(writer.id)).map((draft) => draft.draftKey)).toContain("empty_one");
    const done = await remove(writer, "empty_one", { sequence: 3 });
    expectOk(done);
    expect(done.body.data).toEqual({});
    expectRefused(await getAs(writer, "/api/v2/drafts/empty_one"), 40400);
    expectRefused(await remove(writer, "empty_one", { sequence: 3 }), 40400);
    expectRefused(await remove(writer, "empty_one", { sequence: 0 }), 40400);
  });

  it("lists drafts most recently saved first, with the count, paged", async () => {
    const lister = await createTestUser();
    for (const key of ["first", "second", "third"]) expectOk(await save(lister, key, { content: ops(key), sequence: 0 }));
    expectOk(await save(lister, "first", { content: ops("touched again"), sequence: 1 }));
    const all = await getAs<{ drafts: DraftDto[]; count: number }>(lister, "/api/v2/drafts");
    expectOk(all);
    expect(all.body.data.count).toBe(3);
    expect(all.body.data.drafts.map((draft) => draft.draft_key)).toEqual(["first", "third", "second"]);
    const second = await getAs<{ drafts: DraftDto[]; count: number }>(lister, "/api/v2/drafts", { page: 2, per_page: 2 });
    expect(second.body.data).toMatchObject({ count: 3, drafts: [{ draft_key: "second" }] });
  });
});

describe("refused draft input changes nothing", () => {
  let writer: TestUser;

  beforeAll(async () => {
    writer = await createTestUser();
    expectOk(await save(writer, "kept", { content: ops("Kept"), sequence: 0 }));
  });

  it.each([
    ["an upper-case key", "Draft", { content: ops("x"), sequence: 0 }, "draft_key"],
    ["a key with a dot", "a.b", { content: ops("x"), sequence: 0 }, "draft_key"],
    ["a 65-character key", "k".repeat(65), { content: ops("x"), sequence: 0 }, "draft_key"],
    ["no sequence", "kept", { content: ops("x") }, "sequence"],
    ["a negative sequence", "kept", { content: ops("x"), sequence: -1 }, "sequence"],
    ["a sequence that is not a number", "kept", { content: ops("x"), sequence: "one" }, "sequence"],
    ["no content", "kept", { sequence: 1 }, "content"],
    ["content that is not a delta", "kept", { content: [{ bogus: 1 }], sequence: 1 }, "content"],
    ["content that is not JSON", "kept", { content: "[{", sequence: 1 }, "content"],
    ["a title over 200 characters", "kept", { content: ops("x"), title: "t".repeat(201), sequence: 1 }, "title"],
    ["a group_id that is not a number", "kept", { content: ops("x"), group_id: "seven", sequence: 1 }, "group_id"],
  ])("%s is a 400 naming the parameter", async (_name, key, body, parameter) => {
    const before = await storedDrafts(writer.id);
    expectBadParam(await save(writer, key, body), parameter);
    expect(await storedDrafts(writer.id)).toEqual(before);
  });

  it("a bad key on read and delete is a 400", async () => {
    expectBadParam(await getAs(writer, "/api/v2/drafts/NOPE"), "draft_key");
    expectBadParam(await remove(writer, "NOPE", { sequence: 1 }), "draft_key");
    expectBadParam(await remove(writer, "kept", {}), "sequence");
    expect(await storedDrafts(writer.id)).toHaveLength(1);
  });

  it("every draft endpoint needs a user token (401 40102)", async () => {
    for (const response of [
      await getAs(undefined, "/api/v2/drafts"),
      await getAs(undefined, "/api/v2/drafts/kept"),
      await save(undefined, "kept", { content: ops("x"), sequence: 1 }),
      await remove(undefined, "kept", { sequence: 1 }),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject(expectedError("v2", 40102));
    }
    expect(await storedDrafts(writer.id)).toMatchObject([{ draftKey: "kept", sequence: 1 }]);
  });
});

describe("drafts are private to their writer", () => {
  it("another user neither reads, lists, overwrites nor deletes them; the same key is theirs apart", async () => {
    const alice = await createTestUser();
    const bob = await createTestUser();
    expectOk(await save(alice, "shared-key", { content: ops("Alice's secret"), sequence: 0 }));
    expectRefused(await getAs(bob, "/api/v2/drafts/shared-key"), 40400);
    expect((await getAs<{ drafts: DraftDto[]; count: number }>(bob, "/api/v2/drafts")).body.data).toEqual({ drafts: [], count: 0 });
    expectRefused(await remove(bob, "shared-key", { sequence: 1 }), 40400);
    expectStale(await save(bob, "shared-key", { content: ops("Bob's"), sequence: 1 }), null);
    const bobs = await save(bob, "shared-key", { content: ops("Bob's own"), sequence: 0 });
    expect(bobs.body.data.draft).toMatchObject({ content: ops("Bob's own"), sequence: 1 });
    expect(await storedDrafts(alice.id)).toEqual([{ draftKey: "shared-key", title: "", content: JSON.stringify(ops("Alice's secret")), sequence: 1 }]);
  });
});

describe(`at most ${DRAFTS_PER_USER} drafts per user`, () => {
  it("refuses the next new key with 400 and writes nothing; saving a kept one still works", async () => {
    const hoarder = await createTestUser();
    const db = await getDb();
    await db.draft.createMany({ data: Array.from({ length: DRAFTS_PER_USER }, (_, index) => ({ userId: hoarder.id, draftKey: `d-${index}` })) });
    expectBadParam(await save(hoarder, "one-more", { content: ops("x"), sequence: 0 }), "draft_key");
    expect(await db.draft.count({ where: { userId: hoarder.id } })).toBe(DRAFTS_PER_USER);
    expectOk(await save(hoarder, "d-0", { content: ops("still mine"), sequence: 1 }));
    expectOk(await remove(hoarder, "d-1", { sequence: 1 }));
    expectOk(await save(hoarder, "one-more", { content: ops("now it fits"), sequence: 0 }));
    expect(await db.draft.count({ where: { userId: hoarder.id } })).toBe(DRAFTS_PER_USER);
  });
});

describe("create thread and create post take draft_key", () => {
  let writer: TestUser;
  let group: { id: number; name: string };
  let threadId: number;

  beforeAll(async () => {
    writer = await createTestUser();
    group = await createNamedGroup(writer);
    threadId = (await createThreadOverHttp(writer, group.id)).id;
  });

  const keys = async () => (await storedDrafts(writer.id)).map((draft) => draft.draftKey);

  it("a created thread deletes its draft", async () => {
    expectOk(await save(writer, "new-thread", { content: ops("Opening"), title: "T", group_id: group.id, sequence: 0 }));
    const created = await postAs(writer, `/api/v2/groups/${group.id}/threads/create`, {
      title: "From a draft",
      content: textDelta("Opening"),
      draft_key: "new-thread",
    });
    expectOk(created);
    expect(await keys()).not.toContain("new-thread");
  });

  it("a created post deletes its draft; a refused post keeps it and writes no post", async () => {
    expectOk(await save(writer, "reply", { content: ops("Reply"), thread_id: threadId, sequence: 0 }));
    const db = await getDb();
    const posts = () => db.post.count({ where: { threadId } });
    const before = await posts();
    expectRefused(
      await postAs(writer, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("x"), parent_id: 999_999_999, draft_key: "reply" }),
      40400,
    );
    expectBadParam(await postAs(writer, `/api/v2/threads/${threadId}/posts/create`, { content: "[]", draft_key: "reply" }), "content");
    expectBadParam(await postAs(writer, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("x"), draft_key: "Bad Key" }), "draft_key");
    expect(await posts()).toBe(before);
    expect(await keys()).toContain("reply");
    expectOk(await postAs(writer, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("Reply"), draft_key: "reply" }));
    expect(await posts()).toBe(before + 1);
    expect(await keys()).not.toContain("reply");
  });

  it("a refused thread keeps its draft; a draft_key with no draft is fine", async () => {
    expectOk(await save(writer, "thread-2", { content: ops("x"), sequence: 0 }));
    const threads = () => getDb().then((client) => client.thread.count({ where: { groupId: group.id } }));
    const before = await threads();
    expectRefused(
      await postAs(writer, `/api/v2/groups/${group.id}/threads/create`, { title: "T", content: textDelta("x"), category_id: 999_999, draft_key: "thread-2" }),
      40400,
    );
    expect(await threads()).toBe(before);
    expect(await keys()).toContain("thread-2");
    expectOk(await postAs(writer, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("No draft"), draft_key: "nothing-here" }));
  });

  it("another user's post never deletes the writer's draft of the same key", async () => {
    const other = await createTestUser();
    expectOk(await postAs(other, `/api/v2/threads/${threadId}/posts/create`, { content: textDelta("Mine"), draft_key: "thread-2" }));
    expect(await keys()).toContain("thread-2");
  });
});

describe("the prune-drafts job", () => {
  it("removes, through the job runner, drafts untouched for 180 days and keeps younger ones", async () => {
    const user = await createTestUser();
    const db = await getDb();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000);
    await db.draft.createMany({
      data: [
        { userId: user.id, draftKey: "ancient", updatedAt: daysAgo(181) },
        { userId: user.id, draftKey: "old-but-kept", updatedAt: daysAgo(179) },
      ],
    });
    // The app's own job under a queue of this test's, ticking fast, so the server's hourly runs play no part.
    await runPeriodicJobOnce(
      { ...pruneDraftsJob, name: "test-prune-drafts" },
      async () => (await db.draft.count({ where: { userId: user.id, draftKey: "ancient" } })) === 0,
    );
    expect((await storedDrafts(user.id)).map((draft) => draft.draftKey)).toEqual(["old-but-kept"]);
  });
});

describe("unknown draft paths", () => {
  it("answers the /api/v2 envelope for a GET of a missing draft", async () => {
    const user = await createTestUser();
    const response = await call("GET", "/api/v2/drafts/missing", { token: user.token });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject(expectedError("v2", 40400));
  });
});
