"use client";

import { useEffect } from "react";

// "Quote" (from a selection or a post's menu) asks the Reply button under the quoted post to open
// its composer with the quote in it. They are far apart in the tree, so the request travels as a
// DOM event on the window rather than through a context every post would re-render on.

const QUOTE_EVENT = "agora:quote";

interface QuoteRequest {
  postId: number;
  text: string;
}

/** The quoted words as delta JSON: one blockquote line per line of text, each naming the post (contract section 17), then an empty line to write in. */
export function quoteDelta(postId: number, text: string): string {
  const lines = text
    .replace(/\r\n?/g, "\n")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const ops = lines.flatMap((line) => [{ insert: line }, { insert: "\n", attributes: { blockquote: true, quote: postId } }]);
  return JSON.stringify([...ops, { insert: "\n" }]);
}

export function requestQuote(postId: number, text: string): void {
  if (text.trim() === "") return;
  window.dispatchEvent(new CustomEvent<QuoteRequest>(QUOTE_EVENT, { detail: { postId, text } }));
}

/** The words of a post's body as a whole-post quote takes them: without the attributions of the quotes inside it. */
export function readPostText(postId: number): string {
  const body = document.querySelector(`#post-${postId} .post__body`);
  if (!body) return "";
  const copy = body.cloneNode(true) as HTMLElement;
  copy.querySelectorAll(".quote__source").forEach((node) => node.remove());
  copy.querySelectorAll("p, li, h1, h2, h3, blockquote, br").forEach((node) => node.after("\n"));
  return copy.textContent ?? "";
}

/** Who wrote post `postId`, as its card names them ("Post by alice"). */
export function readPostAuthor(postId: number): string {
  return (
    document
      .querySelector(`#post-${postId}`)
      ?.getAttribute("aria-label")
      ?.replace(/^Post by /, "") ?? ""
  );
}

/** Calls `onQuote` with the quote's delta JSON whenever someone quotes post `postId`. */
export function useQuoteRequests(postId: number | null, onQuote: (content: string) => void): void {
  useEffect(() => {
    if (postId === null) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<QuoteRequest>).detail;
      if (detail.postId === postId) onQuote(quoteDelta(postId, detail.text));
    };
    window.addEventListener(QUOTE_EVENT, listener);
    return () => window.removeEventListener(QUOTE_EVENT, listener);
  }, [postId, onQuote]);
}
