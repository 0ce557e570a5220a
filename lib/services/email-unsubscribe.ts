import "server-only";
import { mergeUserSettings } from "@/lib/db/users";
import { NotFound } from "@/lib/errors";
import { readUnsubscribeToken, type MailKind } from "@/lib/services/email-tokens";

// One-click unsubscribe (RFC 8058, contract section 20): the signed token in a notification or
// digest email turns that kind of mail off, without signing in.

/** Turns off the kind of mail the link names; NotFound when the link is not one this site signed. */
export async function unsubscribeByLink(token: string): Promise<MailKind> {
  const read = readUnsubscribeToken(token);
  if (!read) throw new NotFound("unsubscribe link", "This unsubscribe link is not valid");
  await mergeUserSettings(read.userId, read.kind === "notifications" ? { email_notifications: "off" } : { email_digest: "off" });
  return read.kind;
}
