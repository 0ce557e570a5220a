// Words for the ways a browser wallet can fail, for people who may never have used one.
export const NO_WALLET_MESSAGE =
  "No browser wallet was found. To sign in you need a wallet extension (for example MetaMask, Rabby or Coinbase Wallet) or the built-in browser of a wallet app.";

interface WalletErrorLike {
  name?: string;
  code?: number;
  shortMessage?: string;
  message?: string;
  cause?: unknown;
}

function hasCode(error: unknown, code: number): boolean {
  let current = error as WalletErrorLike | undefined;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current.code === code) return true;
    current = current.cause as WalletErrorLike | undefined;
  }
  return false;
}

export function describeConnectError(error: unknown): string {
  const name = (error as WalletErrorLike)?.name ?? "";
  if (name === "ProviderNotFoundError") return NO_WALLET_MESSAGE;
  if (hasCode(error, 4001) || name === "UserRejectedRequestError") {
    return "The wallet request was declined. Connect again when you are ready.";
  }
  if (hasCode(error, -32002)) return "Your wallet already has a request waiting. Open the wallet to answer it.";
  return "We could not connect to your wallet. Unlock it and try again.";
}

export function describeSignError(error: unknown): string {
  if (hasCode(error, 4001) || (error as WalletErrorLike)?.name === "UserRejectedRequestError") {
    return "You declined to sign the message. Signing is free; it is how Agora knows the wallet is yours.";
  }
  return "Your wallet could not sign the message. Unlock it and try again.";
}
