"use client";

import type { ReactNode } from "react";
import type { GateRuleView } from "@/lib/views/group-view";
import "@/components/forms/forms.css";

// One token rule's fields (contract section 14's gate rule), for the gate editor and token badges.

export const EMPTY_TOKEN_RULE: GateRuleView = { type: "erc20", chainId: 1, contractAddress: "", tokenId: "", minAmount: "1" };

/** The rule as the server takes it (GateRuleSchema). */
export function toWireRule(rule: GateRuleView) {
  return {
    type: rule.type,
    chain_id: rule.chainId,
    ...(rule.type === "native" ? {} : { contract_address: rule.contractAddress }),
    ...(rule.type === "erc1155" ? { token_id: rule.tokenId || "0" } : {}),
    min_amount: rule.minAmount,
  };
}

interface TokenRuleFieldsProps {
  legend: string;
  rule: GateRuleView;
  onChange: (patch: Partial<GateRuleView>) => void;
  /** Extra controls after the fields (the gate editor's "Remove rule"). */
  children?: ReactNode;
}

export function TokenRuleFields({ legend, rule, onChange, children }: TokenRuleFieldsProps) {
  return (
    <fieldset className="form-stack" data-testid="gate-rule">
      <legend>{legend}</legend>
      <select
        aria-label="Token type"
        className="form-select"
        value={rule.type}
        onChange={(event) => onChange({ type: event.target.value as GateRuleView["type"] })}
      >
        <option value="erc20">ERC-20</option>
        <option value="erc721">ERC-721 (NFT)</option>
        <option value="erc1155">ERC-1155</option>
        <option value="native">Native coin</option>
      </select>
      <input
        aria-label="Chain id"
        className="form-input"
        inputMode="numeric"
        value={rule.chainId}
        onChange={(event) => onChange({ chainId: Number(event.target.value) || 0 })}
      />
      {rule.type !== "native" ? (
        <input
          aria-label="Contract address"
          className="form-input"
          placeholder="0x…"
          value={rule.contractAddress}
          onChange={(event) => onChange({ contractAddress: event.target.value })}
        />
      ) : null}
      {rule.type === "erc1155" ? (
        <input aria-label="Token id" className="form-input" value={rule.tokenId} onChange={(event) => onChange({ tokenId: event.target.value })} />
      ) : null}
      <input
        aria-label="Minimum amount (base units)"
        className="form-input"
        inputMode="numeric"
        value={rule.minAmount}
        onChange={(event) => onChange({ minAmount: event.target.value })}
      />
      {children}
    </fieldset>
  );
}
