import "server-only";
import { defineEnqueuedJob } from "@/lib/jobs/define-job";

/**
 * Written with each new post and edit in an archiving group, in its transaction
 * (lib/services/archives.ts): posts the revision's bundle to the Arweave gateway and stores its cid
 * and transaction id. A gateway that is down fails the run, retried with backoff (5 s, then twice
 * as long each time, for about two days); a revision already archived is left alone.
 */
export const archivePostJob = defineEnqueuedJob({
  name: "archive-post",
  retries: 16,
  retryDelaySeconds: 5,
  expireSeconds: 120,
  pollSeconds: 2,
  batchSize: 10,
  // Loaded when a run starts: the bundle's multiformats is ESM only, and the scripts that list the
  // jobs (npm run db:migrate) load modules as CommonJS.
  run: async (payload) => (await import("@/lib/services/archive-posting")).archivePostRevision(payload.archiveId),
});
