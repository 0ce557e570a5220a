import "server-only";
import type { PostProofDto } from "@/lib/schemas/post-signature-schemas";
import { toProofDocument, type PostProof } from "@/lib/services/post-proofs";

/** GET /api/v2/posts/{post_id}/proof's data: the proof document, the same JSON the pages' "Download proof" serves. */
export function serializePostProof(proof: PostProof): PostProofDto {
  return toProofDocument(proof);
}
