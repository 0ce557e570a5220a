"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useConnect, useConnection, useConnectors, useSignMessage } from "wagmi";
import { ActionError, useActionRun } from "@/components/actions/use-action-run";
import { FormError } from "@/components/forms/form-field";
import { describeConnectError, describeSignError } from "@/components/wallet/wallet-errors";
import { unwrapAction } from "@/lib/actions/action-types";
import { linkWalletAction, requestLinkMessageAction, unlinkWalletAction } from "@/lib/actions/linked-wallet-actions";
import type { AccountView } from "@/lib/views/account-view";
import "./profile.css";

export interface WalletsSectionProps {
  wallets: AccountView["wallets"];
}

class ShownError extends Error {}

/** The account's wallets (contract section 19): link the connected wallet with a signature, unlink any but the last. */
export function WalletsSection({ wallets }: WalletsSectionProps) {
  const router = useRouter();
  const { address, status } = useConnection();
  const connectors = useConnectors();
  const connect = useConnect();
  const signMessage = useSignMessage();
  const unlink = useActionRun();
  const linked = new Set(wallets.map((wallet) => wallet.address.toLowerCase()));
  const candidate = status === "connected" && address && !linked.has(address.toLowerCase()) ? address : null;
  const connector = connectors.find((item) => item.type === "injected" && item.id !== "injected") ?? connectors[0];

  const link = useMutation({
    mutationFn: async (wallet: `0x${string}`) => {
      const { message } = await unwrapAction(() => requestLinkMessageAction(wallet));
      let signature: string;
      try {
        signature = await signMessage.mutateAsync({ message, account: wallet });
      } catch (error) {
        throw new ShownError(describeSignError(error));
      }
      return unwrapAction(() => linkWalletAction({ address: wallet, message, signature }));
    },
    onSuccess: () => router.refresh(),
  });

  async function handleConnect() {
    if (!connector) return;
    await connect.mutateAsync({ connector }).catch(() => undefined);
  }

  const error = link.error?.message ?? (connect.error ? describeConnectError(connect.error) : null);

  return (
    <section className="form-card form-stack" aria-labelledby="wallets-title">
      <h2 id="wallets-title">Wallets</h2>
      <p className="form-hint">Sign in with any of them. Token gates, token polls and NFT avatars count what all of them hold.</p>
      <ul className="wallet-list" data-testid="wallet-list">
        {wallets.map((wallet) => (
          <li key={wallet.address} className="wallet-list__item">
            <span className="wallet-list__address signin-address">{wallet.address}</span>
            <span className="muted">{wallet.kind}</span>
            <button
              type="button"
              className="button button--secondary"
              disabled={wallets.length === 1 || unlink.pending}
              title={wallets.length === 1 ? "Your only wallet stays: link another first" : undefined}
              aria-label={`Unlink ${wallet.address}`}
              onClick={() =>
                unlink.run(
                  () => unlinkWalletAction(wallet.address),
                  () => router.refresh(),
                )
              }
            >
              Unlink
            </button>
          </li>
        ))}
      </ul>
      <ActionError error={unlink.error} />
      {candidate ? (
        <div className="form-actions wallet-link">
          <p className="form-hint">
            Connected as <span className="signin-address">{candidate}</span>
          </p>
          <button type="button" className="button button--primary" disabled={link.isPending} onClick={() => link.mutate(candidate)}>
            {link.isPending ? "Waiting for your wallet…" : "Sign and link"}
          </button>
        </div>
      ) : status === "connected" ? (
        <p className="form-hint" data-testid="wallet-link-hint">
          Your wallet is connected with an account already linked here. Choose another account in your wallet to link it.
        </p>
      ) : (
        <div className="form-actions wallet-link">
          <button type="button" className="button button--secondary" disabled={!connector || connect.isPending} onClick={handleConnect}>
            {connect.isPending ? "Waiting for your wallet…" : "Link a wallet"}
          </button>
        </div>
      )}
      {error ? <FormError>{error}</FormError> : null}
    </section>
  );
}
