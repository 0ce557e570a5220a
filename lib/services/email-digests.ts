import "server-only";
import { findDigestRecipient, listDigestThreads, takeDueDigests } from "@/lib/db/email-digests";
import { inTransaction } from "@/lib/db/engine/transaction";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { absoluteUrl, digestMessage } from "@/lib/services/email-messages";
import { unsubscribeToken } from "@/lib/services/email-tokens";
import { isEmailEnabled, sendMail } from "@/lib/services/mail-transport";

// Digests (contract section 20): settings.email_digest "daily" or "weekly" mails, once a day or a
// week after the last one (the first a period after the address was confirmed), the most active
// threads of the person's groups that they have not read; "off" mails none. A digest with nothing
// in it is not sent.

const BATCH = 100;

/** Takes the digests that are due and writes a send-email job for each, in one transaction. */
export async function queueDueDigests(): Promise<number> {
  if (!isEmailEnabled()) return 0;
  return inTransaction(async (tx) => {
    const due = await takeDueDigests(tx, BATCH);
    for (const digest of due) await enqueueInTransaction(tx, "send-email", { kind: "digest", userId: digest.userId, since: digest.since.toISOString() });
    return due.length;
  });
}

export async function sendDigestEmail(userId: number, since: Date): Promise<void> {
  const recipient = await findDigestRecipient(userId);
  if (!recipient?.address || !recipient.confirmed || recipient.preference === "off") return;
  const threads = await listDigestThreads(userId, since);
  if (threads.length === 0) return;
  const lines = threads.map((thread) => ({
    title: thread.title,
    groupName: thread.groupName,
    newPosts: thread.newPosts,
    link: absoluteUrl(`/g/${encodeURIComponent(thread.groupName)}/t/${thread.id}/${encodeURIComponent(thread.slug || "thread")}`),
  }));
  const unsubscribeUrl = absoluteUrl(`/unsubscribe?token=${unsubscribeToken(userId, "digest")}`);
  await sendMail(digestMessage(recipient.address, recipient.preference, lines, absoluteUrl("/settings#email"), unsubscribeUrl));
}
