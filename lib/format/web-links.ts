// A bio is plain text (contract section 17): only its web addresses become links. Pure, so the
// profile page and its tests share it.
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
// A sentence's closing punctuation is not part of the address it ends with.
const TRAILING = /[.,;:!?)\]'"]+$/;

export type TextPart = { text: string } | { href: string; text: string };

/** The text cut into plain parts and http(s) addresses, in order; joined, the parts are the text. */
export function splitWebLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = match[0].replace(TRAILING, "");
    if (match.index > from) parts.push({ text: text.slice(from, match.index) });
    parts.push({ href: address, text: address });
    from = match.index + address.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from) });
  return parts;
}
