import { expect } from "vitest";
import { postAs, type Cast } from "./community-helpers";

// Contract section 18's writes for the authorization matrix (tests/hardening/auth-matrix.test.ts):
// each refused for a bad token (401) and for the banned user (403), changing nothing.

interface PollTarget {
  cast: Cast;
  threadId: number;
  pollId: number;
}

type PollWriteCase = { request: (target: PollTarget) => { path: string; body: Record<string, unknown> }; anotherUser: 403 };

export const POLL_WRITES: Record<string, PollWriteCase> = {
  "POST /api/v2/threads/{thread_id}/polls": {
    request: (t) => ({ path: `/api/v2/threads/${t.threadId}/polls`, body: { poll: { options: ["a", "b"] } } }),
    anotherUser: 403,
  },
  "POST /api/v2/polls/{poll_id}/edit": { request: (t) => ({ path: `/api/v2/polls/${t.pollId}/edit`, body: { poll: { title: "Matrix" } } }), anotherUser: 403 },
  "POST /api/v2/polls/{poll_id}/vote": { request: (t) => ({ path: `/api/v2/polls/${t.pollId}/vote`, body: { options: "1" } }), anotherUser: 403 },
  "POST /api/v2/polls/{poll_id}/unvote": { request: (t) => ({ path: `/api/v2/polls/${t.pollId}/unvote`, body: {} }), anotherUser: 403 },
  "POST /api/v2/polls/{poll_id}/close": { request: (t) => ({ path: `/api/v2/polls/${t.pollId}/close`, body: { closed: 1 } }), anotherUser: 403 },
};

/** A poll on the matrix's thread, by its author; answers its id. */
export async function createMatrixPoll(cast: Cast, threadId: number): Promise<number> {
  const answer = await postAs<{ poll: { id: number } }>(cast.author, `/api/v2/threads/${threadId}/polls`, { poll: { options: ["a", "b"] } });
  expect(answer.status).toBe(200);
  return answer.body.data.poll.id;
}
