import "server-only";
import { findReadableQuotedPosts } from "@/lib/db/quotes";
import { parseDeltaContent } from "@/lib/delta/parse";
import { deltaPreview } from "@/lib/delta/preview";
import { extractQuotedPostIds, findStrayQuote, MAX_QUOTES_PER_POST } from "@/lib/delta/quotes";
import { renderDeltaToStoredHtml, type QuoteSource } from "@/lib/delta/render";
import type { DeltaOp } from "@/lib/delta/schema";
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
  /** The authors of the posts it quotes (contract section 17), who hear of it. */
  quotedUserIds: number[];
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

/** The HTML and preview of content already stored (seed, backfill): quotes keep their text, without attribution. */
export function toStoredContent(content: string): StoredContent {
  return { content, html: renderDeltaToStoredHtml(content), preview: deltaPreview(content), quotedUserIds: [] };
}

function refuseQuote(detail: string): never {
  throw new Invalid("content", detail, `content: ${detail}`);
}

/**
 * What a person writes (create thread, create post, edit), ready to store: parseContentOrThrow, and
 * every post it quotes must be one the writer may read (else Invalid, nothing written); each quote
 * is rendered with its author's name and a link to the post. No statement when nothing is quoted.
 */
export async function prepareWrittenContent(writerId: number, raw: unknown): Promise<StoredContent> {
  const content = parseContentOrThrow(raw);
  const ops = JSON.parse(content) as DeltaOp[];
  const stray = findStrayQuote(ops);
  if (stray >= 0) refuseQuote(`[${stray}].attributes.quote: only a blockquote line may quote a post`);
  const ids = extractQuotedPostIds(ops);
  if (ids.length === 0) return toStoredContent(content);
  if (ids.length > MAX_QUOTES_PER_POST) refuseQuote(`quote: at most ${MAX_QUOTES_PER_POST} posts may be quoted`);
  const quoted = await findReadableQuotedPosts(ids, writerId);
  const missing = ids.find((id) => !quoted.some((post) => post.id === id));
  if (missing !== undefined) refuseQuote(`quote: post ${missing} does not exist or is not one you may read`);
  const sources = new Map<number, QuoteSource>(
    quoted.map((post) => [
      post.id,
      { username: post.authorName, href: `/g/${post.groupName}/t/${post.threadId}/${post.threadSlug || "thread"}#post-${post.id}` },
    ]),
  );
  const quotedUserIds = [...new Set(quoted.map((post) => post.authorId))];
  return { content, html: renderDeltaToStoredHtml(content, sources), preview: deltaPreview(content), quotedUserIds };
}
