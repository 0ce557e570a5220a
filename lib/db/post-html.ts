import "server-only";
import { getDb } from "@/lib/db/client";

export interface PostContentRow {
  id: number;
  content: string;
}

/** Posts still without stored HTML after `afterId`, oldest first (partial index posts_without_html_idx). */
export async function listPostsWithoutHtml(afterId: number, limit: number): Promise<PostContentRow[]> {
  const db = await getDb();
  return db.$queryRaw<PostContentRow[]>`
    SELECT id, content FROM posts WHERE content_html IS NULL AND id > ${afterId} ORDER BY id LIMIT ${limit}`;
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
