"use client";

import { useState, type FormEvent } from "react";
import { unwrapAction } from "@/lib/actions/action-types";
import { loadTipRecipientAction, tipPostAction } from "@/lib/actions/tip-actions";
import type { TipTokenView } from "@/lib/views/tip-view";
import { sendTip, toBaseUnits } from "./tip-sending";

// The Tip form: a token and an amount; the connected wallet sends the transfer, then the server
// verifies it on the chain. Until the transaction has its confirmations the server asks to try
// again, so the panel keeps asking every few seconds for a while.

type Stage = { kind: "idle" } | { kind: "pending"; text: string } | { kind: "confirmed"; text: string } | { kind: "failed"; text: string };

const RETRY_MS = 3000;
const MAX_TRIES = 60;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function registerWhenConfirmed(postId: number, chainId: number, txHash: string) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await unwrapAction(() => tipPostAction({ postId, chainId, txHash }));
    } catch (error) {
      if (attempt >= MAX_TRIES || !/try again/.test((error as Error).message)) throw error;
      await sleep(RETRY_MS);
    }
  }
}

export function TipPanel({ postId, tokens, onTipped }: { postId: number; tokens: readonly TipTokenView[]; onTipped: () => void }) {
  const [tokenIndex, setTokenIndex] = useState(0);
  const [amount, setAmount] = useState("");
  const [stage, setStage] = useState<Stage>({ kind: "idle" });
  const token = tokens[tokenIndex] ?? tokens[0]!;

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const units = toBaseUnits(amount, token);
      setStage({ kind: "pending", text: "Confirm the transfer in your wallet…" });
      const { recipient } = await unwrapAction(() => loadTipRecipientAction({ postId }));
      const txHash = await sendTip(token, recipient, units);
      setStage({ kind: "pending", text: "Sent. Waiting for the transaction to be confirmed…" });
      await registerWhenConfirmed(postId, token.chainId, txHash);
      setStage({ kind: "confirmed", text: `Tip confirmed: ${amount.trim()} ${token.symbol}` });
      onTipped();
    } catch (error) {
      const message = (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;
      setStage({ kind: "failed", text: `The tip was not registered: ${message}` });
    }
  }

  const busy = stage.kind === "pending";
  return (
    <form className="tip-panel" onSubmit={submit} aria-label="Tip this post">
      <label className="tip-panel__field">
        <span>Token</span>
        <select value={tokenIndex} onChange={(event) => setTokenIndex(Number(event.target.value))} disabled={busy}>
          {tokens.map((candidate, index) => (
            <option key={`${candidate.chainId}:${candidate.contractAddress}`} value={index}>
              {candidate.symbol} (chain {candidate.chainId})
            </option>
          ))}
        </select>
      </label>
      <label className="tip-panel__field">
        <span>Amount</span>
        <input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} disabled={busy} placeholder="1" required />
      </label>
      <button type="submit" className="button button--primary" disabled={busy || stage.kind === "confirmed"}>
        {busy ? "Tipping…" : "Send tip"}
      </button>
      {stage.kind === "idle" ? null : (
        <p className={`tip-panel__status tip-panel__status--${stage.kind}`} role={stage.kind === "failed" ? "alert" : "status"}>
          {stage.text}
        </p>
      )}
    </form>
  );
}
