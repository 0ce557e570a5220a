import "server-only";
import { z } from "zod";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializePostProof } from "@/lib/api/serializers/post-proof";
import { idParam } from "@/lib/schemas/params";
import { PostProofSchema } from "@/lib/schemas/post-signature-schemas";
import { getPostProof } from "@/lib/services/post-proofs";

// GET /api/v2/posts/{post_id}/proof
export const postProofEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/posts/{post_id}/proof",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Posts",
    summary: "A post's signature proof: content, its hash, the signed typed data, the signer and the archive CID (check it with npx agora-verify)",
    params: z.object({ post_id: idParam() }),
    response: PostProofSchema,
  },
  async ({ params, viewer }) => serializePostProof(await getPostProof(viewer, params.post_id)),
);
