"use client";

import { useState } from "react";

/** Shares the thread through the device's share sheet, or copies its link where there is none. */
export function ShareButton({ title, path }: { title: string; path: string }) {
  const [status, setStatus] = useState("");

  async function share() {
    const url = new URL(path, window.location.origin).toString();
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setStatus("Link copied");
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setStatus("Could not share: copy the address from the address bar");
    }
  }

  return (
    <span className="share-button">
      <button type="button" className="button form-button-quiet" onClick={() => void share()}>
        Share
      </button>
      <span role="status" className="form-hint">
        {status}
      </span>
    </span>
  );
}
