import "server-only";
import { definePeriodicJob } from "@/lib/jobs/define-job";
import { logger } from "@/lib/log";
import { pruneAuthRecords } from "@/lib/services/maintenance";

/** Hourly, and at once on a database where none is waiting: expired tokens, wallet nonces and old live events go. */
export const pruneAuthRecordsJob = definePeriodicJob({
  name: "prune-auth-records",
  everyMs: () => 60 * 60_000,
  runAtStart: true,
  retries: 3,
  retryDelaySeconds: 60,
  expireSeconds: 15 * 60,
  run: async () => {
    const pruned = await pruneAuthRecords();
    if (pruned && (pruned.tokens > 0 || pruned.nonces > 0 || pruned.events > 0)) logger.info(pruned, "pruned expired tokens, nonces and live events");
  },
});
