import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { deletedByCode } from "@/lib/db/records/codes";
import type { Tx } from "@/lib/db/engine/transaction";

// Contract section 20, leaving: what goes when an account is deleted. The users row stays, as
// "deleted user", because posts, threads, likes, ballots, tips, reports and modlog entries still
// point at it; everything that was the person's own (sign-in, profile, saved things, what they
// follow and hear) goes. Every function runs inside the deletion's one transaction.

/** What every deleted account is shown as, wherever an author's name appears. */
export const DELETED_USER_NAME = "deleted user";

/**
 * A deleted account's username_key: it holds a control character, which no username may contain
 * (UsernameSchema), so the unique index never stands in the way of a new name.
 */
function deletedUsernameKey(userId: number): string {
  return `\u0001deleted:${userId}`;
}

export interface LockedAccount {
  username: string;
  deleted: boolean;
}

/** The account's row, locked until the deletion commits (a second deletion waits, then finds it gone). */
export async function lockAccount(tx: Tx, userId: number): Promise<LockedAccount | null> {
  const rows = await tx.$queryRaw<{ username: string; deleted_at: Date | null }[]>`
    SELECT username, deleted_at FROM users WHERE id = ${userId} FOR UPDATE`;
  const row = rows[0];
  return row ? { username: row.username, deleted: row.deleted_at !== null } : null;
}

/**
 * The person's own rows: wallets (linked ones too) and NFT avatar, tokens (every session stands on
 * one), drafts, bookmarks, follows, read marks, mutes and ignores (both ways), join requests,
 * invitations and bans, notifications and their email, email addresses, badges and titles (their counts move).
 */
export async function deletePersonalRows(tx: Tx, userId: number): Promise<void> {
  await tx.wallet.deleteMany({ where: { userId } });
  await tx.userNftAvatar.deleteMany({ where: { userId } });
  await tx.authToken.deleteMany({ where: { userId } });
  await tx.draft.deleteMany({ where: { userId } });
  await tx.bookmark.deleteMany({ where: { userId } });
  await tx.subscription.deleteMany({ where: { userId } });
  await tx.threadRead.deleteMany({ where: { userId } });
  await tx.threadMute.deleteMany({ where: { userId } });
  await tx.groupMute.deleteMany({ where: { userId } });
  await tx.userIgnore.deleteMany({ where: { OR: [{ userId }, { ignoredUserId: userId }] } });
  await tx.groupJoinRequest.deleteMany({ where: { userId } });
  await tx.groupInvite.deleteMany({ where: { userId } });
  await tx.groupBan.deleteMany({ where: { userId } });
  await tx.emailOutboxEntry.deleteMany({ where: { userId } });
  await tx.notification.deleteMany({ where: { userId } });
  await tx.emailThreadSend.deleteMany({ where: { userId } });
  await tx.emailConfirmation.deleteMany({ where: { userId } });
  await tx.userEmailState.deleteMany({ where: { userId } });
  await tx.$executeRaw`
    UPDATE badges b SET grant_count = GREATEST(b.grant_count - 1, 0)
    FROM user_badges h WHERE h.badge_id = b.id AND h.user_id = ${userId}`;
  // Titles go with their holdings (a foreign key).
  await tx.userBadge.deleteMany({ where: { userId } });
}

/**
 * Contract section 20's keep_posts 0: every post of the account reads `[]`, as a deleted post does,
 * and nothing of what it said stays: revisions, archive copies kept here, the signature over the
 * words, the rendered HTML. A post a moderator had deleted stays deleted by them.
 */
export async function emptyAccountPosts(tx: Tx, userId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM post_archives WHERE post_id IN (SELECT id FROM posts WHERE user_id = ${userId})`;
  await tx.$executeRaw`DELETE FROM post_edits WHERE post_id IN (SELECT id FROM posts WHERE user_id = ${userId})`;
  await tx.$executeRaw`
    UPDATE posts SET content = '[]', content_html = '', content_preview = NULL,
      sign = NULL, sign_msg = '', sign_data = '', signer_address = NULL, signer_type = NULL, archive_id = '', archive_cid = '',
      deleted = CASE WHEN deleted = 0 THEN ${deletedByCode("author")} ELSE deleted END,
      deleted_by_id = CASE WHEN deleted = 0 THEN ${userId} ELSE deleted_by_id END,
      deleted_at = COALESCE(deleted_at, now())
    WHERE user_id = ${userId}`;
}

/**
 * The row itself becomes "deleted user": no profile, settings, email or admin flag, and its name
 * free again (username_key and username_skeleton no longer hold it). Renaming moves the users epoch,
 * so every kept answer that shows the old name is rebuilt.
 */
export async function writeAccountDeleted(tx: Tx, userId: number): Promise<void> {
  await tx.user.update({
    where: { id: userId },
    data: {
      username: DELETED_USER_NAME,
      usernameKey: deletedUsernameKey(userId),
      usernameSkeleton: null,
      email: null,
      photoUrl: "",
      coverImage: null,
      bio: null,
      publicKey: null,
      isNft: 0,
      superAdmin: 0,
      settings: Prisma.DbNull,
      paymentCusId: "",
      widgetSecret: "",
      lastSeenAt: null,
      deletedAt: new Date(),
    },
    select: { id: true },
  });
}
