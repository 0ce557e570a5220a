import type { PollTokenView, PollView } from "@/lib/views/poll-view";
import { formatBaseUnits, shortAddress } from "@/lib/format/poll-numbers";

const TOKEN_KINDS: Record<PollTokenView["type"], string> = { erc20: "ERC-20", erc721: "ERC-721", erc1155: "ERC-1155", native: "native coin" };

function TokenName({ token }: { token: PollTokenView }) {
  if (token.type === "native") return <>the native coin of chain {token.chainId}</>;
  return (
    <>
      {TOKEN_KINDS[token.type]}{" "}
      <code title={token.contractAddress} className="poll-token__address">
        {shortAddress(token.contractAddress)}
      </code>
      {token.type === "erc1155" ? ` (token id ${token.tokenId})` : ""} on chain {token.chainId}
    </>
  );
}

/** A token poll's terms: the token, who may vote, how a vote is weighed, and the snapshot block balances are read at. */
export function PollTokenInfo({ poll }: { poll: PollView }) {
  const token = poll.token;
  if (!token) return null;
  const weight = poll.viewer?.weight ?? null;
  return (
    <dl className="poll-token" data-testid="poll-token">
      <div>
        <dt>Token</dt>
        <dd>
          <TokenName token={token} />
        </dd>
      </div>
      <div>
        <dt>Who may vote</dt>
        <dd>{poll.tokenEligibility ? `Holders of at least ${formatBaseUnits(token.minAmount)} (base units)` : "Everyone who may post here"}</dd>
      </div>
      <div>
        <dt>How votes count</dt>
        <dd>
          {poll.weightedByToken
            ? "Each vote weighs the voter's balance, all their wallets added, at the snapshot block"
            : "One vote per person, whatever they hold"}
        </dd>
      </div>
      <div>
        <dt>Snapshot block</dt>
        <dd data-testid="poll-snapshot">
          {poll.snapshotBlock === null ? "Fixed when the poll opens" : `#${formatBaseUnits(poll.snapshotBlock)}`}
          {poll.snapshotBlock === null ? null : <span className="form-hint"> · tokens moved after it change nothing</span>}
        </dd>
      </div>
      {weight !== null && poll.weightedByToken ? (
        <div>
          <dt>Your weight</dt>
          <dd>{formatBaseUnits(weight)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
