import type { DeltaOp } from "@/lib/delta/schema";

/** At most this many distinct names are looked up per post: a post cannot page the whole forum. */
export const MAX_MENTIONS_PER_POST = 20;

// `@name`: letters, digits, marks and _ . - after an @ that does not follow a word character (so
// "a@b.example" mentions nobody). Names with spaces cannot be mentioned.
const MENTION = /(?<![\p{L}\p{N}_])@([\p{L}\p{M}\p{N}_.-]{2,32})/gu;

/**
 * The lower-cased usernames (as users.username_key stores them) a post's text mentions, in order
 * of first appearance, without duplicates. Trailing dots and dashes end a sentence, not a name.
 */
export function extractMentionKeys(ops: readonly DeltaOp[]): string[] {
  const text = ops.map((op) => (typeof op.insert === "string" ? op.insert : " ")).join("");
  const keys = new Set<string>();
  for (const match of text.normalize("NFKC").matchAll(MENTION)) {
    const name = match[1]!.replace(/[.-]+$/, "").toLowerCase();
    if ([...name].length >= 2) keys.add(name);
    if (keys.size >= MAX_MENTIONS_PER_POST) break;
  }
  return [...keys];
}

/** The same, from stored delta JSON. */
export function extractMentionKeysFromJson(json: string): string[] {
  return extractMentionKeys(JSON.parse(json) as DeltaOp[]);
}
