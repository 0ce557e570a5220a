import { Fragment } from "react";

// A bio is plain text (contract section 17): web addresses become links, nothing else is
// interpreted. React escapes every text node; only http(s) addresses are made into links.
const WEB_ADDRESS = /\bhttps?:\/\/[^\s<>"]+/gi;
// A sentence's closing punctuation is not part of the address it ends with.
const TRAILING = /[.,;:!?)\]'"]+$/;

type Part = { text: string } | { href: string; text: string };

export function splitLinks(text: string): Part[] {
  const parts: Part[] = [];
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

/** Plain text with its web addresses as links (rel nofollow ugc: written by a member). */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        "href" in part ? (
          <a key={index} href={part.href} rel="nofollow ugc noopener noreferrer" target="_blank">
            {part.text}
          </a>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
