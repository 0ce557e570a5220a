"use client";

import { useState, type ReactNode } from "react";
import { useAuthorIgnored, useShowsNsfw } from "@/components/threads/thread-reader";

// What a reader chose not to see (contract section 17): posts by people they ignore are folded,
// sensitive posts covered unless their show_nsfw is 1. The words stay in the document (hidden),
// so Show needs no request. A kept page renders for nobody: nothing folded and every sensitive
// post covered; the reader's spliced state then folds or uncovers once the page is interactive.

/** Folds the whole post when the reader ignores its author: "A post by someone you ignore · Show". */
export function IgnoredFold({ postId, authorIgnored, children }: { postId: number; authorIgnored: boolean; children: ReactNode }) {
  const ignored = useAuthorIgnored(postId, authorIgnored);
  const [shown, setShown] = useState(false);
  const folded = ignored && !shown;
  return (
    <>
      {folded ? (
        <p className="post-veil post-veil--ignored" data-testid="ignored-fold">
          <span>A post by someone you ignore</span>
          <button type="button" className="post-veil__show" onClick={() => setShown(true)}>
            Show
          </button>
        </p>
      ) : null}
      <div className="post-veil__content" hidden={folded}>
        {children}
      </div>
    </>
  );
}

/** Covers a sensitive post's text and images unless the reader shows sensitive content: "Sensitive content · Show". */
export function SensitiveCover({ nsfw, children }: { nsfw: boolean; children: ReactNode }) {
  const uncovered = useShowsNsfw();
  const [shown, setShown] = useState(false);
  const covered = nsfw && !uncovered && !shown;
  return (
    <>
      {covered ? (
        <p className="post-veil post-veil--sensitive" data-testid="sensitive-cover">
          <span>Sensitive content</span>
          <span aria-hidden="true">·</span>
          <button type="button" className="post-veil__show" onClick={() => setShown(true)}>
            Show
          </button>
        </p>
      ) : null}
      <div className="post-veil__content" hidden={covered}>
        {children}
      </div>
    </>
  );
}
