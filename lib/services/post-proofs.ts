import "server-only";
import { canReadThread, canSeeDeletedContent, type Actor } from "@/lib/auth/permissions";
import { findPostInThread } from "@/lib/db/post-writes";
import { findPostProofRecord, type PostProofRecord } from "@/lib/db/post-signatures";
import { NotFound } from "@/lib/errors";
import { loadReadableRole } from "@/lib/services/group-access";
import { recheckStoredSignature } from "@/lib/services/post-signature";
import type { PostProofDto } from "@/lib/schemas/post-signature-schemas";

/** Contract section 19: what anyone needs to check a post's signature without Agora. */
export interface PostProof {
  postId: number;
  threadId: number;
  groupName: string;
  content: string;
  contentHash: string;
  sign: string | null;
  signMsg: string | null;
  signerAddress: string | null;
  signerType: number | null;
  /** The signature was checked again for this answer and holds (false for an unsigned post). */
  verified: boolean;
  /** The CIDv1 of the current version's archive bundle. */
  cid: string;
  archiveId: string;
  /** A permaweb signer's RSA modulus: a verifier cannot check RSA-PSS from the address alone. */
  publicKey: string | null;
}

/**
 * A post's proof, for anyone who may read the post (the same 404 as every other read otherwise);
 * a deleted post's proof only for those who may still read its words.
 */
export async function getPostProof(actor: Actor, postId: number): Promise<PostProof> {
  const found = await findPostInThread(postId);
  if (!found) throw new NotFound("post");
  const role = await loadReadableRole(actor, found.post.groupId, "post");
  if (!canReadThread(found.thread, role)) throw new NotFound("post");
  if (found.post.deletedBy !== null && !canSeeDeletedContent(actor, found.post, role)) throw new NotFound("post");
  const record = await findPostProofRecord(postId);
  if (!record) throw new NotFound("post");
  return buildPostProof(record);
}

/** A post's proof from its stored record, with no reading rule asked (the caller has asked, or exports the author's own). */
export async function buildPostProof(record: PostProofRecord): Promise<PostProof> {
  // Loaded here, not with the module: canonicalize and multiformats ship ESM only, and
  // openapi:write (tsx, CommonJS) loads this module through the endpoint declarations.
  const [{ contentHash }, { buildArchiveBundle, bundleAuthor }] = await Promise.all([
    import("@/lib/delta/content-hash"),
    import("@/lib/services/archive-bundle"),
  ]);

  const signMsg = record.sign === null || record.signMsg === "" ? null : record.signMsg;
  const signed = record.sign !== null && signMsg !== null && record.signerAddress !== null && record.signerType !== null;
  const verified = signed
    ? await recheckStoredSignature({ ...record, sign: record.sign!, signMsg: signMsg!, signerAddress: record.signerAddress!, signerType: record.signerType! })
    : false;
  const bundle = await buildArchiveBundle({
    postId: record.id,
    threadId: record.threadId,
    groupName: record.groupName,
    author: bundleAuthor(signMsg, record.firstWalletAddress),
    content: record.content,
    sign: signed ? record.sign : null,
    signMsg,
    // The current version's time: its last edit, else its creation.
    createdAt: record.editedAt ?? record.createdAt,
  });
  return {
    postId: record.id,
    threadId: record.threadId,
    groupName: record.groupName,
    content: record.content,
    contentHash: contentHash(record.content),
    sign: signed ? record.sign : null,
    signMsg: signed ? signMsg : null,
    signerAddress: signed ? record.signerAddress : null,
    signerType: signed ? record.signerType : null,
    verified,
    cid: bundle.cid,
    archiveId: record.archiveId,
    publicKey: signed && record.signerType === 3 ? record.signerPublicKey : null,
  };
}

/**
 * The proof as a document (the API's `data`, the pages' download, an export's `proof`): one file
 * format that packages/agora-verify reads, so it is defined once, here, for every way out.
 */
export function toProofDocument(proof: PostProof): PostProofDto {
  return {
    post_id: proof.postId,
    thread_id: proof.threadId,
    group: proof.groupName,
    content: proof.content,
    content_hash: proof.contentHash,
    sign: proof.sign,
    sign_msg: proof.signMsg,
    signer: proof.signerAddress,
    wallet_type: proof.signerType,
    verified: proof.verified ? 1 : 0,
    cid: proof.cid,
    archive_id: proof.archiveId,
    public_key: proof.publicKey,
  };
}
