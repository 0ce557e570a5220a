import "server-only";
import { canManageGroup, canReadThread, canSeeGroup, canTip, loadGroupRole, type Actor, type SignedIn } from "@/lib/auth/permissions";
import { inTransaction } from "@/lib/db/engine/transaction";
import { lockGroupRow } from "@/lib/db/group-writes";
import { notifyPostAuthor } from "@/lib/db/notifications";
import { toPageWindow } from "@/lib/db/pagination";
import { findPostInThread } from "@/lib/db/post-writes";
import { readTipTokens, writeTipTokens, type TipToken } from "@/lib/db/tip-tokens";
import { deleteTip, findTip, insertTip, listPostTips, moveTipCounters, type ListedTip, type TipRecord } from "@/lib/db/tips";
import { listEvmWalletAddresses } from "@/lib/db/wallets";
import { getEnv } from "@/lib/env";
import { Conflict, Forbidden, Invalid, NotFound } from "@/lib/errors";
import { enqueueInTransaction } from "@/lib/jobs/queue/enqueue";
import { loadReadableRole } from "@/lib/services/group-access";
import { requireGroupFeature } from "@/lib/services/group-features";
import { isBlockStillOnChain, verifyTipTransfer } from "@/lib/services/tip-verification";

// Tips (contract section 19): the group's tip tokens, registering a transfer already made from the
// wallet as a tip, the tips of a post, and the later re-check that drops a tip whose block left the chain.

/** Sets the group's tip tokens (admins); answers them as stored. */
export async function setTipTokens(actor: SignedIn, groupId: number, tokens: readonly TipToken[]): Promise<TipToken[]> {
  return inTransaction(async (tx) => {
    await lockGroupRow(tx, groupId);
    const role = await loadGroupRole(actor, groupId, tx);
    if (!role || !canSeeGroup(role)) throw new NotFound("group");
    if (!canManageGroup(role)) throw new Forbidden("Only the group's owner or an admin can set its tip tokens");
    await writeTipTokens(tx, groupId, tokens);
    return [...tokens];
  });
}

/** A post the actor may read: NotFound otherwise (the same answer as every other read). */
async function findReadablePost(actor: Actor, postId: number) {
  const found = await findPostInThread(postId);
  if (!found) throw new NotFound("post");
  const role = await loadReadableRole(actor, found.post.groupId, "post");
  if (!canReadThread(found.thread, role)) throw new NotFound("post");
  return { ...found, role };
}

/**
 * Registers a transfer as a tip on the post: the post must be readable and not the actor's own,
 * the group's `rewards` on, and the transfer verified on the chain (tip-verification.ts). The tip,
 * its counters, the author's notification and the re-check job are written in one transaction;
 * a transfer counted before is a Conflict.
 */
export async function tipPost(actor: SignedIn, postId: number, input: { chainId: number; txHash: string }): Promise<TipRecord> {
  const { post, role } = await findReadablePost(actor, postId);
  if (post.userId === actor.id) throw new Forbidden("You cannot tip your own post");
  if (!canTip(actor, post, role)) throw new Forbidden("You are banned in this group");
  if (post.deletedBy !== null) throw new Forbidden("This post was deleted");
  await requireGroupFeature(post.groupId, "rewards");
  const tokens = (await readTipTokens(post.groupId)) ?? [];
  if (tokens.length === 0) throw new Invalid("chain_id", "the group lists no tip tokens");
  const [senders, recipients] = await Promise.all([listEvmWalletAddresses(actor.id), listEvmWalletAddresses(post.userId)]);
  const lower = (addresses: string[]) => addresses.map((address) => address.toLowerCase());
  const transfer = await verifyTipTransfer({ ...input, tokens, senders: lower(senders), recipients: lower(recipients) });
  return inTransaction(async (tx) => {
    const tip = await insertTip(tx, {
      ...transfer,
      postId,
      threadId: post.threadId,
      groupId: post.groupId,
      fromUserId: actor.id,
      toUserId: post.userId,
      chainId: input.chainId,
      txHash: input.txHash,
    });
    if (!tip) throw new Conflict("This transfer is already registered as a tip", "tx_hash");
    await moveTipCounters(tx, tip, 1);
    await notifyPostAuthor(tx, postId, actor.id, "tip");
    await enqueueInTransaction(tx, "recheck-tip", { tipId: tip.id }, { startAfterSeconds: getEnv().AGORA_TIP_RECHECK_SECONDS });
    return tip;
  });
}

/** Where the Tip button sends a transfer: the author's first EVM wallet (refused as a tip itself would be, before the wallet is asked). */
export async function findTipRecipient(actor: SignedIn, postId: number): Promise<string> {
  const { post, role } = await findReadablePost(actor, postId);
  if (post.userId === actor.id) throw new Forbidden("You cannot tip your own post");
  if (!canTip(actor, post, role)) throw new Forbidden("You are banned in this group");
  await requireGroupFeature(post.groupId, "rewards");
  const [wallet] = await listEvmWalletAddresses(post.userId);
  if (!wallet) throw new Invalid("post_id", "the author has no wallet that can receive tips");
  return wallet;
}

/** A post's tips, newest first (readable even while the group's rewards are off). */
export async function listTips(actor: Actor, postId: number, page: number, perPage: number): Promise<{ tips: ListedTip[]; count: number }> {
  await findReadablePost(actor, postId);
  return listPostTips(postId, toPageWindow(page, perPage));
}

/** The recheck-tip job: a tip whose block is no longer the chain's at its height is removed, and its counters moved back. */
export async function recheckTip(tipId: number): Promise<void> {
  const tip = await findTip(tipId);
  if (!tip) return;
  if (await isBlockStillOnChain(tip.chainId, tip.blockNumber, tip.blockHash)) return;
  await inTransaction(async (tx) => {
    const removed = await deleteTip(tx, tipId);
    if (removed) await moveTipCounters(tx, removed, -1);
  });
}
