import "server-only";
import { setImmediate as yieldToEventLoop } from "node:timers/promises";
import { listPostsWithoutHtml, setPostHtml } from "@/lib/db/post-html";
import { logger } from "@/lib/log";
import { resource } from "@/lib/runtime/registry";
import { toStoredContent } from "@/lib/services/content";

// Old posts may be up to ~1 MB each (before AGORA_MAX_CONTENT_BYTES), so a batch is bounded in
// rows and in bytes, and the event loop gets a turn after each post: requests keep being served.
const BATCH_SIZE = 100;
const BATCH_BYTES = 8 * 1024 * 1024;

/**
 * Renders and stores the HTML (and list preview) of posts written before content_html existed,
 * in batches, oldest first. Run at start, in the background: until a row is reached, readers
 * render it themselves. Answers how many rows it filled.
 */
export async function backfillPostHtml(batchSize = BATCH_SIZE): Promise<number> {
  // At shutdown (stopAll, lib/runtime/registry.ts) the run stops after the post it is rendering
  // and writes nothing more.
  const state = resource("post-html.backfill", () => ({ agoraPostHtmlBackfillStopped: false }), {
    stop: (run) => void (run.agoraPostHtmlBackfillStopped = true),
  });
  let filled = 0;
  let afterId = 0;
  for (;;) {
    const rows = await listPostsWithoutHtml(afterId, batchSize, BATCH_BYTES);
    if (rows.length === 0 || state.agoraPostHtmlBackfillStopped) break;
    const rendered = [];
    for (const row of rows) {
      rendered.push({ id: row.id, ...toStoredContent(row.content) });
      await yieldToEventLoop();
      if (state.agoraPostHtmlBackfillStopped) break;
    }
    if (state.agoraPostHtmlBackfillStopped) break;
    filled += await setPostHtml(rendered);
    afterId = rows.at(-1)!.id;
  }
  if (filled > 0) logger.info({ filled }, "post HTML backfilled");
  return filled;
}
