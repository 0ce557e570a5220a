import "server-only";
import { definePeriodicJob } from "@/lib/jobs/define-job";
import { logger } from "@/lib/log";
import { sweepOrphanUploads } from "@/lib/services/uploads";

/** Hourly: uploads never attached to a post within a day (a cancelled draft) go. */
export const sweepOrphanUploadsJob = definePeriodicJob({
  name: "sweep-orphan-uploads",
  everyMs: () => 60 * 60_000,
  runAtStart: true,
  retries: 3,
  retryDelaySeconds: 60,
  expireSeconds: 30 * 60,
  run: async () => {
    const swept = await sweepOrphanUploads();
    if (swept > 0) logger.info({ uploads: swept }, "removed unattached uploads");
  },
});
