import { formatAbsoluteTime } from "@/lib/format/relative-time";
import type { ThreadNoticeView } from "@/lib/views/thread-view";
import "./threads.css";

/** Why the reader cannot reply, or what state the thread is in: said plainly where the composer would be. */
export function ThreadNotices({ notices }: { notices: ThreadNoticeView[] }) {
  if (notices.length === 0) return null;
  return (
    <div className="thread-notices">
      {notices.map((notice) => (
        <p key={notice.kind} className={`thread-notice thread-notice--${notice.kind}`} data-testid={`notice-${notice.kind}`} role="note">
          {notice.kind === "locked" ? (
            notice.canStillReply ? (
              "This thread is locked. As a moderator you can still reply."
            ) : (
              "This thread is locked: new replies are turned off."
            )
          ) : notice.kind === "deleted" ? (
            "This thread was deleted. Only the group's moderators can see it."
          ) : (
            <>
              You are banned from posting in this group
              {notice.until ? (
                <>
                  {" "}
                  until <time dateTime={notice.until}>{formatAbsoluteTime(new Date(notice.until))}</time>
                </>
              ) : null}
              {notice.reason ? `. Reason: ${notice.reason}` : "."}
            </>
          )}
        </p>
      ))}
    </div>
  );
}
