import "server-only";
import { defineEnqueuedJob } from "@/lib/jobs/define-job";
import { recheckTip } from "@/lib/services/tips";

/**
 * Written with each tip, in its transaction (lib/services/tips.ts), to start AGORA_TIP_RECHECK_SECONDS
 * later: reads the block the tip was verified in again and removes the tip when that block left the
 * chain (a reorg). A chain that does not answer fails the run, retried with backoff; a tip already
 * removed is left alone, so a retried run changes nothing twice.
 */
export const recheckTipJob = defineEnqueuedJob({
  name: "recheck-tip",
  retries: 10,
  retryDelaySeconds: 30,
  expireSeconds: 120,
  pollSeconds: 2,
  batchSize: 20,
  run: (payload) => recheckTip(payload.tipId),
});
