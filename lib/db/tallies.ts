import "server-only";

// Counters a post moves on rows many writers share (a group's posts_count, an author's posts_count
// and last_post_at) live in slots (migration post_tallies): a post adds to the slot of its thread,
// so writers in different threads never wait on one row, and a counter reads as its row's base
// plus its slots. lib/db/counter-recount.ts proves the sums right.

/** Slots per group and per author: a post writes slot thread_id % TALLY_SLOTS (read-versions.sql uses the same 16). */
export const TALLY_SLOTS = 16;

/** What a read of a group or a user selects of its slots, beside the row's own counters. */
export const POSTS_TALLY_SELECT = { select: { postsCount: true } } as const;
export const AUTHOR_TALLY_SELECT = { select: { postsCount: true, lastPostAt: true } } as const;

/** A row's posts_count plus its slots'. */
export function talliedPosts(base: number, tallies: readonly { postsCount: number }[]): number {
  return tallies.reduce((sum, tally) => sum + tally.postsCount, base);
}

/** The latest of a row's last_post_at and its slots'. */
export function talliedLastPostAt(base: Date | null, tallies: readonly { lastPostAt: Date | null }[]): Date | null {
  return tallies.reduce<Date | null>((latest, tally) => (tally.lastPostAt && (!latest || tally.lastPostAt > latest) ? tally.lastPostAt : latest), base);
}
