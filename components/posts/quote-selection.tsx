"use client";

import { useEffect, useState } from "react";
import { useViewer } from "@/components/providers/viewer-context";
import { requestQuote } from "./quote-events";
import "../bookmarks/bookmarks.css";

interface Offer {
  postId: number;
  text: string;
  top: number;
  left: number;
}

// Words selected inside one post's body: the post's id, the words, and where to show "Quote".
function readSelection(): Offer | null {
  const selection = window.getSelection();
  if (!selection || selection.isCollapsed || selection.rangeCount === 0) return null;
  const text = selection.toString();
  if (text.trim() === "") return null;
  const range = selection.getRangeAt(0);
  const start = range.startContainer instanceof Element ? range.startContainer : range.startContainer.parentElement;
  const body = start?.closest(".post__body");
  const end = range.endContainer instanceof Element ? range.endContainer : range.endContainer.parentElement;
  if (!body || !end || !body.contains(end)) return null;
  const article = body.closest("article[id^='post-']");
  const postId = Number(article?.id.slice("post-".length));
  if (!Number.isInteger(postId) || postId <= 0) return null;
  const rect = range.getBoundingClientRect();
  // In the viewport (the button is fixed), kept on screen on a narrow phone.
  return { postId, text, top: rect.bottom + 6, left: Math.min(Math.max(8, rect.left), window.innerWidth - 90) };
}

/** Once per thread page: select words in a post and a "Quote" button puts them in a reply to it. */
export function QuoteSelection() {
  const viewer = useViewer();
  const [offer, setOffer] = useState<Offer | null>(null);

  useEffect(() => {
    if (!viewer) return;
    // Read after the selection settles (mouse up, keys, a touch's handles), never while dragging.
    const update = () => window.setTimeout(() => setOffer(readSelection()), 0);
    document.addEventListener("mouseup", update);
    document.addEventListener("keyup", update);
    document.addEventListener("touchend", update);
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      window.removeEventListener("scroll", update);
      document.removeEventListener("mouseup", update);
      document.removeEventListener("keyup", update);
      document.removeEventListener("touchend", update);
    };
  }, [viewer]);

  if (!offer) return null;
  return (
    <button
      type="button"
      className="button button--primary quote-selection"
      style={{ top: offer.top, left: offer.left }}
      // Keeps the selection: a mousedown on a button would otherwise clear it before the click.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        requestQuote(offer.postId, offer.text);
        window.getSelection()?.removeAllRanges();
        setOffer(null);
      }}
    >
      Quote
    </button>
  );
}
