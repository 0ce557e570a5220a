import "server-only";
import type { SignedIn } from "@/lib/auth/permissions";
import { forgetUserTokenChecks } from "@/lib/auth/token-checks";
import { deletePersonalRows, emptyAccountPosts, lockAccount, writeAccountDeleted } from "@/lib/db/account-erasure";
import { findGroupSuccessor, leaveAllGroups, lockAccountGroups, writeGroupOwner } from "@/lib/db/group-succession";
import { recordModAction } from "@/lib/db/modlog";
import { inTransaction, type Tx } from "@/lib/db/engine/transaction";
import { Invalid, Unauthenticated } from "@/lib/errors";
import { removeContentsIfUnused, retireAccountUploads } from "@/lib/services/uploads";
import { forgetUserExport } from "@/lib/services/user-exports";

// Contract section 20, leaving: POST /api/v2/users/me/delete and the settings page's "Delete my
// account". One transaction: the account's uploads (contents locked first, as an upload locks
// them), its row, its groups in id order; then what was its own goes and the row becomes "deleted
// user". Posts stay in their threads (with keep_posts 0, emptied as deleted posts); likes, poll
// ballots, tips, reports and modlog entries stay too, so every count stays what it was, and read
// as by "deleted user". Stored files go once the transaction has committed.

export interface AccountDeletion {
  /** Must equal the account's username, exactly as it is stored. */
  confirm: string;
  /** Keep the posts' words (true), or empty every post as a deleted one (false). */
  keepPosts: boolean;
}

/** Owned groups pass on (a set_role modlog entry naming the new owner), or stay without an owner. */
async function passOwnedGroups(tx: Tx, userId: number, groups: readonly { id: number; owned: boolean }[]): Promise<void> {
  for (const group of groups) {
    if (!group.owned) continue;
    const successor = await findGroupSuccessor(tx, group.id, userId);
    await writeGroupOwner(tx, group.id, successor);
    if (successor === null) continue;
    await recordModAction(tx, { groupId: group.id, moderatorId: userId, action: "set_role", targetType: "user", targetId: successor, reason: "owner" });
  }
}

export async function deleteAccount(actor: SignedIn, input: AccountDeletion): Promise<void> {
  const contents = await inTransaction(
    async (tx) => {
      const contents = await retireAccountUploads(tx, actor.id);
      const account = await lockAccount(tx, actor.id);
      // Deleted by another request meanwhile: this one's token no longer stands for anyone.
      if (!account || account.deleted) throw new Unauthenticated("This account no longer exists");
      if (input.confirm !== account.username) throw new Invalid("confirm", "must be your username, exactly as it is written");
      await passOwnedGroups(tx, actor.id, await lockAccountGroups(tx, actor.id));
      await leaveAllGroups(tx, actor.id);
      if (!input.keepPosts) await emptyAccountPosts(tx, actor.id);
      await deletePersonalRows(tx, actor.id);
      await forgetUserExport(tx, actor.id);
      await writeAccountDeleted(tx, actor.id);
      return contents;
    },
    { retryConflicts: true },
  );
  // Kept token checks go on every instance: the next request with any of its tokens is a 401.
  await forgetUserTokenChecks(actor.id);
  await removeContentsIfUnused(contents);
}
