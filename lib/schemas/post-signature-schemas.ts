import { z } from "zod";

// Contract section 19: the parameters a signed post, reply or edit carries, and its proof.

/** The wallet's signature: 0x hex (EVM) or base64url RSA-PSS (permaweb). */
export const SignParamSchema = z.string({ error: "must be a string" }).max(1024, { error: "must be at most 1024 characters" }).optional();
/** The EIP-712 typed data signed, as JSON. */
export const SignMsgParamSchema = z.string({ error: "must be a string" }).max(8192, { error: "must be at most 8192 characters" }).optional();

const Int = z.number().int();

/** GET /api/v2/posts/{post_id}/proof: everything needed to check the post's signature without Agora. */
export const PostProofSchema = z.strictObject({
  post_id: Int,
  thread_id: Int,
  /** The group's name (its handle). */
  group: z.string(),
  content: z.string(),
  /** keccak256 of the content's RFC 8785 canonical JSON, 0x hex. */
  content_hash: z.string(),
  sign: z.string().nullable(),
  sign_msg: z.string().nullable(),
  /** The signing wallet's address; null when unsigned. */
  signer: z.string().nullable(),
  wallet_type: Int.nullable(),
  /** 1: the server checked the signature again now and it holds; 0: it does not hold or the post is unsigned. */
  verified: Int,
  /** The CIDv1 of the post's archive bundle (contract section 19's archives). */
  cid: z.string(),
  archive_id: z.string(),
  /** A permaweb signer's RSA modulus (base64url), which a verifier needs; null for EVM signers and unsigned posts. */
  public_key: z.string().nullable(),
});
export type PostProofDto = z.infer<typeof PostProofSchema>;
