"use client";

import { useId, useState, useTransition } from "react";
import { BookmarkIcon } from "@/components/ui/icons";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { setPostBookmarkAction } from "@/lib/actions/bookmark-actions";
import { describeReminder, laterToday, nextWeekMorning, pickedDateMorning, tomorrowMorning } from "./reminder-times";
import "./bookmarks.css";

interface BookmarkButtonProps {
  postId: number;
  /** The reader's bookmark as the page (or its spliced reader state) has it. */
  bookmarked: boolean;
}

type Change = { bookmarked: boolean; remindAt: string | null };

const todayValue = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
};

/** Bookmark a post; once it is bookmarked, a small panel offers a reminder (later today, tomorrow, next week, a date) or taking it back. */
export function BookmarkButton({ postId, bookmarked: rendered }: BookmarkButtonProps) {
  const [changed, setChanged] = useState<Change | null>(null);
  const [open, setOpen] = useState(false);
  const [date, setDate] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const panelId = useId();
  const bookmarked = changed?.bookmarked ?? rendered;

  function send(input: { bookmarked: boolean; remindAt?: string | null }, after?: () => void) {
    setError(null);
    startTransition(async () => {
      const result = await setPostBookmarkAction({ postId, ...input }).catch(() => null);
      if (!result?.ok) return setError(result?.error ?? NETWORK_ERROR);
      setChanged(result.data);
      after?.();
    });
  }

  function toggle() {
    if (bookmarked) return setOpen((value) => !value);
    send({ bookmarked: true }, () => setOpen(true));
  }

  function remindAt(at: Date | null) {
    if (!at) return setError("Pick a date first.");
    send({ bookmarked: true, remindAt: at.toISOString() });
  }

  return (
    <span className="bookmark">
      <button
        type="button"
        className="post__likes post__control-button bookmark__button"
        aria-pressed={bookmarked}
        aria-expanded={bookmarked ? open : undefined}
        aria-controls={open ? panelId : undefined}
        onClick={toggle}
        disabled={pending}
        title={bookmarked ? "Bookmarked: set a reminder or remove" : "Bookmark this post"}
      >
        <BookmarkIcon fill={bookmarked ? "currentColor" : "none"} />
        <span>{bookmarked ? "Bookmarked" : "Bookmark"}</span>
      </button>
      {open && bookmarked ? (
        <div id={panelId} className="bookmark__panel" role="group" aria-label="Reminder">
          <p className="bookmark__status" role="status">
            {changed?.remindAt ? `Reminder set for ${describeReminder(changed.remindAt)}` : "Saved to your bookmarks. Remind me:"}
          </p>
          <div className="bookmark__choices">
            <button type="button" className="button form-button-quiet" disabled={pending} onClick={() => remindAt(laterToday())}>
              Later today
            </button>
            <button type="button" className="button form-button-quiet" disabled={pending} onClick={() => remindAt(tomorrowMorning())}>
              Tomorrow
            </button>
            <button type="button" className="button form-button-quiet" disabled={pending} onClick={() => remindAt(nextWeekMorning())}>
              Next week
            </button>
          </div>
          <div className="bookmark__date">
            <label>
              <span>On a date</span>
              <input type="date" min={todayValue()} value={date} onChange={(event) => setDate(event.target.value)} />
            </label>
            <button type="button" className="button form-button-quiet" disabled={pending} onClick={() => remindAt(pickedDateMorning(date))}>
              Set
            </button>
          </div>
          <div className="bookmark__footer">
            {changed?.remindAt ? (
              <button type="button" className="button form-button-quiet" disabled={pending} onClick={() => send({ bookmarked: true, remindAt: null })}>
                No reminder
              </button>
            ) : null}
            <button type="button" className="button form-button-quiet" disabled={pending} onClick={() => send({ bookmarked: false }, () => setOpen(false))}>
              Remove bookmark
            </button>
            <button type="button" className="button form-button-quiet" onClick={() => setOpen(false)}>
              Close
            </button>
          </div>
        </div>
      ) : null}
      {error ? (
        <span className="post__control-error" role="alert">
          {error}
        </span>
      ) : null}
    </span>
  );
}
