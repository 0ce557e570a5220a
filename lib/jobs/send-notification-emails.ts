import "server-only";
import { definePeriodicJob } from "@/lib/jobs/define-job";
import { getEnv } from "@/lib/env";
import { drainNotificationEmails } from "@/lib/services/email-notifications";

/** Every AGORA_EMAIL_SWEEP_MS: notifications that waited AGORA_EMAIL_DELAY_SECONDS become send-email jobs. */
export const sendNotificationEmailsJob = definePeriodicJob({
  name: "send-notification-emails",
  everyMs: () => getEnv().AGORA_EMAIL_SWEEP_MS,
  runAtStart: true,
  retries: 2,
  retryDelaySeconds: 10,
  // One short transaction: a run of an instance that died is failed and retried within about 1.5 minutes.
  expireSeconds: 30,
  run: async () => {
    await drainNotificationEmails();
  },
});
