import "server-only";
import { definePeriodicJob } from "@/lib/jobs/define-job";
import { getEnv } from "@/lib/env";
import { queueDueDigests } from "@/lib/services/email-digests";

/** Every AGORA_EMAIL_SWEEP_MS: digests that are due (daily or weekly) become send-email jobs. */
export const queueEmailDigestsJob = definePeriodicJob({
  name: "queue-email-digests",
  everyMs: () => getEnv().AGORA_EMAIL_SWEEP_MS,
  runAtStart: true,
  retries: 2,
  retryDelaySeconds: 10,
  expireSeconds: 30,
  run: async () => {
    await queueDueDigests();
  },
});
