"use client";

import { useState, type ReactNode } from "react";
import { useAuthorIgnored, useShowsNsfw } from "@/components/threads/thread-reader";

// What a reader chose not to see (contract section 17): posts by people they ignore are folded,
// sensitive posts covered unless their show_nsfw is 1. The words stay in the document (hidden),
// so Show needs no request. A kept page renders for nobody: nothing folded and every sensitive
// post covered; the reader's spliced state then folds or uncovers once the page is interactive.

/** A cover over `children` while `active`, until the reader asks to see what it hides. */
function Veil({ active, kind, testId, label, children }: { active: boolean; kind: string; testId: string; label: ReactNode; children: ReactNode }) {
  const [shown, setShown] = useState(false);
  const covered = active && !shown;
  return (
    <>
      {covered ? (
        <p className={`post-veil post-veil--${kind}`} data-testid={testId}>
          {label}
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

/** Folds the whole post when the reader ignores its author: "A post by someone you ignore · Show". */
export function IgnoredFold({ postId, authorIgnored, children }: { postId: number; authorIgnored: boolean; children: ReactNode }) {
  const ignored = useAuthorIgnored(postId, authorIgnored);
  return (
    <Veil active={ignored} kind="ignored" testId="ignored-fold" label={<span>A post by someone you ignore</span>}>
      {children}
    </Veil>
  );
}

/** Covers a sensitive post's text and images unless the reader shows sensitive content: "Sensitive content · Show". */
export function SensitiveCover({ nsfw, children }: { nsfw: boolean; children: ReactNode }) {
  const uncovered = useShowsNsfw();
  const label = (
    <>
      <span>Sensitive content</span>
      <span aria-hidden="true">·</span>
    </>
  );
  return (
    <Veil active={nsfw && !uncovered} kind="sensitive" testId="sensitive-cover" label={label}>
      {children}
    </Veil>
  );
}
