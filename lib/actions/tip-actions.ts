"use server";

import { z } from "zod";
import { defineAction } from "@/lib/actions/define-action";
import { MAX_ID } from "@/lib/schemas/params";
import { TipTokensSchema, TxHashSchema } from "@/lib/schemas/tip-schemas";
import { findTipRecipient, listTips, setTipTokens, tipPost } from "@/lib/services/tips";

// Tips on the web (contract section 19): the same use cases, and checks, as the API's. The page
// sends the transfer with the connected wallet first, then registers its hash here.

const Id = z.number().int().min(1).max(MAX_ID);

/** Registers a sent transfer as a tip; answers the tip's amount and symbol. */
export const tipPostAction = defineAction(
  { name: "tipPost", auth: "user", input: z.object({ postId: Id, chainId: Id, txHash: TxHashSchema }) },
  async ({ viewer, input }) => {
    const tip = await tipPost(viewer, input.postId, { chainId: input.chainId, txHash: input.txHash });
    return { id: tip.id, symbol: tip.symbol, amount: tip.amount };
  },
);

/** The author's wallet the Tip button sends to. */
export const loadTipRecipientAction = defineAction({ name: "loadTipRecipient", auth: "user", input: z.object({ postId: Id }) }, async ({ viewer, input }) => ({
  recipient: await findTipRecipient(viewer, input.postId),
}));

/** The tips listed under a post, newest first. */
export const listPostTipsAction = defineAction(
  { name: "listPostTips", auth: "optional", input: z.object({ postId: Id, page: z.number().int().min(1).max(1_000_000).default(1) }) },
  async ({ viewer, input }) => {
    const { tips, count } = await listTips(viewer, input.postId, input.page, 20);
    return {
      count,
      tips: tips.map((tip) => ({ id: tip.id, username: tip.user.username, symbol: tip.symbol, amount: tip.amount, txHash: tip.txHash, chainId: tip.chainId })),
    };
  },
);

/** Group settings' tip tokens section (admins). */
export const setTipTokensAction = defineAction(
  { name: "setTipTokens", auth: "user", input: z.object({ groupId: Id, tokens: TipTokensSchema }) },
  async ({ viewer, input }) => ({ tokens: await setTipTokens(viewer, input.groupId, input.tokens) }),
);
