import "server-only";
import { getPool } from "@/lib/db/engine/client";
import { statement } from "@/lib/db/engine/statements";
import { BOOKKEEPING_SQL } from "@/lib/db/engine/read-routing";
import { THREAD_VERSION_SQL } from "@/lib/db/read-versions";
import { roleColumns, roleJoins, toFacts, type GroupRoleFacts, type RoleFactsRow } from "@/lib/db/roles";

// A signed-in read of a thread page in one statement: the thread's read version (a kept page is
// found by it), the reader's role in its group (may they read it), and the reader's own marks on
// the page: likes and bookmarks among its posts, the follow and mute, and their read mark. The
// page's posts are those of the page kept before (its ids are sent along); when the version shows
// that page is stale, the page is rebuilt and its marks read again (loadViewerPostMarks in lib/db/posts.ts).

export interface ThreadReaderFacts {
  version: string;
  role: GroupRoleFacts;
  subscribed: boolean;
  /** Of the post ids sent, those the reader likes. */
  liked: number[];
  /** Of the post ids sent, those the reader bookmarked. */
  bookmarked: number[];
  /** The reader muted the thread (contract section 17). */
  muted: boolean;
  /** The reader's read mark: the newest post they have read (0: never opened). */
  readMark: number;
  /** The people the reader ignores (at most 500), in id order. */
  ignored: number[];
  /** The reader's settings.show_nsfw. */
  showsNsfw: boolean;
}

const THREAD_READER_FACTS_SQL = `SELECT ${THREAD_VERSION_SQL} AS v, t.group_id, ${roleColumns("$2")},
    EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_id = $2 AND s.thread_id = t.id) AS subscribed,
    ARRAY(SELECT l.post_id FROM post_likes l WHERE l.user_id = $2 AND l.post_id = ANY($3::int[])) AS liked,
    ARRAY(SELECT b.post_id FROM bookmarks b WHERE b.user_id = $2 AND b.post_id = ANY($3::int[])) AS bookmarked,
    EXISTS (SELECT 1 FROM thread_mutes m WHERE m.user_id = $2 AND m.thread_id = t.id) AS muted,
    COALESCE((SELECT r.last_post_id FROM thread_reads r WHERE r.user_id = $2 AND r.thread_id = t.id), 0) AS read_mark,
    ARRAY(SELECT i.ignored_user_id FROM user_ignores i WHERE i.user_id = $2 ORDER BY i.ignored_user_id) AS ignored,
    EXISTS (SELECT 1 FROM users ru WHERE ru.id = $2 AND ru.settings->>'show_nsfw' = '1') AS shows_nsfw
  FROM threads t JOIN groups g ON g.id = t.group_id CROSS JOIN cache_epochs e ${roleJoins("$2")} WHERE t.id = $1`;

type ReaderFactsRow = RoleFactsRow & {
  v: string;
  group_id: number;
  subscribed: boolean;
  liked: number[];
  bookmarked: number[];
  muted: boolean;
  read_mark: number;
  ignored: number[];
  shows_nsfw: boolean;
};

/** Null for an unknown thread. `postIds`: the posts of the page the caller expects to show. */
export async function findThreadReaderFacts(threadId: number, userId: number, postIds: number[]): Promise<ThreadReaderFacts | null> {
  const pool = await getPool();
  const { rows } = await pool.query<ReaderFactsRow>(statement(THREAD_READER_FACTS_SQL, [threadId, userId, postIds]));
  const row = rows[0];
  if (!row) return null;
  return {
    version: row.v,
    role: toFacts(row.group_id, row),
    subscribed: row.subscribed,
    liked: row.liked,
    bookmarked: row.bookmarked,
    muted: row.muted,
    readMark: row.read_mark,
    ignored: row.ignored,
    showsNsfw: row.shows_nsfw,
  };
}

// Marks the thread read up to the newest post the reader was shown (thread_reads: the feeds' read
// state and the lists' "N new"), never backwards, sent only when the reader's facts said their mark
// is behind it, and only once they may read the thread. ON CONFLICT would lock the row (a
// transaction id, a WAL flush at commit) even when its WHERE then writes nothing, and readers of
// one thread by one person would queue on that lock: a mark already there writes nothing at all.
// posts_count is the thread's now, for the lists' "N new". Bookkeeping: it runs on the primary
// without holding the reader there (contract section 16).
const MARK_READ_SQL = `${BOOKKEEPING_SQL}INSERT INTO thread_reads (user_id, thread_id, last_post_id, posts_count, read_at)
  SELECT $1, t.id, $3, t.posts_count, now() FROM threads t WHERE t.id = $2
    AND NOT EXISTS (SELECT 1 FROM thread_reads r WHERE r.user_id = $1 AND r.thread_id = t.id AND r.last_post_id >= $3)
  ON CONFLICT (user_id, thread_id) DO UPDATE
    SET last_post_id = excluded.last_post_id, posts_count = excluded.posts_count, read_at = excluded.read_at
    WHERE thread_reads.last_post_id < excluded.last_post_id`;

export async function markThreadRead(userId: number, threadId: number, upToPostId: number): Promise<void> {
  const pool = await getPool();
  await pool.query(statement(MARK_READ_SQL, [userId, threadId, upToPostId]));
}
