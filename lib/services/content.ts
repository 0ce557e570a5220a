import "server-only";
import { parseDeltaContent } from "@/lib/delta/parse";
import { deltaPreview } from "@/lib/delta/preview";
import { renderDeltaToStoredHtml } from "@/lib/delta/render";
import { getEnv } from "@/lib/env";
import { Invalid } from "@/lib/errors";

const PREFIX = "content: ";

/** A post body as it is stored: the delta JSON, its HTML (rendered once, here) and its list preview. */
export interface StoredContent {
  /** Normalised delta JSON. */
  content: string;
  /** Sanitised HTML; remote images are signed for the proxy when served (serveStoredHtml, lib/views/served-html.ts). */
  html: string;
  /** A truncated delta JSON for thread lists when the content is longer than a preview; else null. */
  preview: string | null;
}

/** A post body (a delta, or its JSON text) as normalised JSON; anything else is Invalid("content"). */
export function parseContentOrThrow(raw: unknown): string {
  const parsed = parseDeltaContent(raw);
  if (!parsed.ok) {
    // The parser names the place inside the delta ("content[2].insert: ...") when it can; keep it.
    const detail = parsed.error.startsWith(PREFIX) ? parsed.error.slice(PREFIX.length) : parsed.error;
    throw new Invalid("content", detail, parsed.error);
  }
  // Ops and text are capped by the schema, but links and images repeat up to 2 KB each and stop
  // ops from merging, so the stored size is capped on its own.
  const limit = getEnv().AGORA_MAX_CONTENT_BYTES;
  const bytes = Buffer.byteLength(parsed.json, "utf8");
  if (bytes > limit) {
    const detail = `must be at most ${limit} bytes as stored delta JSON (this one is ${bytes})`;
    throw new Invalid("content", detail, `content: ${detail}`);
  }
  return parsed.json;
}

/** parseContentOrThrow, with the HTML and list preview every write stores alongside. */
export function prepareContentOrThrow(raw: unknown): StoredContent {
  const content = parseContentOrThrow(raw);
  return toStoredContent(content);
}

/** The HTML and preview of content already stored (seed, backfill). */
export function toStoredContent(content: string): StoredContent {
  return { content, html: renderDeltaToStoredHtml(content), preview: deltaPreview(content) };
}
