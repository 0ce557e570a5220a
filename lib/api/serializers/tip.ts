import "server-only";
import { formatTimestamp } from "@/lib/api/time";
import type { ListedTip, TipRecord } from "@/lib/db/tips";
import type { TipToken } from "@/lib/db/tip-tokens";
import type { TipDto, ThreadTipDto } from "@/lib/schemas/tip-schemas";

/** Contract section 19's tip. */
export function serializeTip(tip: TipRecord): TipDto {
  return {
    id: tip.id,
    post_id: tip.postId,
    from_user_id: tip.fromUserId,
    to_user_id: tip.toUserId,
    chain_id: tip.chainId,
    tx_hash: tip.txHash,
    log_index: tip.logIndex,
    token: tip.token,
    symbol: tip.symbol,
    amount: tip.amount,
    created_at: formatTimestamp(tip.createdAt),
  };
}

const serializeSender = (tip: ListedTip) => ({ id: tip.user.id, username: tip.user.username, photo_url: tip.user.photoUrl });

export function serializeListedTip(tip: ListedTip) {
  return { ...serializeTip(tip), user: serializeSender(tip) };
}

/** A thread's tip_list entry. */
export function serializeThreadTip(tip: ListedTip): ThreadTipDto {
  return { user: serializeSender(tip), symbol: tip.symbol, amount: tip.amount, chain_id: tip.chainId, tx_hash: tip.txHash };
}

export function serializeTipTokens(tokens: readonly TipToken[]) {
  return tokens.map((token) => ({ ...token }));
}
