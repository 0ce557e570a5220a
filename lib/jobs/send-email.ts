import "server-only";
import { defineEnqueuedJob } from "@/lib/jobs/define-job";
import { sendQueuedEmail } from "@/lib/services/email-sending";

/**
 * One email (a confirmation link, a notification, a digest), written in the transaction that
 * decided it. An SMTP server that refuses or is down fails the run, which is retried with backoff
 * (30 s doubling, about 2 hours in all), so mail is late, never lost, and no request waits for it.
 */
export const sendEmailJob = defineEnqueuedJob({
  name: "send-email",
  retries: 8,
  retryDelaySeconds: 30,
  // Longer than the transport's timeouts (lib/services/mail-transport.ts), so a slow server is never sent to twice at once.
  expireSeconds: 2 * 60,
  pollSeconds: 2,
  batchSize: 10,
  run: (payload) => sendQueuedEmail(payload),
});
