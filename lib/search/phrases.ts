// The quoted phrases every match of a websearch_to_tsquery query must contain, read from the
// text the reader typed. lib/db/search.ts looks their adjacent word pairs up in an index
// (migration 20261127050000_search_phrases) before checking the whole query exactly, so a phrase
// this misses only costs speed; a phrase it wrongly keeps would lose matches. Hence it keeps only
// what cannot be optional: nothing when the query has an `or` anywhere, and no phrase that a `-`
// excludes.

const OR_WORD = /(^|[\s"])or($|[\s"])/i;

/** The required quoted phrases of `query` (closed quotes only), each with two words or more. */
export function requiredPhrases(query: string): string[] {
  if (OR_WORD.test(query)) return [];
  const phrases: string[] = [];
  let at = query.indexOf('"');
  while (at >= 0) {
    const end = query.indexOf('"', at + 1);
    if (end < 0) break;
    const excluded = query.slice(0, at).trimEnd().endsWith("-");
    const phrase = query.slice(at + 1, end).trim();
    if (!excluded && /\S\s+\S/.test(phrase)) phrases.push(phrase);
    at = query.indexOf('"', end + 1);
  }
  return phrases;
}
