"use client";

import { TextField } from "@/components/forms/text-field";
import type { PollTokenType } from "@/lib/views/poll-view";
import type { PollDraftErrors, PollTokenDraft } from "./poll-draft";
import { PollSelectField } from "./poll-select-field";

export interface PollTokenFieldsProps {
  token: PollTokenDraft;
  onChange: (token: PollTokenDraft) => void;
  errors: PollDraftErrors;
  /** Token eligibility is on: the minimum amount decides who may vote. */
  eligibility: boolean;
}

export const TOKEN_TYPE_LABELS: Record<PollTokenType, string> = {
  erc20: "ERC-20",
  erc721: "ERC-721 (NFT)",
  erc1155: "ERC-1155",
  native: "Native coin",
};

/** The token a poll counts: the fields of a group gate rule (contract section 14). */
export function PollTokenFields({ token, onChange, errors, eligibility }: PollTokenFieldsProps) {
  const set = (patch: Partial<PollTokenDraft>) => onChange({ ...token, ...patch });
  return (
    <fieldset className="poll-builder__token form-stack">
      <legend className="form-label">Token</legend>
      <p className="form-hint">Balances are read from every wallet of a voter, at the block the poll opens on; moving tokens later changes nothing.</p>
      <div className="form-row">
        <PollSelectField label="Token type" value={token.type} choices={TOKEN_TYPE_LABELS} onChange={(type) => set({ type })} />
        <TextField
          label="Chain id"
          inputMode="numeric"
          value={token.chainId}
          error={errors["token.chainId"]}
          onChange={(event) => set({ chainId: event.target.value })}
        />
      </div>
      {token.type !== "native" ? (
        <TextField
          label="Contract address"
          placeholder="0x…"
          spellCheck={false}
          autoComplete="off"
          value={token.contractAddress}
          error={errors["token.contractAddress"]}
          onChange={(event) => set({ contractAddress: event.target.value })}
        />
      ) : null}
      <div className="form-row">
        {token.type === "erc1155" ? (
          <TextField
            label="Token id"
            inputMode="numeric"
            value={token.tokenId}
            error={errors["token.tokenId"]}
            onChange={(event) => set({ tokenId: event.target.value })}
          />
        ) : null}
        <TextField
          label="Minimum amount (base units)"
          inputMode="numeric"
          value={token.minAmount}
          hint={eligibility ? "Voters must hold at least this much at the snapshot." : "Only used for eligibility; weighting counts any balance."}
          error={errors["token.minAmount"]}
          onChange={(event) => set({ minAmount: event.target.value })}
        />
      </div>
    </fieldset>
  );
}
