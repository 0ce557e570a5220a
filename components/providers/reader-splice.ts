"use client";

import { useSyncExternalStore } from "react";
import { READER_STATE_ELEMENT_ID, type ReaderState } from "@/lib/views/reader-state";

// The signed-in reader's state the server spliced into a kept page (lib/http/guest-page-cache.ts):
// read once per document. On the server, and while hydrating, it is null (the neutral page the
// HTML holds); React then renders again with it, so hydration always matches.

let spliced: ReaderState | null | undefined;

function readSpliced(): ReaderState | null {
  if (spliced !== undefined) return spliced;
  const element = document.getElementById(READER_STATE_ELEMENT_ID);
  // It sits before the first script, so it is parsed by now; if not, it is looked for again once the document is.
  if (!element) {
    if (document.readyState === "loading") return null;
    spliced = null;
    return spliced;
  }
  try {
    spliced = JSON.parse(element.textContent ?? "null") as ReaderState | null;
  } catch {
    spliced = null;
  }
  return spliced;
}

function subscribe(notify: () => void): () => void {
  if (document.readyState !== "loading") return () => undefined;
  document.addEventListener("DOMContentLoaded", notify, { once: true });
  return () => document.removeEventListener("DOMContentLoaded", notify);
}

const neutral = () => null;

/** The spliced state of this document, or null (none, or still hydrating the neutral HTML). */
export function useSplicedReader(): ReaderState | null {
  return useSyncExternalStore(subscribe, readSpliced, neutral);
}
