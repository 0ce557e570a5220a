import "server-only";
import { defineEnqueuedJob } from "@/lib/jobs/define-job";
import { remindOfBookmark } from "@/lib/services/bookmarks";

/**
 * Written with a bookmark's reminder time, in its transaction (lib/services/bookmarks.ts), to start
 * at that time: durable across restarts, taken by one instance, and firing is a conditional update
 * (lib/db/bookmarks.ts), so a retried or duplicated run notifies nobody twice.
 */
export const remindBookmarkJob = defineEnqueuedJob({
  name: "remind-bookmark",
  retries: 8,
  retryDelaySeconds: 30,
  expireSeconds: 5 * 60,
  pollSeconds: 2,
  batchSize: 20,
  run: (payload) => remindOfBookmark(payload),
});
