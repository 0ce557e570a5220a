import "server-only";
import { getDb } from "@/lib/db/engine/client";

export interface PostContentRow {
  id: number;
  content: string;
}

/**
 * Posts still without stored HTML after `afterId`, oldest first (partial index
 * posts_without_html_idx): up to `limit` rows, and no more once `maxBytes` of content is reached
 * (always at least one), weighed by octet_length before any row is read.
 */
export async function listPostsWithoutHtml(afterId: number, limit: number, maxBytes: number): Promise<PostContentRow[]> {
  const db = await getDb();
  return db.$queryRaw<PostContentRow[]>`
    WITH candidate AS (
      SELECT id, octet_length(content) AS bytes FROM posts WHERE content_html IS NULL AND id > ${afterId} ORDER BY id LIMIT ${limit}
    ), kept AS (
      SELECT id, sum(bytes) OVER (ORDER BY id) - bytes AS before FROM candidate
    )
    SELECT p.id, p.content FROM kept JOIN posts p ON p.id = kept.id WHERE kept.before < ${maxBytes} ORDER BY p.id`;
}

/**
 * Stores rendered HTML and previews in one statement. A row that got its HTML meanwhile (an edit,
 * or another instance's backfill) keeps it, so an older rendering never overwrites a newer one.
 */
export async function setPostHtml(rows: readonly { id: number; html: string; preview: string | null }[]): Promise<number> {
  if (rows.length === 0) return 0;
  const db = await getDb();
  return db.$executeRaw`
    UPDATE posts SET content_html = filled.html, content_preview = filled.preview
    FROM unnest(${rows.map((row) => row.id)}::int[], ${rows.map((row) => row.html)}::text[], ${rows.map((row) => row.preview)}::text[])
      AS filled(id, html, preview)
    WHERE posts.id = filled.id AND posts.content_html IS NULL`;
}
