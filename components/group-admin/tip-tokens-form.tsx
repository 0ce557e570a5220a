"use client";

import { StatusLine } from "@/components/forms/form-footer";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { NETWORK_ERROR } from "@/lib/actions/action-types";
import { setTipTokensAction } from "@/lib/actions/tip-actions";
import type { TipTokenView } from "@/lib/views/tip-view";

const EMPTY_TOKEN: TipTokenView = { chainId: 1, type: "erc20", contractAddress: "", symbol: "", decimals: 18 };
const MAX_TOKENS = 5;

/** Tip tokens (contract section 19): up to five tokens members may tip authors in; tipping needs the group's rewards feature on. */
export function TipTokensForm({ groupId, tokens: saved, tipsOn }: { groupId: number; tokens: TipTokenView[]; tipsOn: boolean }) {
  const router = useRouter();
  const [tokens, setTokens] = useState<TipTokenView[]>(saved);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [pending, startTransition] = useTransition();
  const update = (index: number, patch: Partial<TipTokenView>) => setTokens(tokens.map((token, at) => (at === index ? { ...token, ...patch } : token)));

  function save() {
    setStatus(null);
    startTransition(async () => {
      const wire = tokens.map((token) => ({
        chain_id: token.chainId,
        type: token.type,
        ...(token.type === "native" ? {} : { contract_address: token.contractAddress }),
        symbol: token.symbol,
        decimals: token.decimals,
      }));
      const result = await setTipTokensAction({ groupId, tokens: wire }).catch(() => null);
      if (!result?.ok) return setStatus({ ok: false, text: result?.error ?? NETWORK_ERROR });
      setStatus({ ok: true, text: tokens.length === 0 ? "Tipping is off: no tokens listed." : "Tip tokens saved." });
      router.refresh();
    });
  }

  return (
    <section className="form-card form-stack" aria-labelledby="tip-tokens-title">
      <h2 id="tip-tokens-title">Tip tokens</h2>
      <p>Members can tip a post’s author in these tokens, sent from their own wallet. Leave the list empty to turn tipping off.</p>
      {saved.length > 0 && !tipsOn ? <p className="form-hint">The community’s rewards feature is off, so the Tip button is hidden.</p> : null}
      {tokens.map((token, index) => (
        <fieldset key={index} className="form-stack" data-testid="tip-token">
          <legend>Token {index + 1}</legend>
          <select
            aria-label="Token type"
            value={token.type}
            onChange={(event) => update(index, { type: event.target.value === "native" ? "native" : "erc20" })}
          >
            <option value="erc20">ERC-20</option>
            <option value="native">Native coin</option>
          </select>
          <input
            aria-label="Chain id"
            inputMode="numeric"
            value={token.chainId}
            onChange={(event) => update(index, { chainId: Number(event.target.value) || 0 })}
          />
          {token.type === "erc20" ? (
            <input
              aria-label="Contract address"
              placeholder="0x…"
              value={token.contractAddress}
              onChange={(event) => update(index, { contractAddress: event.target.value })}
            />
          ) : null}
          <input aria-label="Symbol" placeholder="USDC" value={token.symbol} onChange={(event) => update(index, { symbol: event.target.value })} />
          <input
            aria-label="Decimals"
            inputMode="numeric"
            value={token.decimals}
            onChange={(event) => update(index, { decimals: Number(event.target.value) || 0 })}
          />
          <button type="button" className="button button--secondary" onClick={() => setTokens(tokens.filter((_, at) => at !== index))}>
            Remove token
          </button>
        </fieldset>
      ))}
      <div className="membership__actions">
        {tokens.length < MAX_TOKENS ? (
          <button type="button" className="button button--secondary" onClick={() => setTokens([...tokens, EMPTY_TOKEN])}>
            Add token
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={save} disabled={pending}>
          {pending ? "Saving…" : "Save tip tokens"}
        </button>
      </div>
      <StatusLine status={status} />
    </section>
  );
}
