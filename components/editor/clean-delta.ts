import { CSS_COLOR_PATTERN, isHttpUrl } from "@/lib/delta/schema";

// What Quill may hand us after a paste, loosely typed on purpose: it is cleaned, not trusted.
interface LooseOp {
  insert?: unknown;
  attributes?: Record<string, unknown>;
}

const FLAG_ATTRIBUTES = ["bold", "italic", "underline", "strike", "code", "blockquote"] as const;

/**
 * Brings editor output inside what the API accepts: pasted content can carry links to
 * mailto:, data: images, h4 headers or checklists, which the API would reject outright.
 * Unsupported formatting is dropped (the text stays); unsupported images are removed.
 */
export function cleanDeltaOps(ops: readonly LooseOp[]): LooseOp[] {
  const cleaned: LooseOp[] = [];
  for (const op of ops) {
    const insert = cleanInsert(op.insert);
    if (insert === null) continue;
    const attributes = cleanAttributes(op.attributes);
    cleaned.push(attributes ? { insert, attributes } : { insert });
  }
  return cleaned;
}

/**
 * A stored post as the edit composer may open it. Rows from before the API checked content can
 * be anything: ops of other shapes (cleaned like a paste), a Quill `{ops}` object, JSON that is
 * no delta, or old HTML, which opens as its text (DOMParser documents run nothing).
 */
export function readEditableContent(content: string): LooseOp[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [{ insert: `${textOf(content)}\n` }];
  }
  const ops = Array.isArray(parsed) ? parsed : (parsed as { ops?: unknown } | null)?.ops;
  if (!Array.isArray(ops)) return typeof parsed === "string" ? [{ insert: `${textOf(parsed)}\n` }] : [];
  return cleanDeltaOps(ops.filter((op): op is LooseOp => typeof op === "object" && op !== null && !Array.isArray(op)));
}

function textOf(html: string): string {
  if (typeof DOMParser === "undefined") return html;
  return new DOMParser().parseFromString(html, "text/html").body.textContent ?? "";
}

function cleanInsert(insert: unknown): LooseOp["insert"] | null {
  if (typeof insert === "string") return insert;
  if (!insert || typeof insert !== "object") return null;
  const embed = insert as Record<string, unknown>;
  if (typeof embed.image === "string") return isHttpUrl(embed.image) ? { image: embed.image } : null;
  const emoji = embed.emoji as Record<string, unknown> | undefined;
  if (emoji && typeof emoji.name === "string" && typeof emoji.unicode === "string") {
    return { emoji: { name: emoji.name, unicode: emoji.unicode } };
  }
  return null;
}

function cleanAttributes(attributes: Record<string, unknown> | undefined): Record<string, unknown> | null {
  if (!attributes) return null;
  const kept: Record<string, unknown> = {};
  for (const name of FLAG_ATTRIBUTES) {
    if (attributes[name] === true) kept[name] = true;
  }
  const { link, list, header, background } = attributes;
  if (typeof link === "string" && isHttpUrl(link)) kept.link = link;
  if (list === "bullet" || list === "ordered") kept.list = list;
  if (list === "checked" || list === "unchecked") kept.list = "bullet";
  if (typeof header === "number" && Number.isInteger(header) && header >= 1) kept.header = Math.min(header, 3);
  if (typeof background === "string" && CSS_COLOR_PATTERN.test(background)) kept.background = background;
  const quote = readQuoteAttribute(attributes.quote);
  if (kept.blockquote === true && quote !== null) kept.quote = quote;
  return Object.keys(kept).length > 0 ? kept : null;
}

// Quill hands the quoted post's id back as the DOM's text ("12"); the API takes a positive integer.
function readQuoteAttribute(value: unknown): number | null {
  const id = typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof id === "number" && Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/** "example.com" → "https://example.com"; anything that is still not an http(s) URL → null. */
export function normalizeUserUrl(input: string): string | null {
  const value = input.trim();
  if (value === "") return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  return isHttpUrl(withScheme) ? withScheme : null;
}
