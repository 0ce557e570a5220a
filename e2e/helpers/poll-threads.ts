import type { Page } from "@playwright/test";
import { textDelta, type ApiUser } from "./api-users";
import { withDatabase } from "./database";
import type { ForumWorld } from "./forum-world";

// Threads with polls for the browser tests (contract section 18), written over the API as a
// third-party client would, and the polls read back from the database.

export interface StoredPoll {
  id: number;
  options: { id: number; text: string }[];
}

/** The thread's polls in order, each with its options in order. */
export async function readThreadPolls(baseURL: string, threadId: number): Promise<StoredPoll[]> {
  return withDatabase(baseURL, async (db) => {
    const polls = (await db.query<{ id: number }>("SELECT id FROM polls WHERE thread_id = $1 ORDER BY id", [threadId])).rows;
    const stored: StoredPoll[] = [];
    for (const poll of polls) {
      const options = (await db.query<{ id: number; text: string }>("SELECT id, text FROM poll_options WHERE poll_id = $1 ORDER BY position, id", [poll.id]))
        .rows;
      stored.push({ id: poll.id, options });
    }
    return stored;
  });
}

/** The options a user's ballot holds, first preference first ([] without a ballot). */
export async function readBallot(baseURL: string, pollId: number, userId: number): Promise<string[]> {
  return withDatabase(baseURL, async (db) => {
    const { rows } = await db.query<{ text: string }>(
      `SELECT o.text FROM poll_ballots b JOIN poll_ballot_choices c ON c.ballot_id = b.id JOIN poll_options o ON o.id = c.option_id
        WHERE b.poll_id = $1 AND b.user_id = $2 ORDER BY c.rank`,
      [pollId, userId],
    );
    return rows.map((row) => row.text);
  });
}

/** A new thread in the world's group by `user`, carrying `polls` (poll objects of the contract). */
export async function createPollThread(
  baseURL: string,
  world: ForumWorld,
  user: ApiUser,
  title: string,
  polls: object[],
): Promise<{ id: number; path: string; polls: StoredPoll[] }> {
  const { thread } = await world.api.call<{ thread: { id: number } }>("POST", `/api/v2/groups/${world.group.id}/threads/create`, {
    token: user.token,
    data: { title, content: textDelta("Please vote below."), polls: JSON.stringify(polls) },
  });
  return { id: thread.id, path: `/g/${world.group.name}/t/${thread.id}`, polls: await readThreadPolls(baseURL, thread.id) };
}

/** Casts `user`'s ballot over the API (option ids in order). */
export async function voteAs(world: ForumWorld, user: ApiUser, pollId: number, optionIds: number[]): Promise<void> {
  await world.api.call("POST", `/api/v2/polls/${pollId}/vote`, { token: user.token, data: { options: optionIds.join(",") } });
}

/** The poll card of `title` on the page. */
export const pollCard = (page: Page, title: string) => page.getByRole("article", { name: title });
