import "server-only";
import { defineEndpoint } from "@/lib/api/define-endpoint";
import { serializeListedTip, serializeTip, serializeTipTokens } from "@/lib/api/serializers/tip";
import {
  CreateTipParamsSchema,
  ListTipsParamsSchema,
  TipListResponseSchema,
  TipResponseSchema,
  TipTokensParamsSchema,
  TipTokensResponseSchema,
} from "@/lib/schemas/tip-schemas";
import { listTips, setTipTokens, tipPost } from "@/lib/services/tips";

// POST /api/v2/groups/{group_id}/tip-tokens
export const setTipTokensEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/groups/{group_id}/tip-tokens",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "user",
    tag: "Tips",
    summary: "Set the group's tip tokens (admins): a JSON array of at most 5 {chain_id, type erc20|native, contract_address, symbol, decimals}",
    params: TipTokensParamsSchema,
    response: TipTokensResponseSchema,
  },
  async ({ params, viewer }) => ({ tip_token_info: serializeTipTokens(await setTipTokens(viewer, params.group_id, params.tokens)) }),
);

// POST /api/v2/posts/{post_id}/tips
export const tipPostEndpoint = defineEndpoint(
  {
    method: "POST",
    path: "/api/v2/posts/{post_id}/tips",
    errors: ["not_found", "forbidden", "conflict"],
    family: "v2",
    auth: "user",
    tag: "Tips",
    summary: "Register a transfer already sent from the caller's wallet to the author's as a tip (verified on the chain; 409 when counted before)",
    params: CreateTipParamsSchema,
    response: TipResponseSchema,
  },
  async ({ params, viewer }) => ({ tip: serializeTip(await tipPost(viewer, params.post_id, { chainId: params.chain_id, txHash: params.tx_hash })) }),
);

// GET /api/v2/posts/{post_id}/tips
export const listTipsEndpoint = defineEndpoint(
  {
    method: "GET",
    path: "/api/v2/posts/{post_id}/tips",
    errors: ["not_found", "forbidden"],
    family: "v2",
    auth: "optional",
    tag: "Tips",
    summary: "A post's tips, newest first, with their senders and how many there are",
    params: ListTipsParamsSchema,
    response: TipListResponseSchema,
  },
  async ({ params, viewer }) => {
    const { tips, count } = await listTips(viewer, params.post_id, params.page, params.per_page);
    return { tips: tips.map(serializeListedTip), count };
  },
);
