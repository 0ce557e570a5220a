import "server-only";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { signWithServerSecret } from "@/lib/auth/secret";

// Tokens in email links. A confirmation token is an HMAC of a random nonce under the server secret:
// the database keeps the nonce and the token's sha256 only, so neither a copy of the database nor
// the job queue (which carries the confirmation's id) can open a link; the sending job derives the
// token again. An unsubscribe token names the person and the kind of mail, signed the same way.

export type MailKind = "notifications" | "digest";

const CONFIRM_PURPOSE = "agora email confirmation v1\n";
const UNSUBSCRIBE_PURPOSE = "agora email unsubscribe v1\n";
const KIND_CODES: Record<MailKind, string> = { notifications: "n", digest: "d" };

function mac(purpose: string, value: string): string {
  return signWithServerSecret(purpose + value);
}

export function newConfirmationNonce(): string {
  return randomBytes(24).toString("base64url");
}

export function confirmationToken(nonce: string): string {
  return mac(CONFIRM_PURPOSE, nonce);
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function unsubscribeToken(userId: number, kind: MailKind): string {
  const body = `${userId}.${KIND_CODES[kind]}`;
  return `${body}.${mac(UNSUBSCRIBE_PURPOSE, body)}`;
}

/** The person and kind an unsubscribe token names, or null when it is not one this site signed. */
export function readUnsubscribeToken(token: string): { userId: number; kind: MailKind } | null {
  const match = /^([1-9][0-9]{0,9})\.([nd])\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const expected = Buffer.from(mac(UNSUBSCRIBE_PURPOSE, `${match[1]}.${match[2]}`));
  const given = Buffer.from(match[3]!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId: Number(match[1]), kind: match[2] === "n" ? "notifications" : "digest" };
}
