import "server-only";
import { defineEnqueuedJob } from "@/lib/jobs/define-job";
import { snapshotOpenedPoll } from "@/lib/services/poll-reads";

/**
 * Written with a token poll that opens later, in its transaction (lib/services/polls.ts), to start
 * at its opens_at: fixes the poll's snapshot block when it opens. A read or a vote after opens_at
 * fixes it too, and the first one wins (one conditional statement), so a late or repeated run
 * changes nothing; a run for an opening time since moved finds the poll not open and does nothing.
 */
export const snapshotPollJob = defineEnqueuedJob({
  name: "snapshot-poll",
  retries: 8,
  retryDelaySeconds: 10,
  expireSeconds: 60,
  pollSeconds: 2,
  batchSize: 20,
  run: (payload) => snapshotOpenedPoll(payload.pollId),
});
