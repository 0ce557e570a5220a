import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import {
  countRecentConfirmations,
  findConfirmationByHash,
  insertEmailConfirmation,
  readEmailStatus,
  spendConfirmation,
  writeUserEmail,
  type EmailStatus,
} from "@/lib/db/email-addresses";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import { Conflict, Invalid, RateLimited } from "@/lib/errors";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { confirmationToken, hashToken, newConfirmationNonce } from "@/lib/services/email-tokens";
import { isEmailEnabled } from "@/lib/services/mail-transport";

// A person's address and its confirmation (contract section 20): update user info sets it and,
// when it changed, a confirmation link (24 hours) is written and mailed from the job queue in the
// same transaction. Only confirmed addresses receive notifications and digests.

export const CONFIRMATION_HOURS = 24;
/** Links a person may have sent per hour (the first with the address change included). */
const CONFIRMATIONS_PER_HOUR = 5;

async function writeConfirmation(tx: Tx, userId: number, address: string): Promise<void> {
  const nonce = newConfirmationNonce();
  const createdAt = new Date();
  const expiresAt = new Date(createdAt.getTime() + CONFIRMATION_HOURS * 3600_000);
  const confirmationId = await insertEmailConfirmation(tx, { userId, address, nonce, tokenHash: hashToken(confirmationToken(nonce)), createdAt, expiresAt });
  await enqueueInTransaction(tx, "send-email", { kind: "confirmation", confirmationId });
}

/**
 * Update user info's address (already validated; null clears it). A new address is unconfirmed
 * from this write on (the confirmed one no longer matches) and gets a link, when the site sends email.
 */
export async function setEmailAddress(userId: number, address: string | null): Promise<void> {
  await inTransaction(async (tx) => {
    const before = await writeUserEmail(tx, userId, address);
    if (address !== null && address !== before && isEmailEnabled()) await writeConfirmation(tx, userId, address);
  });
}

/** "Send the link again": for a set, unconfirmed address, at most five links an hour. */
export async function resendEmailConfirmation(actor: SignedIn): Promise<EmailStatus> {
  if (!isEmailEnabled()) throw new Conflict("Email is off on this site");
  const status = await readEmailStatus(actor.id);
  if (status.address === null) throw new Invalid("email", "is not set: add an address first");
  if (status.confirmed) throw new Conflict("This address is confirmed already", "email");
  if ((await countRecentConfirmations(actor.id, 3600)) >= CONFIRMATIONS_PER_HOUR) throw new RateLimited(600);
  const address = status.address;
  await inTransaction((tx) => writeConfirmation(tx, actor.id, address));
  return status;
}

export type ConfirmationOutcome = "confirmed" | "expired" | "used" | "invalid";

/** Opening a link (no sign-in needed: the token is the proof). */
export async function confirmEmailAddress(token: string): Promise<{ outcome: ConfirmationOutcome; address: string | null }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { outcome: "invalid", address: null };
  const confirmation = await findConfirmationByHash(hashToken(token));
  if (!confirmation) return { outcome: "invalid", address: null };
  const address = confirmation.address;
  if (confirmation.usedAt) return { outcome: "used", address };
  if (confirmation.expiresAt.getTime() <= Date.now()) return { outcome: "expired", address };
  // A link to an address the person has since replaced confirms nothing.
  if (confirmation.currentAddress !== address) return { outcome: "invalid", address: null };
  const spent = await inTransaction((tx) => spendConfirmation(tx, confirmation.id));
  return spent ? { outcome: "confirmed", address } : { outcome: "used", address };
}
