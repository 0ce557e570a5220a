import type { DeltaOp } from "@/lib/delta/schema";

/** At most this many distinct posts are quoted by one post: each is looked up and its author notified. */
export const MAX_QUOTES_PER_POST = 20;

/** The quote id a line carries: only a blockquote line quotes (contract section 17). */
export function readQuoteId(attributes: DeltaOp["attributes"]): number | undefined {
  const quote = attributes?.quote;
  return attributes?.blockquote === true && typeof quote === "number" && Number.isInteger(quote) && quote > 0 ? quote : undefined;
}

/** The ids of the posts a delta quotes, in order of first appearance, without duplicates. */
export function extractQuotedPostIds(ops: readonly DeltaOp[]): number[] {
  const ids = new Set<number>();
  for (const op of ops) {
    const id = readQuoteId(op.attributes);
    if (id !== undefined) ids.add(id);
  }
  return [...ids];
}

/** A line that names a quoted post without being a blockquote: the ops' index, to name it in the error. */
export function findStrayQuote(ops: readonly DeltaOp[]): number {
  return ops.findIndex((op) => op.attributes?.quote != null && op.attributes.blockquote !== true);
}
