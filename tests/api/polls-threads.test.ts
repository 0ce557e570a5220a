import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/engine/client";
import { createCast, expectBadParam, expectOk, expectRefused, getAs, postAs, type Cast } from "../support/community-helpers";
import { addPoll, closePoll, editPoll, optionIds, readPollAs, threadWithPoll, unvote, vote, type Poll } from "../support/poll-helpers";
import { call } from "../support/api-client";
import { openSse, type SseStream } from "../support/sse-client";
import { textDelta } from "../support/thread-helpers";

// Contract section 18 where polls meet threads and groups: create thread's `polls`, get thread's
// `polls` (viewer-aware, never a stale kept answer), the `poll` live event, and poll_category.

let cast: Cast;
const open: SseStream[] = [];
const createThread = (fields: Record<string, unknown>) =>
  postAs<{ thread: { id: number; polls: Poll[] } }>(cast.author, `/api/v2/groups/${cast.group.id}/threads/create`, {
    title: "With polls",
    content: textDelta("Vote below"),
    ...fields,
  });
const threadCount = async () => (await getDb()).thread.count({ where: { groupId: cast.group.id } });
const groupInfo = async () =>
  (await getAs<{ group: { poll_category: number[]; group_settings: { show_poll_cate: string } } }>(undefined, `/api/v2/groups/${cast.group.id}`)).body.data
    .group;

beforeAll(async () => {
  cast = await createCast();
}, 60_000);
afterAll(() => open.forEach((stream) => stream.close()));

describe("create thread's polls", () => {
  it("writes up to 5 polls with the thread, in order", async () => {
    const polls = [
      { options: ["a", "b"], title: "First" },
      { type: "ranked", options: ["x", "y", "z"] },
    ];
    const created = await createThread({ polls: JSON.stringify(polls) });
    expectOk(created);
    expect(created.body.data.thread.polls).toMatchObject([
      { title: "First", type: "single", thread_id: created.body.data.thread.id, viewer: { voted: 0, eligible: 1 } },
      { type: "ranked", max: 3, rounds: [] },
    ]);
    expectOk(await createThread({ polls: [] }));
  });

  it("refuses a sixth poll or a bad one with a 400 naming it, and writes no thread", async () => {
    const before = await threadCount();
    expectBadParam(await createThread({ polls: Array(6).fill({ options: ["a", "b"] }) }), "polls");
    expectBadParam(await createThread({ polls: [{ options: ["a", "b"] }, { options: ["a"] }] }), "polls\\.1\\.options");
    expectBadParam(await createThread({ polls: [{ options: ["a", "b"], when: 1 }] }), "polls\\.0\\.when");
    expectBadParam(await createThread({ polls: "{not json" }), "polls");
    expect(await threadCount()).toBe(before);
  });
});

describe("get thread's polls", () => {
  it("shows each reader their own view, and every vote at once (no kept answer)", async () => {
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"] });
    const [a] = optionIds(poll);
    expect(await readPollAs(undefined, cast.group, threadId, poll.id)).toMatchObject({ voter_count: 0, viewer: null });
    expect(await readPollAs(cast.stranger, cast.group, threadId, poll.id)).toMatchObject({ voter_count: 0, viewer: { voted: 0 } });
    expectOk(await vote(cast.stranger, poll.id, [a!]));
    expect(await readPollAs(undefined, cast.group, threadId, poll.id)).toMatchObject({ voter_count: 1, viewer: null });
    expect(await readPollAs(cast.stranger, cast.group, threadId, poll.id)).toMatchObject({ voter_count: 1, viewer: { voted: 1, options: [a] } });
    expect(await readPollAs(cast.moderator, cast.group, threadId, poll.id)).toMatchObject({ viewer: { voted: 0 } });
    const threadPolls = (await getAs<{ thread: { polls: Poll[] } }>(undefined, `/api/get_thread/${threadId}`, { group_name: cast.group.name })).body.data.thread
      .polls;
    expect(threadPolls.map((entry) => entry.id)).toEqual([poll.id]);
  });

  it("moves a poll from scheduled to open with the clock, for kept readers too", async () => {
    const opensAt = new Date(Date.now() + 1_500);
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"], opens_at: opensAt.toISOString() });
    expect(await readPollAs(undefined, cast.group, threadId, poll.id)).toMatchObject({ status: "scheduled" });
    await new Promise((resolve) => setTimeout(resolve, opensAt.getTime() - Date.now() + 100));
    expect(await readPollAs(undefined, cast.group, threadId, poll.id)).toMatchObject({ status: "open" });
    expectOk(await vote(cast.stranger, poll.id, [optionIds(poll)[1]!]));
  });
});

