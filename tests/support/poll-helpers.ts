import { expect } from "vitest";
import type { PollDto } from "@/lib/schemas/poll-schemas";
import { expectOk, getAs, postAs, type Group } from "./community-helpers";
import type { TestUser } from "./fixtures";
import { createThreadOverHttp } from "./thread-helpers";

// Contract section 18's polls over HTTP: each call as a user (undefined: signed out).

export type Poll = PollDto;
export type PollAnswer = { poll: Poll };

export const addPoll = (user: TestUser | undefined, threadId: number, poll: unknown) => postAs<PollAnswer>(user, `/api/v2/threads/${threadId}/polls`, { poll });
export const editPoll = (user: TestUser | undefined, pollId: number, poll: unknown) => postAs<PollAnswer>(user, `/api/v2/polls/${pollId}/edit`, { poll });
export const vote = (user: TestUser | undefined, pollId: number, options: readonly number[] | string) =>
  postAs<PollAnswer>(user, `/api/v2/polls/${pollId}/vote`, { options: typeof options === "string" ? options : options.join(",") });
export const unvote = (user: TestUser | undefined, pollId: number) => postAs<PollAnswer>(user, `/api/v2/polls/${pollId}/unvote`);
export const closePoll = (user: TestUser | undefined, pollId: number, closed: 0 | 1) => postAs<PollAnswer>(user, `/api/v2/polls/${pollId}/close`, { closed });
export const listVoters = (user: TestUser | undefined, pollId: number, query: Record<string, string | number> = {}) =>
  getAs<{ voters: { user: { id: number; username: string; photo_url: string }; options: number[]; weight: string; created_at: string }[]; count: number }>(
    user,
    `/api/v2/polls/${pollId}/voters`,
    query,
  );

/** A thread by `author` with one poll on it (which must be accepted). */
export async function threadWithPoll(author: TestUser, group: Group, poll: Record<string, unknown>): Promise<{ threadId: number; poll: Poll }> {
  const threadId = (await createThreadOverHttp(author, group.id)).id;
  const answer = await addPoll(author, threadId, poll);
  expectOk(answer);
  return { threadId, poll: answer.body.data.poll };
}

/** The poll as `user` reads it now, through get thread. */
export async function readPollAs(user: TestUser | undefined, group: Group, threadId: number, pollId: number): Promise<Poll> {
  const response = await getAs<{ thread: { polls: Poll[] } }>(user, `/api/get_thread/${threadId}`, { group_name: group.name });
  expect(response.status).toBe(200);
  const poll = response.body.data.thread.polls.find((entry) => entry.id === pollId);
  expect(poll).toBeDefined();
  return poll!;
}

/** Option ids of a poll, in its order. */
export const optionIds = (poll: Poll) => poll.options.map((option) => option.id);

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
