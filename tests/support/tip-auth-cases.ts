import { inGroup, type WriteCase } from "./auth-matrix-target";

// Contract section 19's tip writes for the authorization matrix (tests/hardening/auth-matrix.test.ts):
// tip tokens are the admins'; a banned user may not tip (refused before any chain is read).
export const TIP_WRITES: Record<string, WriteCase> = {
  "POST /api/v2/groups/{group_id}/tip-tokens": {
    request: (t) => inGroup(t, "tip-tokens", { tokens: [{ chain_id: 1, type: "native", symbol: "ETH", decimals: 18 }] }),
    anotherUser: 403,
  },
  "POST /api/v2/posts/{post_id}/tips": {
    request: (t) => ({ path: `/api/v2/posts/${t.postId}/tips`, body: { chain_id: 31337, tx_hash: `0x${"cd".repeat(32)}` } }),
    anotherUser: 403,
  },
};
