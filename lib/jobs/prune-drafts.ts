import "server-only";
import { definePeriodicJob } from "@/lib/jobs/define-job";
import { logger } from "@/lib/log";
import { pruneStaleDrafts } from "@/lib/services/drafts";

/** Hourly, and at start: drafts nobody saved for 180 days go (contract section 17). One statement, idempotent. */
export const pruneDraftsJob = definePeriodicJob({
  name: "prune-drafts",
  everyMs: () => 60 * 60_000,
  runAtStart: true,
  retries: 3,
  retryDelaySeconds: 60,
  expireSeconds: 15 * 60,
  run: async () => {
    const pruned = await pruneStaleDrafts();
    if (pruned > 0) logger.info({ pruned }, "pruned drafts untouched for 180 days");
  },
});
