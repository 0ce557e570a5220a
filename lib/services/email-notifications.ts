import "server-only";
import { notificationPath, summariseNotification } from "@/lib/schemas/notification-text";
import {
  deleteOutboxRows,
  findNotificationMail,
  holdOutboxRow,
  recordThreadEmail,
  takeDueNotificationEmails,
  type NotificationMailRecord,
} from "@/lib/db/email-outbox";
import { inTransaction } from "@/lib/db/engine/transaction";
import { getEnv } from "@/lib/env";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { absoluteUrl, notificationMessage, renderPostForEmail, type MailLine } from "@/lib/services/email-messages";
import { unsubscribeToken } from "@/lib/services/email-tokens";
import { isEmailEnabled, sendMail } from "@/lib/services/mail-transport";

// Notification emails (contract section 20). The notification's own statement queued it in
// email_outbox (prisma/derived/email-outbox.sql); this drain, run by the send-notification-emails
// job, takes rows that waited AGORA_EMAIL_DELAY_SECONDS and, in one transaction, drops those read on
// the site meanwhile or not wanted, holds back a thread mailed in the last 10 minutes, and turns the
// rest into send-email jobs. So a notification is mailed once, whatever restarts in between.

/**
 * What each settings.email_notifications value mails. "mentions": what someone addressed to you
 * (replies to your posts, mentions, quotes, membership answers and invitations, your bookmark
 * reminders); "all": every notification, of any type (follows, likes, tips, badges too); "off": none.
 */
const ADDRESSED_TO_YOU = new Set(["reply", "mention", "quote", "membership", "reminder"]);

export function mailsNotification(preference: string, type: string): boolean {
  if (preference === "all") return true;
  if (preference === "mentions") return ADDRESSED_TO_YOU.has(type);
  return false;
}

export const THREAD_EMAIL_INTERVAL_MS = 10 * 60_000;
const BATCH = 200;

/** One pass over the outbox; answers how many emails were queued. */
export async function drainNotificationEmails(): Promise<number> {
  const delaySeconds = getEnv().AGORA_EMAIL_DELAY_SECONDS;
  const enabled = isEmailEnabled();
  return inTransaction(async (tx) => {
    const due = await takeDueNotificationEmails(tx, delaySeconds, BATCH);
    const done: bigint[] = [];
    const mailedNow = new Set<string>();
    let queued = 0;
    for (const row of due) {
      if (!enabled || row.read || !row.deliverable || !mailsNotification(row.preference, row.type)) {
        done.push(row.outboxId);
        continue;
      }
      if (row.threadId !== null) {
        const key = `${row.userId}:${row.threadId}`;
        const last = mailedNow.has(key) ? Date.now() : row.threadSentAt?.getTime();
        if (last !== undefined && last + THREAD_EMAIL_INTERVAL_MS > Date.now()) {
          // Waits for the end of the thread's 10 minutes, and is then mailed only if still unread.
          await holdOutboxRow(tx, row.outboxId, new Date(last + THREAD_EMAIL_INTERVAL_MS));
          continue;
        }
        mailedNow.add(key);
        await recordThreadEmail(tx, row.userId, row.threadId);
      }
      done.push(row.outboxId);
      await enqueueInTransaction(tx, "send-email", { kind: "notification", notificationId: row.notificationId });
      queued++;
    }
    await deleteOutboxRows(tx, done);
    return queued;
  });
}

function describe(record: NotificationMailRecord): string {
  return summariseNotification(record.type, record.count, record.actorName ?? (record.type === "badge" ? "" : "Someone"));
}

function notificationLink(record: NotificationMailRecord): string {
  return absoluteUrl(
    notificationPath({ type: record.type, groupName: record.groupName, threadId: record.threadId, slug: record.threadSlug, postId: record.postId }),
  );
}

/** The send-email job's notification: mailed unless it was read, or the address unconfirmed, since it was queued. */
export async function sendNotificationEmail(notificationId: number): Promise<void> {
  const record = await findNotificationMail(notificationId);
  if (!record || record.read || !record.confirmed || !record.address) return;
  const summary = describe(record);
  const line: MailLine = {
    summary,
    subject: `${summary} in "${record.threadTitle}"`,
    link: notificationLink(record),
    post: record.postContent === null ? null : renderPostForEmail(record.postContent, record.postHtml),
  };
  const unsubscribeUrl = absoluteUrl(`/unsubscribe?token=${unsubscribeToken(record.userId, "notifications")}`);
  await sendMail(notificationMessage(record.address, line, absoluteUrl("/settings#email"), unsubscribeUrl));
}
