import { Fragment } from "react";
import { splitWebLinks } from "@/lib/format/web-links";

/** Plain text with its web addresses as links (rel nofollow ugc: written by a member); React escapes the rest. */
export function LinkedText({ text }: { text: string }) {
  return (
    <>
      {splitWebLinks(text).map((part, index) =>
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