describe("the thread's poll event", () => {
  it("follows each vote, re-vote and unvote on the thread's stream", async () => {
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, { options: ["a", "b"] });
    const [a, b] = optionIds(poll);
    const stream = await openSse(`/api/v2/threads/${threadId}/events`);
    open.push(stream);
    expect(stream.status).toBe(200);
    expectOk(await vote(cast.stranger, poll.id, [a!]));
    expectOk(await vote(cast.stranger, poll.id, [b!]));
    expectOk(await vote(cast.moderator, poll.id, [a!]));
    expectOk(await unvote(cast.stranger, poll.id));
    const events = await stream.waitFor(4);
    expect(events.map((event) => [event.event, event.data])).toEqual(Array(4).fill(["poll", { poll_id: poll.id }]));
  });

  it("follows a poll added, edited, closed and reopened; a rejected edit sends nothing", async () => {
    const { threadId, poll } = await threadWithPoll(cast.author, cast.group, {
      options: ["a", "b"],
      closes_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const stream = await openSse(`/api/v2/threads/${threadId}/events`);
    open.push(stream);
    const added = await addPoll(cast.author, threadId, { options: ["x", "y"] });
    expectOk(added);
    expectBadParam(await editPoll(cast.author, poll.id, { closes_at: "2020-01-01T00:00:00Z" }), "poll\\.closes_at");
    // closes_at null clears the closing time.
    const cleared = await editPoll(cast.author, poll.id, { closes_at: null });
    expectOk(cleared);
    expect(cleared.body.data.poll.closes_at).toBeNull();
    expectOk(await closePoll(cast.author, poll.id, 1));
    expectOk(await closePoll(cast.moderator, poll.id, 0));
    const events = await stream.waitFor(4);
    expect(events.map((event) => [event.event, event.data])).toEqual([
      ["poll", { poll_id: added.body.data.poll.id }],
      ["poll", { poll_id: poll.id }],
      ["poll", { poll_id: poll.id }],
      ["poll", { poll_id: poll.id }],
    ]);
  });
});

describe("group settings' poll_category", () => {
  it("lists the categories whose threads need a poll, and refuses such a thread without one", async () => {
    const categories = [];
    for (const name of ["Votes", "Talk"]) {
      const made = await postAs<{ category: { id: number } }>(cast.owner, `/api/v2/groups/${cast.group.id}/categories/create`, { name });
      expectOk(made);
      categories.push(made.body.data.category.id);
    }
    const [votes, talk] = categories as [number, number];
    expect(await groupInfo()).toMatchObject({ poll_category: [], group_settings: { show_poll_cate: "0" } });
    expectOk(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/settings`, { poll_category: `${votes}` }));
    expect(await groupInfo()).toMatchObject({ poll_category: [votes], group_settings: { show_poll_cate: "1" } });

    const before = await threadCount();
    expectBadParam(await createThread({ category_id: votes }), "polls");
    expect(await threadCount()).toBe(before);
    expectOk(await createThread({ category_id: votes, polls: [{ options: ["yes", "no"] }] }));
    expectOk(await createThread({ category_id: talk }));

    expectBadParam(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/settings`, { poll_category: "999999999" }), "poll_category");
    expectBadParam(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/settings`, { poll_category: "a,b" }), "poll_category");
    // A nested list is refused as not ids (joining it would recurse as deep as it nests).
    const deep = `{"poll_category":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    const refused = await call("POST", `/api/v2/groups/${cast.group.id}/settings`, {
      token: cast.owner.token,
      rawBody: deep,
      headers: { "content-type": "application/json" },
    });
    expectBadParam(refused, "poll_category");
    expectRefused(await postAs(cast.moderator, `/api/v2/groups/${cast.group.id}/settings`, { poll_category: "" }), 40300);
    expect((await groupInfo()).poll_category).toEqual([votes]);
    expectOk(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/settings`, { poll_category: `${talk},${votes}` }));
    expect((await groupInfo()).poll_category).toEqual([votes, talk].sort((x, y) => x - y));
    expectOk(await postAs(cast.owner, `/api/v2/groups/${cast.group.id}/settings`, { poll_category: "" }));
    expect(await groupInfo()).toMatchObject({ poll_category: [], group_settings: { show_poll_cate: "0" } });
    expectOk(await createThread({ category_id: votes }));
  });
});
