import { DeltaSchema, type DeltaOp } from "@/lib/delta/schema";
import { salvageDeltaOps } from "@/lib/delta/salvage";

/** Content longer than this (delta JSON, UTF-8 bytes) is listed as a truncated preview. */
export const PREVIEW_MAX_BYTES = 8192;

const ELLIPSIS = "…";
const encoder = new TextEncoder();

function byteLength(text: string): number {
  return encoder.encode(text).length;
}

function readOps(json: string): DeltaOp[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [{ insert: json }];
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value) && "ops" in value) value = value.ops;
  const parsed = DeltaSchema.safeParse(value);
  return parsed.success ? parsed.data : salvageDeltaOps(value);
}

/**
 * The opening of a delta as a valid delta of at most `maxBytes` bytes of JSON, ending in "…" and a
 * final newline; null when the content already fits (lists then show the content itself). Whole
 * ops are kept while they fit; the first that does not is cut by code point (text) or dropped
 * (an image or emoji), so a list of threads never carries a post's full size.
 */
export function deltaPreview(json: string, maxBytes = PREVIEW_MAX_BYTES): string | null {
  if (byteLength(json) <= maxBytes) return null;
  const ops = readOps(json);
  const tail: DeltaOp = { insert: `${ELLIPSIS}\n` };
  // "[" + "]" + the tail op and its comma.
  let budget = maxBytes - 2 - byteLength(JSON.stringify(tail)) - 1;
  const kept: DeltaOp[] = [];
  for (const op of ops) {
    const size = byteLength(JSON.stringify(op)) + 1;
    if (size <= budget) {
      kept.push({ ...op });
      budget -= size;
      continue;
    }
    const cut = cutText(op, budget);
    if (cut) kept.push(cut);
    break;
  }
  // Merged into a plain text op before it, as the parser would (stored content stays normalised).
  const last = kept.at(-1);
  if (last && typeof last.insert === "string" && !last.attributes) last.insert += tail.insert;
  else kept.push(tail);
  return JSON.stringify(kept);
}

// The longest prefix of the op's text (whole code points) whose op still fits in `budget` bytes.
function cutText(op: DeltaOp, budget: number): DeltaOp | null {
  if (typeof op.insert !== "string") return null;
  const chars = Array.from(op.insert);
  let low = 0;
  let high = chars.length;
  const fits = (count: number) => byteLength(JSON.stringify({ ...op, insert: chars.slice(0, count).join("") })) + 1 <= budget;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low > 0 ? { ...op, insert: chars.slice(0, low).join("") } : null;
}
