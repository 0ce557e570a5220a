import "server-only";
import { listPostsWithoutHtml, setPostHtml } from "@/lib/db/post-html";
import { logger } from "@/lib/log";
import { toStoredContent } from "@/lib/services/content";

// Old posts may be up to ~1 MB each (before AGORA_MAX_CONTENT_BYTES), so batches stay small.
const BATCH_SIZE = 100;

/**
 * Renders and stores the HTML (and list preview) of posts written before content_html existed,
 * in batches of `batchSize`, oldest first. Run at start, in the background: until a row is
 * reached, readers render it themselves. Answers how many rows it filled.
 */
export async function backfillPostHtml(batchSize = BATCH_SIZE): Promise<number> {
  let filled = 0;
  let afterId = 0;
  for (;;) {
    const rows = await listPostsWithoutHtml(afterId, batchSize);
    if (rows.length === 0) break;
    filled += await setPostHtml(rows.map((row) => ({ id: row.id, ...toStoredContent(row.content) })));
    afterId = rows.at(-1)!.id;
    if (rows.length < batchSize) break;
  }
  if (filled > 0) logger.info({ filled }, "post HTML backfilled");
  return filled;
}
