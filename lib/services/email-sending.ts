import "server-only";
import { findConfirmation } from "@/lib/db/email-addresses";
import type { JobPayloads } from "@/lib/jobs/queue/payloads";
import { sendDigestEmail } from "@/lib/services/email-digests";
import { absoluteUrl, confirmationMessage } from "@/lib/services/email-messages";
import { sendNotificationEmail } from "@/lib/services/email-notifications";
import { confirmationToken } from "@/lib/services/email-tokens";
import { sendMail } from "@/lib/services/mail-transport";

/** The send-email job: one message. A refusal or an unreachable server throws, and the job retries. */
export async function sendQueuedEmail(payload: JobPayloads["send-email"]): Promise<void> {
  if (payload.kind === "notification") return sendNotificationEmail(payload.notificationId);
  if (payload.kind === "digest") return sendDigestEmail(payload.userId, new Date(payload.since));
  const confirmation = await findConfirmation(payload.confirmationId);
  // A link for an address the person has replaced since, or used already, is not sent.
  if (!confirmation || confirmation.usedAt || confirmation.currentAddress !== confirmation.address) return;
  const link = absoluteUrl(`/email/confirm?token=${confirmationToken(confirmation.nonce)}`);
  await sendMail(confirmationMessage({ to: confirmation.address, username: confirmation.username, link }));
}
