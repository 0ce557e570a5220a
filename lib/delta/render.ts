import "server-only";
import sanitizeHtml from "sanitize-html";
import { readQuoteId } from "@/lib/delta/quotes";
import { salvageDeltaOps } from "@/lib/delta/salvage";
import {
  CSS_COLOR_PATTERN,
  DeltaSchema,
  isHttpUrl,
  type Delta,
  type DeltaAttributes,
  type DeltaOp,
  type EmojiInsert,
  type ImageInsert,
} from "@/lib/delta/schema";

type Line = { html: string; attributes: DeltaAttributes | undefined };
type ListTag = "ul" | "ol";

/** Who wrote a quoted post and where it is, as the quote's attribution shows them. */
export interface QuoteSource {
  username: string;
  /** The quoted post's address on this site (a path). */
  href: string;
}

const LINK_REL = "nofollow noopener noreferrer ugc";

// Defence in depth: the renderer already escapes and checks everything, so this allowlist is
// exactly what it emits and anything else reaching it means a bug upstream.
const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "h1", "h2", "h3", "ul", "ol", "li", "blockquote", "strong", "em", "u", "s", "code", "a", "span", "img"],
  allowedAttributes: {
    a: ["href", "rel", "target"],
    img: ["src", "alt", "loading"],
    span: ["class", "role", "aria-label", "style"],
    blockquote: ["class", "data-quote"],
    p: ["class"],
  },
  allowedClasses: { span: ["emoji"], blockquote: ["quote"], p: ["quote__source"] },
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: { span: { "background-color": [CSS_COLOR_PATTERN] } },
  disallowedTagsMode: "discard",
};

/**
 * The HTML stored with a post (posts.content_html), rendered and sanitised once at write time.
 * Images keep their own address: the proxy's signature depends on the server secret, so it is
 * added when the HTML is served (serveStoredHtml, lib/views/served-html.ts), never stored.
 */
export function renderDeltaToStoredHtml(content: string | Delta, quotes: ReadonlyMap<number, QuoteSource> = new Map()): string {
  const lines = splitIntoLines(readRenderableOps(content));
  return sanitizeHtml(renderBlocks(lines, quotes), SANITIZE_OPTIONS);
}

function readRenderableOps(content: string | Delta): DeltaOp[] {
  let value: unknown = content;
  if (typeof content === "string") {
    try {
      value = JSON.parse(content);
    } catch {
      return [{ insert: content }];
    }
  }
  // Quill's own serialisation wraps the ops as {ops: [...]}; old rows may hold that form.
  if (typeof value === "object" && value !== null && !Array.isArray(value) && "ops" in value) value = value.ops;
  if (!Array.isArray(value)) return typeof content === "string" ? [{ insert: content }] : [];
  const parsed = DeltaSchema.safeParse(value);
  return parsed.success ? parsed.data : salvageDeltaOps(value);
}

// Quill keeps line formats (header, list, blockquote) on the "\n" that ends the line, so text is
// gathered until a newline and the line takes that newline's attributes.
function splitIntoLines(ops: readonly DeltaOp[]): Line[] {
  const lines: Line[] = [];
  let current = "";
  for (const op of ops) {
    if (typeof op.insert !== "string") {
      current += wrapInline(renderEmbed(op.insert), op.attributes);
      continue;
    }
    const pieces = op.insert.split("\n");
    pieces.forEach((piece, index) => {
      if (piece !== "") current += wrapInline(escapeHtml(piece), op.attributes);
      if (index < pieces.length - 1) {
        lines.push({ html: current, attributes: op.attributes });
        current = "";
      }
    });
  }
  if (current !== "") lines.push({ html: current, attributes: undefined });
  return lines;
}

