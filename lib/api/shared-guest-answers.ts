import "server-only";
import type { SharedCodec } from "@/lib/cache/shared-tier";
import type { RenderedBody } from "@/lib/api/success-answer";

// How a guest answer travels between instances (lib/cache/shared-tier.ts, contract section 16):
// under `<prefix>:answer:*`, the etag and the item count in the head, the body as it is, so a
// shared answer is sent without parsing its JSON again.
export const sharedAnswerCodec: SharedCodec<RenderedBody> = {
  space: "answer",
  encode: (rendered) => ({ head: [rendered.etag, rendered.items], body: rendered.body }),
  decode(head, body) {
    const [etag, items] = head;
    if (head.length !== 2 || typeof etag !== "string") return null;
    return { body, etag, items: typeof items === "number" ? items : null };
  },
};
