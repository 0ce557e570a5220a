import "server-only";
import { defineEnqueuedJob } from "@/lib/jobs/define-job";
import { removeContentIfUnused } from "@/lib/services/uploads";

/**
 * Written with an upload's removal, in its transaction (lib/services/uploads.ts): the stored file goes
 * if no row names it, even when the process died before removing it, or the store (S3) refused, or a
 * backup was running (the file waits until it ends: retried).
 */
export const removeStoredContentJob = defineEnqueuedJob({
  name: "remove-stored-content",
  retries: 8,
  retryDelaySeconds: 30,
  expireSeconds: 5 * 60,
  pollSeconds: 10,
  batchSize: 20,
  run: async ({ sha256, ext }) => {
    if (!(await removeContentIfUnused(sha256, ext))) throw new Error("a backup is running: the stored file is removed after it");
  },
});