// The consecutive lines quoting one post are one quote, opened by its author's name and a link
// to the post (the name as it was when the quote was written, as Discourse keeps it in the raw).
function renderBlocks(lines: readonly Line[], quotes: ReadonlyMap<number, QuoteSource>): string {
  let html = "";
  let openList: ListTag | undefined;
  let openQuote: number | undefined;
  for (const line of lines) {
    const listTag = readListTag(line.attributes);
    const quoteId = listTag || readHeaderLevel(line.attributes) ? undefined : readQuoteId(line.attributes);
    if (openQuote !== undefined && openQuote !== quoteId) {
      html += "</blockquote>";
      openQuote = undefined;
    }
    if (quoteId !== undefined) {
      if (openList) html += `</${openList}>`;
      openList = undefined;
      if (openQuote === undefined) html += openQuoteBlock(quoteId, quotes.get(quoteId));
      openQuote = quoteId;
      html += `<p>${line.html === "" ? "<br>" : line.html}</p>`;
      continue;
    }
    if (openList && openList !== listTag) {
      html += `</${openList}>`;
      openList = undefined;
    }
    if (listTag && !openList) {
      html += `<${listTag}>`;
      openList = listTag;
    }
    html += renderBlock(line, listTag !== undefined);
  }
  if (openQuote !== undefined) html += "</blockquote>";
  return openList ? `${html}</${openList}>` : html;
}

function openQuoteBlock(quoteId: number, source: QuoteSource | undefined): string {
  const open = `<blockquote class="quote" data-quote="${quoteId}">`;
  if (!source) return open;
  return `${open}<p class="quote__source"><a href="${escapeHtml(source.href)}">${escapeHtml(source.username)}</a> wrote:</p>`;
}

function readListTag(attributes: DeltaAttributes | undefined): ListTag | undefined {
  if (!attributes || readHeaderLevel(attributes)) return undefined;
  if (attributes.list === "bullet") return "ul";
  if (attributes.list === "ordered") return "ol";
  return undefined;
}

function readHeaderLevel(attributes: DeltaAttributes | undefined): 1 | 2 | 3 | undefined {
  const level = attributes?.header;
  return level === 1 || level === 2 || level === 3 ? level : undefined;
}

function renderBlock(line: Line, inList: boolean): string {
  const inner = line.html === "" ? "<br>" : line.html;
  const level = readHeaderLevel(line.attributes);
  if (level) return `<h${level}>${inner}</h${level}>`;
  if (inList) return `<li>${inner}</li>`;
  if (line.attributes?.blockquote === true) return `<blockquote>${inner}</blockquote>`;
  return `<p>${inner}</p>`;
}

function renderEmbed(embed: ImageInsert | EmojiInsert): string {
  if ("image" in embed) {
    // Through Agora's image proxy, so the image's host never learns who reads the post.
    return isHttpUrl(embed.image) ? `<img src="${escapeHtml(embed.image)}" alt="" loading="lazy">` : "";
  }
  const { name, unicode } = embed.emoji;
  return `<span class="emoji" role="img" aria-label="${escapeHtml(name)}">${escapeHtml(unicode)}</span>`;
}

// Innermost first, so a link wraps the whole formatted run and stays one clickable element.
function wrapInline(html: string, attributes: DeltaAttributes | undefined): string {
  if (!attributes || html === "") return html;
  let out = html;
  if (attributes.code === true) out = `<code>${out}</code>`;
  if (attributes.strike === true) out = `<s>${out}</s>`;
  if (attributes.underline === true) out = `<u>${out}</u>`;
  if (attributes.italic === true) out = `<em>${out}</em>`;
  if (attributes.bold === true) out = `<strong>${out}</strong>`;
  const { background, link } = attributes;
  if (typeof background === "string" && CSS_COLOR_PATTERN.test(background)) {
    out = `<span style="background-color:${escapeHtml(background)}">${out}</span>`;
  }
  if (typeof link === "string" && isHttpUrl(link)) {
    out = `<a href="${escapeHtml(link)}" rel="${LINK_REL}" target="_blank">${out}</a>`;
  }
  return out;
}

// sanitize-html re-encodes attributes on output (&amp; and &quot; at least), so undo every entity
// either escaper may have written.
export function unescapeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
