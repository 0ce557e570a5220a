"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";
import { useLiveEvents, type LiveMessage } from "@/components/live/use-live-events";
import { unwrapAction } from "@/lib/actions/action-types";
import { createPollAction, loadPollAction } from "@/lib/actions/poll-actions";
import type { PollView } from "@/lib/views/poll-view";
import { PollCard } from "./poll-card";
import { checkPollDraft, emptyPollDraft, MAX_POLLS, toPollInput } from "./poll-draft";
import { PollForm } from "./poll-form";
import "./polls.css";

export interface ThreadPollsProps {
  threadId: number;
  polls: PollView[];
  /** The newest live event when the page was rendered: votes after it arrive over the stream. */
  since: number;
  /** The thread's author and the group's moderators may add polls (up to five). */
  canAdd: boolean;
}

type PollEventData = { poll_id?: number };
// A timer further out than this is not worth keeping (setTimeout's limit is about 24.8 days).
const MAX_TIMER_MS = 24 * 60 * 60 * 1000;

/**
 * The thread's polls under the opening post, kept current: each `poll` event of the thread's
 * live stream (one after every vote) reads that poll again as this reader sees it (results stay
 * hidden where they should), as does a poll's opening or closing time passing.
 */
export function ThreadPolls({ threadId, polls: rendered, since, canAdd }: ThreadPollsProps) {
  const router = useRouter();
  const [adding, setAdding] = useState(false);
  const [polls, setPolls] = useState(rendered);
  const [seen, setSeen] = useState(rendered);
  // A refresh of the page brings new props: they replace what was kept.
  if (seen !== rendered) {
    setSeen(rendered);
    setPolls(rendered);
  }
  const replace = useCallback((next: PollView) => setPolls((current) => current.map((poll) => (poll.id === next.id ? next : poll))), []);

  // One read at a time per poll; events arriving meanwhile ask for one more read after it.
  const reads = useRef(new Map<number, "reading" | "again">());
  const reload = useCallback(
    (pollId: number) => {
      if (reads.current.has(pollId)) return void reads.current.set(pollId, "again");
      void (async () => {
        do {
          reads.current.set(pollId, "reading");
          await unwrapAction(() => loadPollAction({ pollId })).then(replace, () => undefined);
        } while (reads.current.get(pollId) === "again");
        reads.current.delete(pollId);
      })();
    },
    [replace],
  );

  const ids = polls.map((poll) => poll.id).join(",");
  const onEvent = useCallback(
    (message: LiveMessage<PollEventData>) => {
      const pollId = message.data.poll_id;
      const known = ids.split(",");
      // A poll added to the thread since the page was rendered: the page brings it.
      if (typeof pollId === "number" && !known.includes(String(pollId))) return router.refresh();
      for (const id of typeof pollId === "number" ? [pollId] : known.map(Number)) if (known.includes(String(id))) reload(id);
    },
    [ids, reload, router],
  );
  useLiveEvents<PollEventData>({ thread: threadId }, since, ["poll"], onEvent);

  // A scheduled poll opens, an open one closes, by the clock: read it again then.
  const boundaries = polls
    .map((poll) => ({ id: poll.id, at: poll.status === "scheduled" ? poll.opensAt : poll.status === "open" ? poll.closesAt : null }))
    .filter((entry): entry is { id: number; at: string } => entry.at !== null);
  const boundaryKey = boundaries.map((entry) => `${entry.id}@${entry.at}`).join(",");
  useEffect(() => {
    if (!boundaryKey) return;
    const timers = boundaryKey.split(",").flatMap((entry) => {
      const [id, at] = entry.split("@") as [string, string];
      const wait = new Date(at).getTime() - Date.now() + 1000;
      return wait > MAX_TIMER_MS ? [] : [setTimeout(() => reload(Number(id)), Math.max(wait, 0))];
    });
    return () => timers.forEach(clearTimeout);
  }, [boundaryKey, reload]);

  if (polls.length === 0 && !canAdd) return null;
  return (
    <section className="thread-polls" aria-labelledby="thread-polls-heading">
      <h2 id="thread-polls-heading" className="visually-hidden">
        {polls.length === 1 ? "Poll" : "Polls"}
      </h2>
      {polls.map((poll) => (
        <PollCard key={poll.id} poll={poll} onPoll={replace} />
      ))}
      {canAdd && adding ? (
        <PollForm
          initial={emptyPollDraft()}
          heading="New poll"
          submitLabel="Add poll"
          check={(draft) => checkPollDraft(draft)}
          submit={(draft) => createPollAction({ threadId, poll: toPollInput(draft) })}
          onDone={(poll) => {
            setPolls((current) => (current.some((known) => known.id === poll.id) ? current : [...current, poll]));
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      ) : null}
      {canAdd && !adding && polls.length < MAX_POLLS ? (
        <div className="thread-polls__add">
          <button type="button" className="button button--secondary" onClick={() => setAdding(true)}>
            Add a poll
          </button>
        </div>
      ) : null}
    </section>
  );
}
