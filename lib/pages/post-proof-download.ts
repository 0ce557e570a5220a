import "server-only";
import { NotFound } from "@/lib/errors";
import { getPostProof, toProofDocument } from "@/lib/services/post-proofs";
import { defineWebEntry } from "@/lib/web/define-web-entry";
import { textRefusals } from "@/lib/web/refusal-formats";

const POST_ID = /^[1-9][0-9]{0,8}$/;

// GET /posts/<id>/proof: the proof endpoint's data (contract section 19) for the browser session,
// without an API key, as a file `npx agora-verify` checks; the same reading rules as the API (a
// post the reader may not read is a 404). proxy.ts has spent the pages budget already.
export const servePostProof = defineWebEntry({ name: "post-proof", auth: "optional", refusals: textRefusals() }, async ({ params, viewer }) => {
  const raw = params.post_id;
  if (typeof raw !== "string" || !POST_ID.test(raw)) throw new NotFound("post");
  const id = Number(raw);
  const proof = toProofDocument(await getPostProof(viewer, id));
  return new Response(`${JSON.stringify(proof, null, 2)}\n`, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="post-${id}-proof.json"`,
      "cache-control": "no-store",
    },
  });
});
