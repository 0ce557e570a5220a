import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { forgetUserTokenChecks } from "@/lib/auth/token-checks";
import { inTransaction } from "@/lib/db/engine/transaction";
import { clearLapsedSuspension, clearSuspension, findAccountStanding, writeSuperAdmin, writeSuspension } from "@/lib/db/user-suspensions";
import { findUserIdByUsername, isSuperAdmin } from "@/lib/db/users";
import { findWalletByAddress } from "@/lib/db/wallets";
import { Forbidden, Invalid, NotFound } from "@/lib/errors";

// Contract section 20, "Site administration": site admins (users.super_admin) suspend and restore
// accounts; `npm run admin` makes and unmakes them. A suspension ends the account's tokens and
// sessions at once on every instance, and they stay ended when it is lifted.

const DAY_MS = 24 * 60 * 60 * 1000;

export async function requireSiteAdmin(actor: SignedIn): Promise<void> {
  if (!(await isSuperAdmin(actor.id))) throw new Forbidden("Only site admins can do this");
}

/** Whether the signed-in person is a site admin (the /admin pages answer 404 to everyone else). */
export function isSiteAdmin(actor: SignedIn | null): Promise<boolean> {
  return actor ? isSuperAdmin(actor.id) : Promise.resolve(false);
}

export interface SuspensionInput {
  suspended: boolean;
  reason: string;
  /** 0: until lifted. */
  days: number;
}

/** Suspends or restores an account (site admins); answers whether it is active now. */
export async function setAccountSuspension(actor: SignedIn, userId: number, input: SuspensionInput): Promise<{ userId: number; active: boolean }> {
  await requireSiteAdmin(actor);
  if (input.suspended && userId === actor.id) throw new Invalid("user_id", "you cannot suspend yourself");
  await inTransaction(async (tx) => {
    if (!(await findAccountStanding(userId, tx))) throw new NotFound("user");
    if (!input.suspended) return clearSuspension(tx, userId);
    const until = input.days > 0 ? new Date(Date.now() + input.days * DAY_MS) : null;
    await writeSuspension(tx, userId, { until, reason: input.reason });
  });
  // Kept token checks of this user go on every instance: their next request is refused.
  if (input.suspended) await forgetUserTokenChecks(userId);
  return { userId, active: !input.suspended };
}

function describeSuspension(until: Date | null, reason: string): string {
  const span = until ? ` until ${until.toISOString().slice(0, 16).replace("T", " ")} UTC` : "";
  return `This account is suspended${span}${reason ? `: ${reason}` : ""}`;
}

/** Signing in: a suspended account is refused (403 saying so); a suspension whose days ran out ends here. */
export async function requireActiveAccount(userId: number): Promise<void> {
  const standing = await findAccountStanding(userId);
  if (!standing || standing.active) return;
  if (standing.suspendedUntil && standing.suspendedUntil <= new Date() && (await clearLapsedSuspension(userId))) return;
  throw new Forbidden(describeSuspension(standing.suspendedUntil, standing.suspendReason));
}

/** The user a username or one of their wallet addresses names, for `npm run admin`. */
export async function findUserByHandle(handle: string): Promise<number> {
  const trimmed = handle.trim();
  const byName = await findUserIdByUsername(trimmed);
  if (byName !== null) return byName;
  const wallet = (await findWalletByAddress(trimmed)) ?? (await findWalletByAddress(trimmed.toLowerCase()));
  if (wallet) return wallet.userId;
  throw new NotFound("user", `no user named "${trimmed}" and no wallet with that address`);
}

/** `npm run admin -- grant|revoke <username | wallet>`. */
export async function setSiteAdmin(handle: string, on: boolean): Promise<number> {
  const userId = await findUserByHandle(handle);
  await writeSuperAdmin(userId, on);
  return userId;
}
