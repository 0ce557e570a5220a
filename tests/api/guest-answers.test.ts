import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import type { ThreadDto } from "@/lib/schemas/thread-schemas";
import { call } from "../support/api-client";
import { banOverHttp, expectOk, getAs, postAs, setRole, type Group } from "../support/community-helpers";
import { createTestUser, uniqueName, type TestUser } from "../support/fixtures";
import { createNamedGroup, createPostOverHttp, createThreadOverHttp, getThreadOverHttp, textDelta } from "../support/thread-helpers";

// Answers to readers without a token are kept while the data's read version is unchanged
// (lib/api/guest-answers.ts, versions kept by triggers). Each case: a guest reads (so an answer
// is kept), something is written, and the very next guest read must show the write.

const STATEMENTS = "x-agora-db-queries";

async function guestThread(group: Group, threadId: number) {
  const response = await getThreadOverHttp(threadId, { group_name: group.name, page_size: 100 });
  expect(response.status).toBe(200);
  return { thread: response.body.data.thread as ThreadDto, statements: Number(response.headers.get(STATEMENTS)) };
}

async function guestList(groupId: number) {
  const response = await call<{ threads: { id: number; title: string; posts_count: number; likes_count: number }[] }>(
    "GET",
    `/api/v2/groups/${groupId}/threads`,
    { query: { per_page: 100 } },
  );
  expectOk(response);
  return response.body.data.threads;
}

describe("answers kept for readers without a token", () => {
  let owner: TestUser;
  let member: TestUser;
  let group: Group;
  let thread: ThreadDto;
  let replyId: number;

  beforeAll(async () => {
    owner = await createTestUser();
    member = await createTestUser();
    group = await createNamedGroup(owner);
    thread = await createThreadOverHttp(owner, group.id, { content: textDelta("Opening words") });
    replyId = (await createPostOverHttp(member, thread.id, "First answer")).id;
  });

  it("answers a repeated read from the kept answer: one statement (the version) instead of the whole read", async () => {
    const first = await guestThread(group, thread.id);
    const second = await guestThread(group, thread.id);
    expect(second.thread).toEqual(first.thread);
    expect(second.statements).toBe(1);
    // A signed-in reader is never served a guest's answer: one who never read the thread has their
    // read mark written too (the member's is at their own post, the newest, since posting moves it).
    const newcomer = await createTestUser();
    const signedIn = await getThreadOverHttp(thread.id, { group_name: group.name, page_size: 100 }, { token: newcomer.token });
    expect(Number(signedIn.headers.get(STATEMENTS))).toBeGreaterThan(1);
  });

  it("builds an answer once for the guest reads that arrive together after a write", async () => {
    await createPostOverHttp(member, thread.id, "Read by many at once");
    const together = 8;
    const reads = await Promise.all(Array.from({ length: together }, () => guestThread(group, thread.id)));
    for (const read of reads) expect(read.thread).toEqual(reads[0]!.thread);
    expect(reads[0]!.thread.posts.some((post) => post.content.includes("Read by many at once"))).toBe(true);
    const cold = Math.max(...reads.map((read) => read.statements));
    expect(cold).toBeGreaterThan(5);
    // Each read's version, and one build (counted on the read that started it).
    expect(reads.reduce((sum, read) => sum + read.statements, 0)).toBe(together - 1 + cold);
  });

  const writes: { name: string; write: () => Promise<void>; check: (thread: ThreadDto) => void }[] = [
    {
      name: "a new reply",
      write: async () => void (await createPostOverHttp(member, thread.id, "Second answer")),
      check: (read) => expect(read.posts.some((post) => post.content.includes("Second answer"))).toBe(true),
    },
    {
      name: "a like",
      write: async () => expectOk(await postAs(owner, `/api/v2/posts/${replyId}/like`)),
      check: (read) => expect(read.posts.find((post) => post.id === replyId)?.total_likes).toBe(1),
    },
    {
      name: "an edit",
      write: async () => expectOk(await postAs(member, `/api/v2/posts/${replyId}/edit`, { content: textDelta("Edited answer") })),
      check: (read) => expect(read.posts.find((post) => post.id === replyId)?.content).toContain("Edited answer"),
    },
    {
      name: "a new username of an author",
      write: async () => {
        const renamed = await call("POST", "/api/user/update_info", { token: member.token, body: { username: uniqueName("renamed") } });
        expect(renamed.status).toBe(200);
      },
      check: (read) => expect(read.posts.find((post) => post.id === replyId)?.user.username).toMatch(/^renamed/),
    },
    {
      name: "a ban of an author",
      write: () => banOverHttp(owner, group.id, member),
      check: (read) => expect(read.posts.find((post) => post.id === replyId)?.is_ban).toBe(1),
    },
    {
      name: "a pin of another thread of the group",
      write: async () => {
        const other = await createThreadOverHttp(owner, group.id, { title: "Pinned elsewhere" });
        expectOk(await postAs(owner, `/api/v2/threads/${other.id}/pin`, { pinned: 1 }));
      },
      check: (read) => expect(read.pinned.home.map((pin) => pin.title)).toContain("Pinned elsewhere"),
    },
    {
      name: "a post removed by a newly named moderator",
      write: async () => {
        const helper = await createTestUser();
        await setRole(owner, group.id, helper, 3);
        expectOk(await postAs(helper, `/api/v2/posts/${replyId}/delete`, { reason: "off topic" }));
      },
      check: (read) => expect(read.posts.find((post) => post.id === replyId)).toMatchObject({ deleted: 2, content: "[]" }),
    },
    {
      name: "a change made straight in the database (a trigger keeps the version, not the code path)",
      write: async () => {
        const db = await getDb();
        await db.thread.update({ where: { id: thread.id }, data: { title: "Retitled in SQL" } });
      },
      check: (read) => expect(read.title).toBe("Retitled in SQL"),
    },
  ];

  for (const { name, write, check } of writes) {
    it(`shows ${name} to the next guest read`, async () => {
      await guestThread(group, thread.id);
      await guestThread(group, thread.id);
      await write();
      check((await guestThread(group, thread.id)).thread);
    });
  }

  it("shows a new thread and a new reply in the group's listing, and a new member in group info", async () => {
    const before = await guestList(group.id);
    const info = async () => (await getAs<{ group: { members: number } }>(undefined, `/api/v2/groups/${group.id}`)).body.data.group;
    const membersBefore = (await info()).members;
    await info();
    const created = await createThreadOverHttp(owner, group.id, { title: "Fresh in the list" });
    const after = await guestList(group.id);
    expect(after.length).toBe(before.length + 1);
    expect(after.find((item) => item.id === created.id)?.title).toBe("Fresh in the list");
    // A first post in the group makes its author a member.
    await createPostOverHttp(await createTestUser(), created.id, "Listed reply");
    expect((await guestList(group.id)).find((item) => item.id === created.id)?.posts_count).toBe(2);
    expect((await info()).members).toBe(membersBefore + 1);
  });
});
