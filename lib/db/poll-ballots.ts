import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";
import type { PageWindow } from "@/lib/db/pagination";
import type { UserBrief } from "@/lib/db/records/user-brief";

// Poll ballots (contract section 18): one row per voter and poll (unique (poll_id, user_id)), its
// chosen options with their rank. Every count is read from these rows, so counts equal ballots
// whatever runs at the same time.

export interface BallotRecord {
  userId: number;
  /** Base units ("1" under per_user), fixed when the ballot was cast. */
  weight: bigint;
  /** The chosen option ids, first preference first. */
  options: number[];
  createdAt: Date;
}

export interface VoterRecord extends BallotRecord {
  user: UserBrief;
}

interface BallotRow {
  poll_id: number;
  user_id: number;
  weight: string;
  created_at: Date;
  options: number[] | null;
}

function readBallot(row: BallotRow): BallotRecord {
  return { userId: row.user_id, weight: BigInt(row.weight), options: row.options ?? [], createdAt: row.created_at };
}

/** Every ballot of the polls, by poll id (the tally and the IRV rounds are computed from them). */
export async function listBallots(pollIds: readonly number[], tx?: Tx): Promise<Map<number, BallotRecord[]>> {
  const byPoll = new Map<number, BallotRecord[]>(pollIds.map((id) => [id, []]));
  if (pollIds.length === 0) return byPoll;
  const db = tx ?? (await getDb());
  const rows = await db.$queryRaw<BallotRow[]>`
    SELECT b.poll_id, b.user_id, b.weight::text AS weight, b.created_at,
           (SELECT array_agg(c.option_id ORDER BY c.rank) FROM poll_ballot_choices c WHERE c.ballot_id = b.id) AS options
    FROM poll_ballots b WHERE b.poll_id = ANY(${[...pollIds]}::int[]) ORDER BY b.id`;
  for (const row of rows) byPoll.get(row.poll_id)?.push(readBallot(row));
  return byPoll;
}

/** Whether anyone voted in the poll (options, type and token fields freeze then). */
export async function hasBallots(tx: Tx, pollId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one FROM poll_ballots WHERE poll_id = ${pollId} LIMIT 1`;
  return rows.length > 0;
}

/**
 * Writes the voter's ballot: a new one, or (when `replace`) the existing one's choices and weight
 * replaced. Answers "existing" without writing when they already voted and `replace` is false.
 * The unique (poll_id, user_id) index makes concurrent votes of one person one row: the upsert
 * inserts or locks and updates it in one statement, whatever an unvote did in between.
 */
export async function writeBallot(
  tx: Tx,
  ballot: { pollId: number; threadId: number; userId: number; weight: bigint; options: readonly number[] },
  replace: boolean,
): Promise<"inserted" | "replaced" | "existing"> {
  const weight = ballot.weight.toString();
  const rows = replace
    ? await tx.$queryRaw<{ id: number; inserted: boolean }[]>`
        INSERT INTO poll_ballots (poll_id, thread_id, user_id, weight) VALUES (${ballot.pollId}, ${ballot.threadId}, ${ballot.userId}, ${weight}::numeric)
        ON CONFLICT (poll_id, user_id) DO UPDATE SET weight = EXCLUDED.weight, updated_at = now()
        RETURNING id, (xmax = 0) AS inserted`
    : await tx.$queryRaw<{ id: number; inserted: boolean }[]>`
        INSERT INTO poll_ballots (poll_id, thread_id, user_id, weight) VALUES (${ballot.pollId}, ${ballot.threadId}, ${ballot.userId}, ${weight}::numeric)
        ON CONFLICT (poll_id, user_id) DO NOTHING RETURNING id, true AS inserted`;
  const row = rows[0];
  if (!row) return "existing";
  if (!row.inserted) await tx.$executeRaw`DELETE FROM poll_ballot_choices WHERE ballot_id = ${row.id}`;
  const ranks = ballot.options.map((_, index) => index + 1);
  await tx.$executeRaw`
    INSERT INTO poll_ballot_choices (ballot_id, option_id, rank)
    SELECT ${row.id}, option_id, rank FROM unnest(${[...ballot.options]}::int[], ${ranks}::int[]) AS c(option_id, rank)`;
  return row.inserted ? "inserted" : "replaced";
}

/** Whether the person has a ballot in the poll (read inside the vote's transaction). */
export async function findOwnBallot(tx: Tx, pollId: number, userId: number): Promise<boolean> {
  const rows = await tx.$queryRaw<{ one: number }[]>`SELECT 1 AS one FROM poll_ballots WHERE poll_id = ${pollId} AND user_id = ${userId}`;
  return rows.length > 0;
}

/** Removes the voter's ballot (its choices go with it); false when there was none. */
export async function deleteBallot(tx: Tx, pollId: number, userId: number): Promise<boolean> {
  const count = await tx.$executeRaw`DELETE FROM poll_ballots WHERE poll_id = ${pollId} AND user_id = ${userId}`;
  return count > 0;
}

/** A page of the poll's voters (those who chose `optionId` when given), newest first, and their number. */
export async function listVoters(pollId: number, optionId: number | null, window: PageWindow): Promise<{ voters: VoterRecord[]; count: number }> {
  const db = await getDb();
  const option = optionId ?? 0;
  const [rows, total] = await Promise.all([
    db.$queryRaw<(BallotRow & { username: string; photo_url: string; is_nft: number })[]>`
      SELECT b.poll_id, b.user_id, b.weight::text AS weight, b.created_at, u.username, u.photo_url, u.is_nft,
             (SELECT array_agg(c.option_id ORDER BY c.rank) FROM poll_ballot_choices c WHERE c.ballot_id = b.id) AS options
      FROM poll_ballots b JOIN users u ON u.id = b.user_id
      WHERE b.poll_id = ${pollId}
        AND (${option}::int = 0 OR EXISTS (SELECT 1 FROM poll_ballot_choices c WHERE c.ballot_id = b.id AND c.option_id = ${option}::int))
      ORDER BY b.created_at DESC, b.id DESC OFFSET ${window.skip} LIMIT ${window.take}`,
    db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM poll_ballots b
      WHERE b.poll_id = ${pollId}
        AND (${option}::int = 0 OR EXISTS (SELECT 1 FROM poll_ballot_choices c WHERE c.ballot_id = b.id AND c.option_id = ${option}::int))`,
  ]);
  return {
    voters: rows.map((row) => ({
      ...readBallot(row),
      user: { id: row.user_id, username: row.username, photoUrl: row.photo_url, nft: row.is_nft !== 0 },
    })),
    count: total[0]?.n ?? 0,
  };
}
