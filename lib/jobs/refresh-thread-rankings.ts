import "server-only";
import { definePeriodicJob } from "@/lib/jobs/define-job";
import { logger } from "@/lib/log";
import { refreshThreadRankings } from "@/lib/services/maintenance";

/** Every minute, and at start: once a UTC day ends, the top and hot feeds' windows move on. */
export const refreshThreadRankingsJob = definePeriodicJob({
  name: "refresh-thread-rankings",
  everyMs: () => 60_000,
  runAtStart: true,
  retries: 2,
  retryDelaySeconds: 30,
  expireSeconds: 15 * 60,
  run: async () => {
    const moved = await refreshThreadRankings();
    if (moved > 0) logger.info({ moved }, "moved the top and hot feeds' windows on to today");
  },
});
