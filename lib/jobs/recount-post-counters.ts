import "server-only";
import { definePeriodicJob } from "@/lib/jobs/define-job";
import { logger } from "@/lib/log";
import { recountPostCounters, recountTagThreads } from "@/lib/services/maintenance";

/** Hourly: the counters posts move are recomputed from the rows; any that drifted is set and logged (none should). */
export const recountPostCountersJob = definePeriodicJob({
  name: "recount-post-counters",
  everyMs: () => 60 * 60_000,
  runAtStart: false,
  retries: 1,
  retryDelaySeconds: 300,
  expireSeconds: 30 * 60,
  run: async () => {
    const drift = await recountPostCounters();
    if (drift && drift.length > 0) logger.warn({ drift: drift.slice(0, 50), total: drift.length }, "post counters drifted from their rows; set again");
    const tags = await recountTagThreads();
    if (tags) logger.warn({ tags }, "tags' thread counts drifted from their threads; set again");
  },
});
