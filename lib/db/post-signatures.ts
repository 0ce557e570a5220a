import "server-only";
import { getDb } from "@/lib/db/engine/client";
import type { Tx } from "@/lib/db/engine/transaction";

// What signed posts read and write beyond the post itself (contract section 19): the wallets a
// writer may sign with, and the signed messages already accepted (used_post_signatures).

export interface SigningWallet {
  type: number;
  address: string;
  publicKey: string | null;
}

/** Every wallet of the user, oldest first. */
export async function listSigningWallets(userId: number): Promise<SigningWallet[]> {
  const db = await getDb();
  return db.wallet.findMany({ where: { userId }, orderBy: { id: "asc" }, select: { type: true, address: true, publicKey: true } });
}

/**
 * Records a signed message as used by `postId`; false when it was used before. Of two transactions
 * racing with the same digest, the second waits on the key and then finds it taken, so only one
 * write can carry a given signature.
 */
export async function claimPostSignature(tx: Tx, used: { digest: string; signature: string; postId: number }): Promise<boolean> {
  const inserted = await tx.$executeRaw`
    INSERT INTO used_post_signatures (digest, signature, post_id, used_at)
    VALUES (${used.digest}, ${used.signature}, ${used.postId}, now())
    ON CONFLICT (digest) DO NOTHING`;
  return inserted === 1;
}

/** Whether a signed message was accepted before (checked before a write; claimPostSignature decides under a race). */
export async function isPostSignatureUsed(digest: string): Promise<boolean> {
  const db = await getDb();
  return (await db.usedPostSignature.count({ where: { digest } })) > 0;
}

/** What a post's proof is built from: the post as stored, its group's name, the signer's key and the author's first wallet. */
export interface PostProofRecord {
  id: number;
  threadId: number;
  groupId: number;
  groupName: string;
  content: string;
  sign: string | null;
  /** "" when unsigned. */
  signMsg: string;
  signData: string;
  signerAddress: string | null;
  signerType: number | null;
  /** The signing wallet's RSA modulus (permaweb), when that wallet is still linked. */
  signerPublicKey: string | null;
  archiveId: string;
  /** The author's oldest wallet ("" for none): an unsigned post's archive bundle names it. */
  firstWalletAddress: string;
  createdAt: Date;
  editedAt: Date | null;
}

export async function findPostProofRecord(postId: number): Promise<PostProofRecord | null> {
  const db = await getDb();
  const row = await db.post.findUnique({
    where: { id: postId },
    select: {
      id: true,
      threadId: true,
      groupId: true,
      content: true,
      sign: true,
      signMsg: true,
      signData: true,
      signerAddress: true,
      signerType: true,
      archiveId: true,
      createdAt: true,
      editedAt: true,
      group: { select: { name: true } },
      user: { select: { wallets: { orderBy: { id: "asc" }, take: 1, select: { address: true } } } },
    },
  });
  if (!row) return null;
  const signer = row.signerAddress === null ? null : await db.wallet.findUnique({ where: { address: row.signerAddress }, select: { publicKey: true } });
  const { group, user, ...post } = row;
  return { ...post, groupName: group.name, signerPublicKey: signer?.publicKey ?? null, firstWalletAddress: user.wallets[0]?.address ?? "" };
}
