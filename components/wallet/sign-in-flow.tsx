"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useEffect, useSyncExternalStore } from "react";
import { useConnect, useConnection, useConnectors, useDisconnect, useSignMessage } from "wagmi";
import { unwrapAction } from "@/lib/actions/action-types";
import { checkWalletAction, requestSignInMessageAction } from "@/lib/actions/wallet-actions";
import { UsernameForm } from "./username-form";
import { describeConnectError, describeSignError, NO_WALLET_MESSAGE } from "./wallet-errors";
import "./wallet.css";

export interface SignInFlowProps {
  next: string;
}

class ShownError extends Error {}

const subscribeNever = () => () => {};

/** True once hydrated: the wallet lives in the browser, so nothing can be clicked before then. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

function detectWallet(connectorIds: string[]): boolean {
  return connectorIds.some((id) => id !== "injected") || (typeof window !== "undefined" && "ethereum" in window);
}

export function SignInFlow({ next }: SignInFlowProps) {
  const router = useRouter();
  const { address, status } = useConnection();
  const connectors = useConnectors();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const signMessage = useSignMessage();

  // A wallet announced through EIP-6963 is preferred over the generic window.ethereum connector.
  const connector = connectors.find((item) => item.type === "injected" && item.id !== "injected") ?? connectors[0];

  const check = useMutation({
    mutationFn: (wallet: string) => unwrapAction(() => checkWalletAction(wallet)),
  });

  const session = useMutation({
    mutationFn: async ({ wallet, username }: { wallet: `0x${string}`; username?: string }) => {
      const { message } = await unwrapAction(() => requestSignInMessageAction(wallet));
      let signature: string;
      try {
        signature = await signMessage.mutateAsync({ message, account: wallet });
      } catch (error) {
        throw new ShownError(describeSignError(error));
      }
      const result = await signIn("wallet", { address: wallet, message, signature, username: username ?? "", redirect: false });
      if (!result || result.error) throw new ShownError(result?.error ?? "Signing in failed. Please try again.");
    },
    onSuccess: () => {
      router.replace(next);
      router.refresh();
    },
  });

  const checkWallet = check.mutate;
  useEffect(() => {
    if (status === "connected" && address) checkWallet(address);
  }, [status, address, checkWallet]);

  const registered = check.data?.registered;
  const needsUsername = registered === false;

  // Right after a fresh connect, a known wallet goes straight on to signing: one click, two wallet prompts.
  const startSession = session.mutate;
  const autoStart = connect.isSuccess && registered === true && session.isIdle && address;
  useEffect(() => {
    if (autoStart) startSession({ wallet: autoStart });
  }, [autoStart, startSession]);

  async function handleConnect() {
    if (!connector) return;
    try {
      await connect.mutateAsync({ connector });
    } catch {
      // The error is rendered from connect.error below.
    }
  }

  async function handleSwitchWallet() {
    session.reset();
    check.reset();
    await disconnect.mutateAsync({}).catch(() => undefined);
  }

  const hydrated = useHydrated();
  const walletMissing = hydrated && !detectWallet(connectors.map((item) => item.id));
  const connectError = connect.error ? describeConnectError(connect.error) : null;
  const flowError = session.error?.message ?? check.error?.message ?? null;

  if (status !== "connected" || !address) {
    return (
      <section className="form-card signin-steps" aria-labelledby="signin-connect-title">
        <h2 id="signin-connect-title">Connect your wallet</h2>
        <p className="signin-status">Your wallet will ask which account to share with Agora.</p>
        {connectError ? (
          <p className="form-error" role="alert">
            {connectError}
          </p>
        ) : walletMissing ? (
          <p className="form-error">{NO_WALLET_MESSAGE}</p>
        ) : null}
        <div className="form-actions">
          <button
            type="button"
            className="button button--primary"
            onClick={handleConnect}
            disabled={!hydrated || !connector || connect.isPending || status === "connecting" || status === "reconnecting"}
          >
            {connect.isPending || status === "connecting" ? "Waiting for your wallet…" : "Connect wallet"}
          </button>
        </div>
      </section>
    );
  }

  if (needsUsername) {
    return (
      <div className="signin-steps">
        {flowError ? (
          <p className="form-error" role="alert">
            {flowError}
          </p>
        ) : null}
        <UsernameForm
          address={address}
          pending={session.isPending}
          onSubmit={(username) => session.mutate({ wallet: address, username })}
          onCancel={handleSwitchWallet}
        />
      </div>
    );
  }

  return (
    <section className="form-card signin-steps" aria-labelledby="signin-sign-title">
      <h2 id="signin-sign-title">Sign the message</h2>
      <p className="signin-status">
        Connected as <span className="signin-address">{address}</span>
      </p>
      {flowError ? (
        <p className="form-error" role="alert">
          {flowError}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={handleSwitchWallet} disabled={session.isPending}>
          Use another wallet
        </button>
        <button
          type="button"
          className="button button--primary"
          onClick={() => (registered === undefined ? checkWallet(address) : session.mutate({ wallet: address }))}
          disabled={session.isPending || check.isPending}
        >
          {check.isPending ? "Checking your wallet…" : session.isPending ? "Waiting for your wallet…" : "Sign in"}
        </button>
      </div>
    </section>
  );
}
