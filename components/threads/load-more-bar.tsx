import "./threads.css";

export interface LoadMoreBarProps {
  /** A page is on its way (or the code that fetches it). */
  busy?: boolean;
  /** The last attempt failed: say so and offer to try again. */
  failed?: boolean;
  /** False once the thread's last page is on screen. */
  hasMore?: boolean;
  onLoad?: () => void;
}

/** The button under a thread's replies, the same before and after the fetching code has loaded. */
export function LoadMoreBar({ busy = false, failed = false, hasMore = true, onLoad }: LoadMoreBarProps) {
  return (
    <div className="load-more" aria-live="polite">
      {failed ? (
        <p className="load-more__error" role="alert">
          Could not load more posts. Check your connection and try again.
        </p>
      ) : null}
      {hasMore ? (
        <button type="button" className="button button--secondary" onClick={onLoad} disabled={busy} aria-busy={busy}>
          {busy ? "Loading…" : failed ? "Try again" : "Load more replies"}
        </button>
      ) : (
        <p className="load-more__end">You have reached the end of this thread.</p>
      )}
    </div>
  );
}
